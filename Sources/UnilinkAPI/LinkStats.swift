/// `GET /v1/links/{id}/stats`.
public struct LinkStats: Codable, Sendable, Equatable {
    public struct Day: Codable, Sendable, Equatable {
        public var date: String
        public var clicks: Int

        public init(date: String, clicks: Int) {
            self.date = date
            self.clicks = clicks
        }
    }

    public var linkID: String
    /// The window: local days of `tz`, inclusive.
    public var from: String
    public var to: String
    public var granularity: StatsGranularity
    public var tz: String
    public var clicks: Int
    /// `ios`, `android`, `desktop`, `other` -> count.
    public var byPlatform: [String: Int]
    /// `preview`, `store`, `web`, `intent`, ... -> count.
    public var byOutcome: [String: Int]
    /// The app whose web view a click came from (`instagram`, `wechat`, ...), `browser` for none.
    public var bySource: [String: Int]
    public var installs: Int
    public var opens: Int
    /// Custom events by their name -> count.
    public var customEvents: [String: Int]
    /// The local days that had clicks, whatever the granularity.
    public var daily: [Day]
    /// Every bucket of the window at its granularity, empty ones with zeros.
    public var series: [AppStats.Bucket]
    /// Clicks of mail scanners and robots (by UTC day, over the window's days): never in
    /// `clicks` or any breakdown.
    public var automated: Int
    /// `scanner`, `bot` -> count.
    public var byAutomated: [String: Int]
    /// People's clicks by the visitor's country (ISO 3166-1; `unknown` for an address the
    /// database does not place), by UTC day over the window's days; empty without a
    /// country database.
    public var byCountry: [String: Int]
    /// People's clicks by the routing rule that gave the destination (the link's and its app's), by UTC day over the window's days.
    public var byRule: [RuleClicks]

    public init(
        linkID: String, from: String, to: String, granularity: StatsGranularity, tz: String, clicks: Int, byPlatform: [String: Int],
        byOutcome: [String: Int], bySource: [String: Int], installs: Int, opens: Int, daily: [Day], series: [AppStats.Bucket],
        customEvents: [String: Int] = [:], byAutomated: [String: Int] = [:], byCountry: [String: Int] = [:], byRule: [RuleClicks] = []
    ) {
        self.byCountry = byCountry
        self.byRule = byRule
        self.linkID = linkID
        self.from = from
        self.to = to
        self.granularity = granularity
        self.tz = tz
        self.clicks = clicks
        self.byPlatform = byPlatform
        self.byOutcome = byOutcome
        self.bySource = bySource
        self.installs = installs
        self.opens = opens
        self.daily = daily
        self.series = series
        self.customEvents = customEvents
        self.byAutomated = byAutomated
        automated = byAutomated.values.reduce(0, +)
    }

    enum CodingKeys: String, CodingKey {
        case linkID = "link_id", from, to, granularity, tz, clicks, byPlatform = "by_platform", byOutcome = "by_outcome"
        case bySource = "by_source", installs, opens, daily, series, customEvents = "custom_events", automated, byAutomated = "by_automated"
        case byCountry = "by_country", byRule = "by_rule"
    }

    /// A server from before the automated figures answers without them: zero.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            linkID: try container.decode(String.self, forKey: .linkID), from: try container.decode(String.self, forKey: .from),
            to: try container.decode(String.self, forKey: .to), granularity: try container.decode(StatsGranularity.self, forKey: .granularity),
            tz: try container.decode(String.self, forKey: .tz), clicks: try container.decode(Int.self, forKey: .clicks),
            byPlatform: try container.decode([String: Int].self, forKey: .byPlatform),
            byOutcome: try container.decode([String: Int].self, forKey: .byOutcome),
            bySource: try container.decode([String: Int].self, forKey: .bySource), installs: try container.decode(Int.self, forKey: .installs),
            opens: try container.decode(Int.self, forKey: .opens), daily: try container.decode([Day].self, forKey: .daily),
            series: try container.decode([AppStats.Bucket].self, forKey: .series),
            customEvents: try container.decodeIfPresent([String: Int].self, forKey: .customEvents) ?? [:],
            byAutomated: try container.decodeIfPresent([String: Int].self, forKey: .byAutomated) ?? [:],
            byCountry: try container.decodeIfPresent([String: Int].self, forKey: .byCountry) ?? [:],
            byRule: try container.decodeIfPresent([RuleClicks].self, forKey: .byRule) ?? [])
    }
}
