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
        counts.breakdown = try await breakdown("link_id = \(bind: linkID)", split: split, days: "link_day_kinds", hours: "click_counts")
        counts.eventsByHour = try await eventsByHour("link_id = \(bind: linkID)", hours: hours)
        counts.automated = try await automatedCounts(linkID: linkID, days: hours.lowerBound / 24..<(hours.upperBound + 23) / 24)
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
