/// What the server does with one click. Pure value: the HTTP layer executes it.
public enum ClickDecision: Sendable, Equatable {
    case redirect(String, record: ClickOutcome)
    /// The content preview with buttons to the app and the store
    /// (`ClickRouter.model(of:for:)` is the page).
    case previewPage(PreviewAudience)
    /// Meta tags for a link-preview crawler: not a click.
    case crawlerPage(PreviewAudience)
    /// An in-app browser that blocks app links: the preview plus an "open in browser" hint.
    case openInBrowserHint(PreviewAudience)
    /// The link expired and the app has no web page to send people to.
    case gone
    /// Straight to the app's custom scheme: only for a visitor the sender knows has the
    /// app (a signed `ul_installed` marker), where universal links did not fire.
    case scheme(String)
    /// The link cannot be followed (a compatibility link whose destination the app's
    /// allow-list refuses, or that lacks its deep link): an error page, never a redirect.
    case refused(String)
    /// Safari's Mac string, which an iPad asking for desktop sites sends too: a tiny page
    /// that goes to `desktop` (by script, or a refresh without JavaScript) unless the
    /// screen is a touch screen, then to `touch` (the link with `ul_touch`: the iOS route).
    case touchCheck(desktop: String, touch: String)

    /// How the click is counted; `nil` when it is not a click at all.
    public var outcome: ClickOutcome? {
        switch self {
        case .redirect(_, let outcome): outcome
        case .previewPage: .preview
        case .openInBrowserHint: .browserHint
        case .gone: .expired
        case .scheme: .scheme
        case .touchCheck: .web
        case .crawlerPage, .refused: nil
        }
    }
}

/// The three pages a decision can show: the same link and audience, told apart by these.
public enum PreviewForm: UInt8, Sendable, Hashable {
    /// `previewPage`: buttons to the app and the store; collects deferred-matching signals.
    case page
    /// `crawlerPage`: the same meta tags, nothing that belongs to a click.
    case crawlerCard
    /// `openInBrowserHint`: the page plus the "open in your browser" overlay.
    case browserHint
}

/// Where a click went, as link stats count it.
public enum ClickOutcome: String, Sendable, Codable, CaseIterable {
    case preview, web, store, intent, browserHint = "browser_hint", platformURL = "platform_url", expired, scheme
}

/// The platform a click came from, as link stats count it.
/// A HarmonyOS NEXT 2-in-1 (`PC`) is routed and counted as a desktop; its phones and
/// tablets are `harmony`.
public enum ClickPlatform: String, Sendable, Codable, CaseIterable {
    case ios, android, harmony, desktop, other

    public init(_ userAgent: UserAgent) {
        switch (userAgent.os, userAgent.device) {
        case (.ios, _): self = .ios
        case (.android, _): self = .android
        case (.harmony, .phone), (.harmony, .tablet): self = .harmony
        case (_, .desktop): self = .desktop
        default: self = .other
        }
    }
}
