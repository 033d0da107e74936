/// An app's numbers over UTC hours, as the counters give them: clicks per hour, clicks by
/// platform, outcome and source, events per hour, clicks per link.
public struct AppHourlyCounts: Sendable, Equatable {
    public struct Breakdown: Sendable, Equatable {
        public var platform: String
        public var outcome: String
        /// "" for a browser.
        public var source: String
        public var clicks: Int

        public init(platform: String, outcome: String, source: String, clicks: Int) {
            self.platform = platform
            self.outcome = outcome
            self.source = source
            self.clicks = clicks
        }
    }

    public var clicksByHour: [Int64: Int] = [:]
    public var eventsByHour: [Int64: [String: Int]] = [:]
    public var breakdown: [Breakdown] = []
    /// Link id ("" for no link) -> clicks.
    public var clicksByLink: [String: Int] = [:]
    /// Scanners' and robots' clicks by kind, over the UTC days the hours touch.
    public var automated: [String: Int] = [:]
    /// People's clicks by country and by rule, over the UTC days the hours touch.
    public var breakdowns = ClickBreakdowns()

    public init() {}
}
