import Foundation
import UnilinkAPI

/// Opt-in pasteboard support for exact deferred matches. Never reads the pasteboard
/// silently: `mayHoldToken` (UIKit) only asks iOS whether there is text (no prompt); the
/// token itself comes from a paste control the user taps, or text the user pasted, which
/// the app passes to `checkDeferredDeepLink(pasteboardToken:)`.
public enum UnilinkPasteboard {
    /// The token in text the user pasted, if it is one of ours.
    public static func token(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix(LinkParameterKey.pasteboardPrefix) ? trimmed : nil
    }
}
