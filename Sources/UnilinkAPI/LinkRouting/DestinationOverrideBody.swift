/// What a routing rule or an A/B variant gives instead of the link's own: any of the
/// link's destinations and its preview texts. Every URL is checked against the app's
/// allow-list like the link's own.
public struct DestinationOverrideBody: Codable, Sendable, Equatable {
    public var webURL: String?
    public var desktopURL: String?
    public var iosURL: String?
    public var androidURL: String?
    public var webOnly: Bool?
    public var social: Social?

    public init(
        webURL: String? = nil, desktopURL: String? = nil, iosURL: String? = nil, androidURL: String? = nil, webOnly: Bool? = nil,
        social: Social? = nil
    ) {
        self.webURL = webURL
        self.desktopURL = desktopURL
        self.iosURL = iosURL
        self.androidURL = androidURL
        self.webOnly = webOnly
        self.social = social
    }

    enum CodingKeys: String, CodingKey {
        case social
        case webURL = "web_url"
        case desktopURL = "desktop_url"
        case iosURL = "ios_url"
        case androidURL = "android_url"
        case webOnly = "web_only"
    }
}
