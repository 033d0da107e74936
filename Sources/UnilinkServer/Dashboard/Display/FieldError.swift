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

/// A form's messages, one optional property per field the template shows at that field.
protocol FieldErrors: Sendable {
    /// The form's field ids.
    static var fields: Set<String> { get }
    /// API names (or a message's first words) that stand for a field of another name.
    static var aliases: [String: String] { get }
    init()
    mutating func set(_ field: String, _ message: String)
}

extension FieldErrors {
    /// The refusal at the field it names; nil when it names none of the form's.
    init?(_ error: APIError) {
        guard let field = FieldError.field(of: error.message, code: error.code, in: Self.fields, aliases: Self.aliases) else { return nil }
        self.init()
        set(field, error.message)
    }
}
