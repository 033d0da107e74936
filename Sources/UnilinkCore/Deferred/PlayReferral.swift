import Foundation

/// Whether a click's way to Google Play through us named the click in Play's install
/// referrer. An Android install whose app read a referrer that names no click rules out
/// only the clicks that did (`DeferredMatcher`): one sent to an FDL link's `afl`, or to a
/// store page of another's making, never passed our referrer, and may still be the install's.
public enum PlayReferral {
    /// For an Android click's decision: `true` when the store URL it is sent to (the intent's
    /// fallback for Chrome) is Play's with the click id in its referrer, or when it stops at
    /// the preview (whose store button goes through the alternate host, which sends Play the
    /// click id it carries); `false` for any other store or fallback URL; `nil` for other
    /// phones and decisions.
    public static func namesClick(_ decision: ClickDecision, clickID: String, os: UserAgent.OS) -> Bool? {
        guard os == .android else { return nil }
        switch decision {
        case .redirect(let location, record: .store), .redirect(let location, record: .intent):
            return referrerNamesClick(location, clickID: clickID)
        case .previewPage, .openInBrowserHint:
            return true
        default:
            return nil
        }
    }

    /// The location (or an intent URL's `S.browser_fallback_url`) is a Play store URL whose
    /// `referrer` carries the click id.
    public static func referrerNamesClick(_ location: String, clickID: String) -> Bool {
        var url = Substring(location)
        if location.hasPrefix("intent:") {
            guard let start = location.range(of: ";S.browser_fallback_url=") else { return false }
            url = location[start.upperBound...].prefix { $0 != ";" }
            guard let decoded = url.removingPercentEncoding else { return false }
            url = Substring(decoded)
        }
        guard let components = URLComponents(string: String(url)),
            components.host?.lowercased() == "play.google.com" || components.scheme?.lowercased() == "market"
        else { return false }
        return components.queryItems?.contains { $0.name == "referrer" && ($0.value ?? "").contains(clickID) } ?? false
    }
}
