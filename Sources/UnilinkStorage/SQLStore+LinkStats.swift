import SQLKit
public import UnilinkCore

extension SQLStore {
    /// A link's numbers over `hours`. With `utcDays` (a window of whole UTC days bucketed by
    /// day or month), its series comes from its days, as `hour` the day's first; otherwise
    /// from its hours. Its breakdown: whole days from its days by kind, the edges from the
    /// hourly counters.
    public func linkCounts(linkID: String, hours: Range<Int64>, utcDays: Bool) async throws -> AppHourlyCounts {
        var counts = AppHourlyCounts()
        if utcDays {
            for row in try await database.raw(Self.linkClicksByDay(linkID: linkID, hours: hours)).all() {
                counts.clicksByHour[try row.decode(column: "day", as: Int64.self) * 24] = try row.decode(column: "n", as: Int.self)
            }
        } else {
            for row in try await database.raw(Self.linkClicksByHour(linkID: linkID, hours: hours)).all() {
                counts.clicksByHour[try row.decode(column: "hour", as: Int64.self)] = try row.decode(column: "n", as: Int.self)
            }
        }
        let split = WholeDays(hours)
        var queries: [SQLQueryString] = []
        if let days = split.days {
            queries.append(
                """
                SELECT platform, outcome, source, CAST(SUM(n) AS BIGINT) AS n FROM link_day_kinds
                WHERE link_id = \(bind: linkID) AND day >= \(bind: days.lowerBound) AND day < \(bind: days.upperBound) GROUP BY platform, outcome, source
                """)
        }
        for edge in split.edges {
            queries.append(
                """
                SELECT platform, outcome, source, CAST(SUM(n) AS BIGINT) AS n FROM click_counts
                WHERE link_id = \(bind: linkID) AND hour >= \(bind: edge.lowerBound) AND hour < \(bind: edge.upperBound)
                GROUP BY platform, outcome, source
                """)
        }
        var kinds: [String: AppHourlyCounts.Breakdown] = [:]
        for query in queries {
            for row in try await database.raw(query).all() {
                let platform = try row.decode(column: "platform", as: String.self), outcome = try row.decode(column: "outcome", as: String.self)
                let source = try row.decode(column: "source", as: String.self)
                kinds["\(platform) \(outcome) \(source)", default: .init(platform: platform, outcome: outcome, source: source, clicks: 0)].clicks +=
                    try row.decode(column: "n", as: Int.self)
            }
        }
        counts.breakdown = kinds.values.filter { $0.clicks != 0 }.sorted {
            ($0.platform, $0.outcome, $0.source) < ($1.platform, $1.outcome, $1.source)
        }
        for row in try await database.raw(
            """
            SELECT hour, type, CAST(SUM(n) AS BIGINT) AS n FROM event_counts
            WHERE link_id = \(bind: linkID) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour, type
            """
        ).all() {
            counts.eventsByHour[try row.decode(column: "hour", as: Int64.self), default: [:]][try row.decode(column: "type", as: String.self)] =
                try row.decode(column: "n", as: Int.self)
        }
        return counts
    }

    /// A link's clicks per UTC day of `hours` (whole days), from its days.
    static func linkClicksByDay(linkID: String, hours: Range<Int64>) -> SQLQueryString {
        """
        SELECT day, CAST(SUM(n) AS BIGINT) AS n FROM link_days
        WHERE link_id = \(bind: linkID) AND day >= \(bind: hours.lowerBound / 24) AND day < \(bind: (hours.upperBound + 23) / 24) GROUP BY day
        """
    }

    /// A link's clicks per hour, from its hours.
    static func linkClicksByHour(linkID: String, hours: Range<Int64>) -> SQLQueryString {
        """
        SELECT hour, CAST(SUM(n) AS BIGINT) AS n FROM link_hours
        WHERE link_id = \(bind: linkID) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour
        """
    }
}
