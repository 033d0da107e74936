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
    var csvURL: String
    var clicks: Int
    var installs: Int
    var opens: Int
    var chart: TrustedHTML
    var platforms: [Count]
    var outcomes: [Count]
    var groups: [Group]

    init(
        from: String, to: String, csvURL: String, clicks: Int, installs: Int, opens: Int, chart: TrustedHTML,
        platforms: [Count], outcomes: [Count], groups: [Group]
    ) {
        self.from = from
        self.to = to
        self.csvURL = csvURL
        self.clicks = clicks
        self.installs = installs
        self.opens = opens
        self.chart = chart
        self.platforms = platforms
        self.outcomes = outcomes
        self.groups = groups
    }

    /// `csv`: the address of the same numbers as a CSV file.
    init(_ counts: [ClickCount], events: [String: Int], range: DayRange, csv: String, groups: [Group] = []) {
        let report = LinkStatsReport(counts: counts, events: events)
        self.init(
            from: range.from, to: range.to, csvURL: "\(csv)?from=\(range.from)&to=\(range.to)", clicks: report.clicks,
            installs: report.installs, opens: report.opens,
            chart: TrustedHTML(text: ClickChart.svg(days: ClickChart.filled(report.byDay, from: range.from, to: range.to))),
            platforms: Self.ranked(report.byPlatform), outcomes: Self.ranked(report.byOutcome), groups: groups
        )
    }

    static func ranked(_ table: [String: Int]) -> [Count] {
        LinkStatsReport.ranked(table).map { Count(name: $0.name, count: $0.count) }
    }
}
