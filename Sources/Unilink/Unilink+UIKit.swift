#if canImport(UIKit) && !os(watchOS)
public import UIKit

extension Unilink {
    /// For `application(_:continue:restorationHandler:)` and `scene(_:continue:)`: returns
    /// `false` for links this app cannot show, so iOS opens them in Safari (and the
    /// server shows the web page); handles the rest.
    @discardableResult
    public func `continue`(_ userActivity: NSUserActivity) -> Bool {
        guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL, canOpen(url: url) else {
            return false
        }
        Task { await handle(url: url) }
        return true
    }

    /// For `application(_:open:options:)` and `scene(_:openURLContexts:)`: the app's
    /// custom scheme and its universal links.
    @discardableResult
    public func handleOpen(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
        guard canOpen(url: url) else { return false }
        Task { await handle(url: url) }
        return true
    }
}

/// Opt-in pasteboard support for exact deferred matches. Never reads the pasteboard
/// silently: `mayHoldToken` only asks iOS whether there is text (no prompt); the token
/// itself comes from a `UIPasteControl` or SwiftUI `PasteButton` the user taps, whose
/// text the app passes to `checkDeferredDeepLink(pasteboardToken:)`.
public enum UnilinkPasteboard {
    /// Whether the pasteboard holds text at all (iOS does not ask the user for this).
    @MainActor
    public static var mayHoldToken: Bool { UIPasteboard.general.hasStrings }

    /// The token in text the user pasted, if it is one of ours.
    public static func token(in text: String) -> String? {
        let trimmed = text.trimmingCharacters(in: .whitespacesAndNewlines)
        return trimmed.hasPrefix("unilink:") ? trimmed : nil
    }
}
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
public import SwiftUI

extension View {
    /// Hands every opened URL and universal-link activity to Unilink:
    /// `.unilink(sdk)` on the root view replaces `.onOpenURL` and `.onContinueUserActivity`.
    public func unilink(_ unilink: Unilink) -> some View {
        onOpenURL { url in
            Task { await unilink.handle(url: url) }
        }
        .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
            _ = unilink.continue(activity)
        }
    }
}
#endif
