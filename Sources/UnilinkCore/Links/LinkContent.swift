public import UnilinkAPI

/// What a link opens and how it presents itself: everything a link creator sets and
/// a long link's query may add to or override.
public struct LinkContent: Sendable, Equatable, Codable {
    public typealias MinAppVersion = UnilinkAPI.MinAppVersion
    public typealias Social = UnilinkAPI.Social
    public typealias Campaign = UnilinkAPI.Campaign

    public static let subCount = 10

    public var path: String?
    public var deepLinkValue: String?
    /// `deep_link_sub1` ... `deep_link_sub10`, by number.
    public var deepLinkSubs: [Int: String]
    public var ref: String?
    public var webURL: String?
    public var iosURL: String?
    public var androidURL: String?
    public var desktopURL: String?
    public var webOnly: Bool
    public var minAppVersion: MinAppVersion?
    public var social: Social?
    public var campaign: Campaign?
    public var data: [String: String]
    /// A Firebase Dynamic Link's own parameters (`link=...&apn=...`), for links created
    /// through the FDL-shaped API: they route as FDL did.
    public var dynamicLinkQuery: String?

    public init(
        path: String? = nil, deepLinkValue: String? = nil, deepLinkSubs: [Int: String] = [:], ref: String? = nil,
        webURL: String? = nil, iosURL: String? = nil, androidURL: String? = nil, desktopURL: String? = nil,
        webOnly: Bool = false, minAppVersion: MinAppVersion? = nil, social: Social? = nil,
        campaign: Campaign? = nil, data: [String: String] = [:]
    ) {
        self.path = path
        self.deepLinkValue = deepLinkValue
        self.deepLinkSubs = deepLinkSubs
        self.ref = ref
        self.webURL = webURL
        self.iosURL = iosURL
        self.androidURL = androidURL
        self.desktopURL = desktopURL
        self.webOnly = webOnly
        self.minAppVersion = minAppVersion
        self.social = social
        self.campaign = campaign
        self.data = data
    }

    /// A link must open something.
    public var opensSomething: Bool {
        !(path ?? "").isEmpty || !(deepLinkValue ?? "").isEmpty
    }
}
