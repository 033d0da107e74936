import Foundation
import UnilinkAPI

/// The text the preview page copies for the app: `unilink:<click id>`. Distinctive, so
/// the SDK's pattern detection can tell it from anything else a user copied.
public enum PasteboardToken {
    public static let prefix = LinkParameterKey.pasteboardPrefix

    public static func make(clickID: String) -> String {
        prefix + clickID
    }

    /// The click id in a pasteboard token, an Android install referrer (the bare id, or a
    /// query carrying `ul_click`), or `nil`.
    public static func clickID(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        if trimmed.hasPrefix(prefix) { return validID(String(trimmed.dropFirst(prefix.count))) }
        if let id = validID(trimmed) { return id }
        let decoded = trimmed.contains("%") ? URLText.decode(Substring(trimmed)) : trimmed
        for (name, value) in URLText.queryItems(Substring(decoded)) where name == LinkParameters.clickKey || name == "click_id" {
            if let id = validID(value) { return id }
        }
        return nil
    }

    static func validID(_ text: String) -> String? {
        ClickID.isWellFormed(Substring(text)) ? text : nil
    }
}
