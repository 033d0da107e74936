import UnilinkAPI
import UnilinkCore

/// The numbers of an app or a link over a range of days: totals, clicks per day as a
/// chart, and clicks by platform, outcome and (for an app) campaign fields.
struct NumbersSection: Sendable {
    struct Count: Sendable {
        let name: String
        let count: Int
    }

    struct Group: Sendable {
        let name: String
        let rows: [Count]
    }

    var from: String
    var to: String
    /// The zone the days are read in.
    var tz: String
    var csvURL: String
    /// The raw clicks behind the numbers, as a CSV file.
    var rawCSVURL: String
    var clicks: Int
    var installs: Int
    var opens: Int
    var chart: TrustedHTML
    var platforms: [Count]
    var outcomes: [Count]
    var groups: [Group]

    init(
        from: String, to: String, tz: String, csvURL: String, rawCSVURL: String, clicks: Int, installs: Int, opens: Int, chart: TrustedHTML,
        platforms: [Count], outcomes: [Count], groups: [Group]
    ) {
        self.from = from
        self.to = to
        self.tz = tz
        self.csvURL = csvURL
        self.rawCSVURL = rawCSVURL
        self.clicks = clicks
        self.installs = installs
        self.opens = opens
        self.chart = chart
        self.platforms = platforms
        self.outcomes = outcomes
        self.groups = groups
    }

    /// An app's numbers; `csv`: the address of the numbers as a CSV file, by UTC day (the
    /// daily counters' days; the raw clicks' file follows the zone).
    init(_ stats: AppStats, range: DayRange, csv: String, groups: [Group] = []) {
        self.init(
            from: range.from, to: range.to, tz: range.tz, csvURL: "\(csv)?from=\(range.from)&to=\(range.to)",
            rawCSVURL: "/apps/\(stats.appID)/clicks.csv?\(range.query)", clicks: stats.clicks, installs: stats.installs,
            opens: stats.opens, chart: TrustedHTML(text: ClickChart.svg(days: stats.series.map { ($0.start, $0.clicks) })),
            platforms: Self.ranked(stats.byPlatform), outcomes: Self.ranked(stats.byOutcome),
            groups: [Group(name: "source", rows: Self.ranked(stats.bySource))] + groups)
    }

    /// A link's numbers.
    init(_ stats: LinkStats, appID: String, range: DayRange, csv: String) {
        self.init(
            from: range.from, to: range.to, tz: range.tz, csvURL: "\(csv)?from=\(range.from)&to=\(range.to)",
            rawCSVURL: "/apps/\(appID)/clicks.csv?\(range.query)&link_id=\(stats.linkID)", clicks: stats.clicks, installs: stats.installs,
            opens: stats.opens, chart: TrustedHTML(text: ClickChart.svg(days: stats.series.map { ($0.start, $0.clicks) })),
            platforms: Self.ranked(stats.byPlatform), outcomes: Self.ranked(stats.byOutcome),
            groups: [Group(name: "source", rows: Self.ranked(stats.bySource))])
    }

    static func ranked(_ table: [String: Int]) -> [Count] {
        table.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { Count(name: $0.key, count: $0.value) }
    }
}
