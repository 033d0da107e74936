/// One link's (or one app's) numbers over a range of days, from the stored daily counts:
/// the API's stats and the dashboard's numbers page are this one aggregation.
public struct LinkStatsReport: Sendable, Equatable {
    public var clicks = 0
    public var byPlatform: [String: Int] = [:]
    public var byOutcome: [String: Int] = [:]
    /// Clicks per day (`2026-11-23`), only the days that had any.
    public var byDay: [String: Int] = [:]
    public var installs = 0
    public var opens = 0

    public init(counts: [ClickCount], events: [String: Int]) {
        for count in counts {
            clicks += count.count
            byPlatform[count.platform, default: 0] += count.count
            byOutcome[count.outcome, default: 0] += count.count
            byDay[count.day, default: 0] += count.count
        }
        installs = events["install"] ?? 0
        opens = events["open"] ?? 0
    }

    /// The days in order, for a chart or the API's `daily`.
    public var days: [(day: String, clicks: Int)] {
        byDay.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// A table's rows, largest first, ties by name.
    public static func ranked(_ table: [String: Int]) -> [(name: String, count: Int)] {
        table.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.map { ($0.key, $0.value) }
    }
}
