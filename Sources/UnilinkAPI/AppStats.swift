/// `GET /v1/apps/{id}/stats`: an app's numbers over local days of a time zone.
public struct AppStats: Codable, Sendable, Equatable {
    /// One bucket of the series: its local start (`2026-11-23T14`, `2026-11-23`, `2026-11`).
    public struct Bucket: Codable, Sendable, Equatable {
        public var start: String
        public var clicks: Int
        public var installs: Int
        public var opens: Int

        public init(start: String, clicks: Int, installs: Int, opens: Int) {
            self.start = start
            self.clicks = clicks
            self.installs = installs
            self.opens = opens
        }
    }

    public struct LinkClicks: Codable, Sendable, Equatable {
        /// null for clicks on no link (a path of the app's hosts that names none).
        public var linkID: String?
        public var clicks: Int

        public init(linkID: String?, clicks: Int) {
            self.linkID = linkID
            self.clicks = clicks
        }

        enum CodingKeys: String, CodingKey {
            case linkID = "link_id", clicks
        }
    }

    public var appID: String
    public var from: String
    public var to: String
    public var granularity: StatsGranularity
    public var tz: String
    public var clicks: Int
    public var installs: Int
    public var opens: Int
    public var byPlatform: [String: Int]
    public var byOutcome: [String: Int]
    /// The app whose web view a click came from (`instagram`, `wechat`, ...), `browser` for none.
    public var bySource: [String: Int]
    /// The ten most clicked links, most first.
    public var topLinks: [LinkClicks]
    /// Custom events by their name -> count.
    public var customEvents: [String: Int]
    public var series: [Bucket]
    /// Clicks of mail scanners and robots (by UTC day): in no other figure.
    public var automated: Int
    /// `scanner`, `bot` -> count.
    public var byAutomated: [String: Int]
    /// People's clicks by the visitor's country (ISO 3166-1; `unknown` for an address the
    /// database does not place), by UTC day over the window's days; empty without a
    /// country database.
    public var byCountry: [String: Int]
    /// People's clicks by the routing rule that gave the destination (the app's default rules), by UTC day over the window's days.
    public var byRule: [RuleClicks]

    public init(
        appID: String, from: String, to: String, granularity: StatsGranularity, tz: String, clicks: Int, installs: Int, opens: Int,
        byPlatform: [String: Int], byOutcome: [String: Int], bySource: [String: Int], topLinks: [LinkClicks], series: [Bucket],
        customEvents: [String: Int] = [:], byAutomated: [String: Int] = [:], byCountry: [String: Int] = [:], byRule: [RuleClicks] = []
    ) {
        self.byCountry = byCountry
        self.byRule = byRule
        self.appID = appID
        self.from = from
        self.to = to
        self.granularity = granularity
        self.tz = tz
        self.clicks = clicks
        self.installs = installs
        self.opens = opens
        self.byPlatform = byPlatform
        self.byOutcome = byOutcome
        self.bySource = bySource
        self.topLinks = topLinks
        self.series = series
        self.customEvents = customEvents
        self.byAutomated = byAutomated
        automated = byAutomated.values.reduce(0, +)
    }

    enum CodingKeys: String, CodingKey {
        case appID = "app_id", from, to, granularity, tz, clicks, installs, opens, byPlatform = "by_platform", byOutcome = "by_outcome"
        case bySource = "by_source", topLinks = "top_links", series, customEvents = "custom_events", automated, byAutomated = "by_automated"
        case byCountry = "by_country", byRule = "by_rule"
    }

    /// A server from before the automated figures answers without them: zero.
    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: CodingKeys.self)
        self.init(
            appID: try container.decode(String.self, forKey: .appID), from: try container.decode(String.self, forKey: .from),
            to: try container.decode(String.self, forKey: .to), granularity: try container.decode(StatsGranularity.self, forKey: .granularity),
            tz: try container.decode(String.self, forKey: .tz), clicks: try container.decode(Int.self, forKey: .clicks),
            installs: try container.decode(Int.self, forKey: .installs), opens: try container.decode(Int.self, forKey: .opens),
            byPlatform: try container.decode([String: Int].self, forKey: .byPlatform),
            byOutcome: try container.decode([String: Int].self, forKey: .byOutcome),
            bySource: try container.decode([String: Int].self, forKey: .bySource),
            topLinks: try container.decode([LinkClicks].self, forKey: .topLinks), series: try container.decode([Bucket].self, forKey: .series),
            customEvents: try container.decodeIfPresent([String: Int].self, forKey: .customEvents) ?? [:],
            byAutomated: try container.decodeIfPresent([String: Int].self, forKey: .byAutomated) ?? [:],
            byCountry: try container.decodeIfPresent([String: Int].self, forKey: .byCountry) ?? [:],
            byRule: try container.decodeIfPresent([RuleClicks].self, forKey: .byRule) ?? [])
    }
}
