import Foundation
import UnilinkAPI
import UnilinkCore

/// The numbers of an app or a link over a range of days: quick ranges, totals beside the
/// period before, clicks per day as a chart, the most clicked links, and clicks by
/// platform, outcome, source app and (for an app) campaign fields.
struct NumbersSection: Sendable {
    struct Count: Sendable {
        let name: String
        let count: String
    }

    struct Group: Sendable {
        let name: String
        let rows: [Count]
    }

    struct RangeOption: Sendable {
        let label: String
        let href: String
        let current: Bool
    }

    struct TopLink: Sendable {
        let name: String
        let href: String
        let count: String
    }

    /// One total and how it compares with the period before.
    struct Total: Sendable {
        let name: String
        let value: String
        let change: String
    }

    var from: String
    var to: String
    /// The zone the days are read in.
    var tz: String
    var ranges: [RangeOption]
    var csvURL: String
    /// The raw clicks behind the numbers, as a CSV file.
    var rawCSVURL: String
    var totals: [Total]
    var chart: TrustedHTML
    var topLinks: [TopLink]
    var hasTopLinks: Bool
    var platforms: [Count]
    var outcomes: [Count]
    var groups: [Group]

    init(
        from: String, to: String, tz: String, ranges: [RangeOption], csvURL: String, rawCSVURL: String, totals: [Total], chart: TrustedHTML,
        topLinks: [TopLink], platforms: [Count], outcomes: [Count], groups: [Group]
    ) {
        self.from = from
        self.to = to
        self.tz = tz
        self.ranges = ranges
        self.csvURL = csvURL
        self.rawCSVURL = rawCSVURL
        self.totals = totals
        self.chart = chart
        self.topLinks = topLinks
        hasTopLinks = !topLinks.isEmpty
        self.platforms = platforms
        self.outcomes = outcomes
        self.groups = groups
    }

    /// An app's numbers; `csv`: the address of the numbers as a CSV file, by UTC day (the
    /// daily counters' days; the raw clicks' file follows the zone).
    init(_ stats: AppStats, previous: AppStats, range: DayRange, page: String, csv: String, groups: [Group] = [], topLinks: [TopLink] = []) {
        from = range.from
        to = range.to
        tz = range.tz
        ranges = range.quickRanges(on: page)
        csvURL = "\(csv)?from=\(range.from)&to=\(range.to)"
        rawCSVURL = "/apps/\(stats.appID)/clicks.csv?\(range.query)"
        totals = Self.totals(
            [("clicks", stats.clicks, previous.clicks), ("installs", stats.installs, previous.installs), ("opens", stats.opens, previous.opens)])
        chart = TrustedHTML(text: ClickChart.svg(buckets: stats.series.map { ($0.start, $0.clicks) }, previous: previous.series.map(\.clicks)))
        self.topLinks = topLinks
        hasTopLinks = !topLinks.isEmpty
        platforms = Self.ranked(stats.byPlatform)
        outcomes = Self.ranked(stats.byOutcome)
        self.groups =
            [Group(name: "source app", rows: Self.ranked(stats.bySource))] + Self.places(stats.byCountry) + groups + Self.rules(stats.byRule)
    }

    /// A link's numbers.
    init(_ stats: LinkStats, previous: LinkStats, appID: String, range: DayRange, page: String, csv: String) {
        from = range.from
        to = range.to
        tz = range.tz
        ranges = range.quickRanges(on: page)
        csvURL = "\(csv)?from=\(range.from)&to=\(range.to)"
        rawCSVURL = "/apps/\(appID)/clicks.csv?\(range.query)&link_id=\(stats.linkID)"
        totals = Self.totals(
            [("clicks", stats.clicks, previous.clicks), ("installs", stats.installs, previous.installs), ("opens", stats.opens, previous.opens)])
        chart = TrustedHTML(text: ClickChart.svg(buckets: stats.series.map { ($0.start, $0.clicks) }, previous: previous.series.map(\.clicks)))
        topLinks = []
        hasTopLinks = false
        platforms = Self.ranked(stats.byPlatform)
        outcomes = Self.ranked(stats.byOutcome)
        groups = [Group(name: "source app", rows: Self.ranked(stats.bySource))] + Self.places(stats.byCountry) + Self.rules(stats.byRule)
    }

    /// By country, when a country database counted any: `Germany (DE)`.
    static func places(_ byCountry: [String: Int]) -> [Group] {
        guard !byCountry.isEmpty else { return [] }
        let names = Locale(identifier: "en")
        let rows = byCountry.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { code, clicks in
            let name = code == "unknown" ? "not in the database" : names.localizedString(forRegionCode: code).map { "\($0) (\(code))" } ?? code
            return Count(name: name, count: Figures.grouped(clicks))
        }
        return [Group(name: "country", rows: rows)]
    }

    /// By routing rule, in the rules' order, when the link or app has had any.
    static func rules(_ byRule: [RuleClicks]) -> [Group] {
        guard !byRule.isEmpty else { return [] }
        let rows = byRule.map { row in
            let name: String
            if let number = row.rule {
                name = "\(row.fromApp ? "app rule" : "rule") \(number)" + (row.name.map { " “\($0)”" } ?? "")
            } else {
                name = "no rule held"
            }
            return Count(name: name, count: Figures.grouped(row.clicks))
        }
        return [Group(name: "routing rule", rows: rows)]
    }

    static func totals(_ values: [(String, Int, Int)]) -> [Total] {
        values.map { name, now, before in Total(name: name, value: Figures.grouped(now), change: change(now, from: before)) }
    }

    /// "+12 % on the period before (1,100)"; a count from nothing has no percentage.
    static func change(_ now: Int, from before: Int) -> String {
        guard before > 0 else { return now == 0 ? "none in the period before either" : "none in the period before" }
        let percent = Int((Double(now - before) / Double(before) * 100).rounded())
        let sign = percent > 0 ? "+" : percent < 0 ? "−" : "±"
        return "\(sign)\(abs(percent)) % on the period before (\(Figures.grouped(before)))"
    }

    static func ranked(_ table: [String: Int]) -> [Count] {
        table.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { Count(name: $0.key, count: Figures.grouped($0.value)) }
    }
}
