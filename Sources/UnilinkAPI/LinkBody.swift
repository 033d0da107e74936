/// A link as the API reads and writes it (creation, partial update and responses).
public struct LinkBody: Codable, Sendable, Equatable {
    public typealias MinAppVersion = UnilinkAPI.MinAppVersion
    public typealias Social = UnilinkAPI.Social
    public typealias Campaign = UnilinkAPI.Campaign

    public var id: String?
    public var code: String?
    public var shortURL: String?
    public var longURL: String?
    /// The short (or long) URL with a signed `ul_installed` marker, for messages to people
    /// known to have the app: where universal links do not fire, it opens the app's scheme.
    public var knownUserURL: String?
    public var path: String?
    public var deepLinkValue: String?
    /// `deep_link_sub1` ... `deep_link_sub10`, by number (1-based).
    public var deepLinkSubs: [Int: String]
    public var ref: String?
    public var alias: String?
    public var webURL: String?
    public var iosURL: String?
    public var androidURL: String?
    public var desktopURL: String?
    public var webOnly: Bool?
    public var minAppVersion: MinAppVersion?
    public var social: Social?
    public var campaign: Campaign?
    public var data: [String: String]?
    /// RFC 3339 (`2027-01-01T00:00:00Z`).
    public var expiresAt: String?
    public var matchWindowSeconds: Int?
    /// A Firebase Dynamic Link this link routes as (FDL's rules): its long URL or just its
    /// query (`link=...&apn=...`). Answered as the query.
    public var dynamicLink: String?
    /// Labels to file the link under; a PATCH with `tags` replaces them all.
    public var tags: [String]?
    /// Archived links are left out of the list unless asked for, and still work.
    public var archived: Bool?
    /// Routing rules, tried in order before the app's; the first that holds gives its
    /// destination. A PATCH with `rules` replaces them all (`[]` removes them).
    public var rules: [RoutingRuleBody]?
    /// An A/B test: 2 to 10 variants splitting the traffic no rule took, by weight. A PATCH
    /// with `variants` replaces them (`[]` ends the test).
    public var variants: [LinkVariantBody]?
    /// `live`, `expired` or `archived`; answered, never read.
    public var state: String?
    public var createdAt: String?
    public var updatedAt: String?

    public init(path: String? = nil, deepLinkValue: String? = nil, deepLinkSubs: [Int: String] = [:], alias: String? = nil) {
        self.path = path
        self.deepLinkValue = deepLinkValue
        self.deepLinkSubs = deepLinkSubs
        self.alias = alias
    }
}
