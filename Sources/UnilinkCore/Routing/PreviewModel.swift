/// Everything the preview page shows, already decided; the template only prints it.
public struct PreviewModel: Sendable, Hashable {
    public enum Language: String, Sendable, Hashable {
        case en, zh
    }

    public var appName: String
    public var title: String
    public var description: String?
    public var imageURL: String?
    /// `og:url`: the link on its primary host.
    public var canonicalURL: String
    /// The primary button: the same link on the alternate host (the tap that lets iOS and
    /// Android open the app), or the store when the app has no alternate host.
    public var openURL: String?
    public var storeURL: String?
    public var storeName: String?
    public var webURL: String?
    public var appStoreID: String?
    public var iosSchemeURL: String?
    public var androidPackage: String?
    public var androidSchemeURL: String?
    public var clickID: String
    public var platform: ClickPlatform
    public var language: Language
    /// Show the "open in your browser" overlay (WeChat, QQ, Weibo).
    public var showsBrowserHint: Bool
    /// The page reports screen, time zone and languages for deferred matching.
    public var collectsSignals: Bool
    /// Copied by the primary button when the app opted in: a deterministic deferred match.
    public var pasteboardToken: String?

    public init(
        appName: String, title: String, description: String? = nil, imageURL: String? = nil, canonicalURL: String,
        openURL: String? = nil, storeURL: String? = nil, storeName: String? = nil, webURL: String? = nil,
        appStoreID: String? = nil, iosSchemeURL: String? = nil, androidPackage: String? = nil, androidSchemeURL: String? = nil,
        clickID: String, platform: ClickPlatform, language: Language = .en, showsBrowserHint: Bool = false,
        collectsSignals: Bool = false, pasteboardToken: String? = nil
    ) {
        self.appName = appName
        self.title = title
        self.description = description
        self.imageURL = imageURL
        self.canonicalURL = canonicalURL
        self.openURL = openURL
        self.storeURL = storeURL
        self.storeName = storeName
        self.webURL = webURL
        self.appStoreID = appStoreID
        self.iosSchemeURL = iosSchemeURL
        self.androidPackage = androidPackage
        self.androidSchemeURL = androidSchemeURL
        self.clickID = clickID
        self.platform = platform
        self.language = language
        self.showsBrowserHint = showsBrowserHint
        self.collectsSignals = collectsSignals
        self.pasteboardToken = pasteboardToken
    }
}
