import SQLKit
public import UnilinkCore

extension SQLStore {
    /// A link's numbers over `hours`. With `utcDays` (a window of whole UTC days bucketed by
    /// day or month), clicks come from the link's days, as `hour` the day's first; otherwise
    /// from its hours.
    public func linkCounts(linkID: String, hours: Range<Int64>, utcDays: Bool) async throws -> AppHourlyCounts {
        var counts = AppHourlyCounts()
        let (first, end) = (hours.lowerBound, hours.upperBound)
        if utcDays {
            for row in try await database.raw(Self.linkClicksByDay(linkID: linkID, hours: hours)).all() {
                counts.clicksByHour[try row.decode(column: "day", as: Int64.self) * 24] = try row.decode(column: "n", as: Int.self)
            }
        } else {
            for row in try await database.raw(Self.linkClicksByHour(linkID: linkID, hours: hours)).all() {
                counts.clicksByHour[try row.decode(column: "hour", as: Int64.self)] = try row.decode(column: "n", as: Int.self)
            }
        }
        counts.breakdown = try await database.raw(
            """
            SELECT platform, outcome, source, CAST(SUM(n) AS BIGINT) AS n FROM click_counts
            WHERE link_id = \(bind: linkID) AND hour >= \(bind: first) AND hour < \(bind: end)
            GROUP BY platform, outcome, source HAVING SUM(n) > 0
            """
        ).all().map { row in
            AppHourlyCounts.Breakdown(
                platform: try row.decode(column: "platform", as: String.self), outcome: try row.decode(column: "outcome", as: String.self),
                source: try row.decode(column: "source", as: String.self), clicks: try row.decode(column: "n", as: Int.self))
        }
        for row in try await database.raw(
            """
            SELECT hour, type, CAST(SUM(n) AS BIGINT) AS n FROM event_counts
            WHERE link_id = \(bind: linkID) AND hour >= \(bind: first) AND hour < \(bind: end) GROUP BY hour, type
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
        SELECT day, CAST(SUM(n) AS BIGINT) AS n FROM link_day_counts
        WHERE link_id = \(bind: linkID) AND day >= \(bind: hours.lowerBound / 24) AND day < \(bind: (hours.upperBound + 23) / 24) GROUP BY day
        """
    }

    /// A link's clicks per hour, from the counters.
    static func linkClicksByHour(linkID: String, hours: Range<Int64>) -> SQLQueryString {
        """
        SELECT hour, CAST(SUM(n) AS BIGINT) AS n FROM click_counts
        WHERE link_id = \(bind: linkID) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour
        """
    }
}
