/// One condition of a routing rule: exactly one of its fields is set. `negate` turns it
/// round (every country but these).
public struct RuleConditionBody: Codable, Sendable, Equatable {
    /// ISO 3166-1 alpha-2 codes (`DE`), from the operator's MaxMind-format database.
    public var country: [String]?
    /// ISO 3166-2 codes (`US-CA`), where the database has them.
    public var region: [String]?
    /// Language tags (`de`, `pt-BR`) the visitor's most preferred `Accept-Language` must be:
    /// a tag without a region takes every region of its language.
    public var language: [String]?
    /// `ios`, `android`, `desktop`, `other`.
    public var platform: [String]?
    /// `phone`, `tablet`, `desktop`.
    public var device: [String]?
    /// In-app browsers by name (`instagram`, `facebook`, ...), or `any`.
    public var inAppBrowser: [String]?
    public var time: TimeWindowBody?
    public var query: QueryConditionBody?
    public var campaign: CampaignConditionBody?
    public var negate: Bool?

    public init() {}

    enum CodingKeys: String, CodingKey {
        case country, region, language, platform, device, time, query, campaign, negate
        case inAppBrowser = "in_app_browser"
    }
}

/// Local time in a time zone: between `from` and `until` (local date-times,
/// `2026-11-27T00:00`), on some weekdays (`mon` ... `sun`), between some hours (`09:00`
/// to `18:00`). Each part is optional; those given must all hold.
public struct TimeWindowBody: Codable, Sendable, Equatable {
    public var zone: String
    public var from: String?
    public var until: String?
    public var days: [String]?
    public var hours: [String]?

    public init(zone: String, from: String? = nil, until: String? = nil, days: [String]? = nil, hours: [String]? = nil) {
        self.zone = zone
        self.from = from
        self.until = until
        self.days = days
        self.hours = hours
    }
}

/// The click's query has the parameter (and, with `equals`, that value).
public struct QueryConditionBody: Codable, Sendable, Equatable {
    public var name: String
    public var equals: String?

    public init(name: String, equals: String? = nil) {
        self.name = name
        self.equals = equals
    }
}

/// The link's own campaign field (`channel`, `campaign`, `feature`, `source`, `medium`) is
/// one of these values.
public struct CampaignConditionBody: Codable, Sendable, Equatable {
    public var field: String
    public var values: [String]

    public init(field: String, values: [String]) {
        self.field = field
        self.values = values
    }
}
