import Foundation

/// Which form field an API refusal is about: the API names its field first in quotes
/// (`'web_url': ...`, `'ios.team_id' must be ...`); the form's field ids spell the same
/// names with `_` for `.` (`ios_team_id`), and a few fields stand for several API names.
enum FieldError {
    /// The form field id the refusal names, or nil when it names none the form has.
    static func field(of message: String, code: String, in fields: Set<String>, aliases: [String: String]) -> String? {
        if code.hasPrefix("alias_") || code == "invalid_alias", fields.contains("alias") { return "alias" }
        var rest = Substring(message)
        while let open = rest.firstIndex(of: "'") {
            let after = rest[rest.index(after: open)...]
            guard let close = after.firstIndex(of: "'") else { break }
            let name = String(after[..<close])
            if let field = aliases[name] ?? aliases.first(where: { name.hasPrefix($0.key) })?.value, fields.contains(field) { return field }
            let spelled = name.replacingOccurrences(of: ".", with: "_")
            if fields.contains(spelled) { return spelled }
            rest = after[after.index(after: close)...]
        }
        for (start, field) in aliases where message.hasPrefix(start) && fields.contains(field) { return field }
        return nil
    }
}
