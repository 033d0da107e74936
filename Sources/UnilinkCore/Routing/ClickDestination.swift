/// One URL a click sends the visitor to, as the browser receives it, and why that URL:
/// a redirect's `Location`, a preview page button's `href`, what the next step redirects
/// to. The link debugger's rows (`ClickRouter.route`); the click path never makes one.
public struct ClickDestination: Sendable, Equatable {
    /// How the visitor gets there.
    public enum Step: String, Sendable, CaseIterable {
        case redirect
        /// The preview page's primary button (`#open`).
        case openButton = "open-button"
        /// The preview page's store button (`#store`).
        case storeButton = "store-button"
        /// The preview page's web link (`#web`).
        case webButton = "web-button"
        /// The open button's request on the alternate host, when the app did not open.
        case alternateRedirect = "alternate-redirect"
        /// Where Chrome goes when the intent finds no app.
        case intentFallback = "intent-fallback"
        /// A meta tag of the page (Facebook App Links, `og:url`).
        case metaTag = "meta-tag"
        /// The app opens this URL itself (universal link / App Link): no request.
        case appOpens = "app-opens"
        /// The touch check's way for a touch screen (`ClickDecision.touchCheck`).
        case touchScreen = "touch-screen"
    }

    /// What the URL is.
    public enum Kind: String, Sendable, CaseIterable {
        case appStore = "app-store"
        case playStore = "play-store"
        case appGallery = "app-gallery"
        case intent
        case alternateHost = "alternate-host"
        case scheme
        case web
        /// The link's own `ios_url` / `android_url`.
        case platformURL = "platform-url"
        /// FDL's fallbacks and deep link.
        case iosFallback = "ifl"
        case iPadFallback = "ipfl"
        case androidFallback = "afl"
        case desktopFallback = "ofl"
        case deepLink = "fdl-link"
        /// The link itself on one of the app's hosts.
        case link
    }

    public var step: Step
    /// What a person sees: the button's words, "302 redirect", the tag's name.
    public var label: String
    public var kind: Kind
    public var url: String
    /// Which field or default chose this URL.
    public var why: String

    public init(step: Step, label: String, kind: Kind, url: String, why: String) {
        self.step = step
        self.label = label
        self.kind = kind
        self.url = url
        self.why = why
    }
}
