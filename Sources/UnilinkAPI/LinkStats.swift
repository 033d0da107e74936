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

    public init(
        linkID: String, from: String, to: String, granularity: StatsGranularity, tz: String, clicks: Int, byPlatform: [String: Int],
        byOutcome: [String: Int], bySource: [String: Int], installs: Int, opens: Int, daily: [Day], series: [AppStats.Bucket],
        customEvents: [String: Int] = [:]
    ) {
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
    }

    enum CodingKeys: String, CodingKey {
        case linkID = "link_id", from, to, granularity, tz, clicks, byPlatform = "by_platform", byOutcome = "by_outcome"
        case bySource = "by_source", installs, opens, daily, series, customEvents = "custom_events"
    }
}
