import SQLKit
public import UnilinkCore

extension SQLStore {
    public func appCounts(appID: String, hours: Range<Int64>) async throws -> AppHourlyCounts {
        var counts = AppHourlyCounts()
        let (first, end) = (hours.lowerBound, hours.upperBound)
        for row in try await database.raw(Self.appClicksByHour(appID: appID, hours: hours)).all() {
            counts.clicksByHour[try row.decode(column: "hour", as: Int64.self)] = try row.decode(column: "n", as: Int.self)
        }
        counts.breakdown = try await database.raw(
            """
            SELECT platform, outcome, source, CAST(SUM(n) AS BIGINT) AS n FROM app_click_counts
            WHERE app_id = \(bind: appID) AND hour >= \(bind: first) AND hour < \(bind: end)
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
            WHERE app_id = \(bind: appID) AND hour >= \(bind: first) AND hour < \(bind: end) GROUP BY hour, type
            """
        ).all() {
            counts.eventsByHour[try row.decode(column: "hour", as: Int64.self), default: [:]][try row.decode(column: "type", as: String.self)] =
                try row.decode(column: "n", as: Int.self)
        }
        counts.clicksByLink = try await clicksByLink(appID: appID, hours: hours)
        return counts
    }

    /// An app's clicks per hour, from its own counters (what its series reads).
    static func appClicksByHour(appID: String, hours: Range<Int64>) -> SQLQueryString {
        """
        SELECT hour, CAST(SUM(n) AS BIGINT) AS n FROM app_click_counts
        WHERE app_id = \(bind: appID) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour
        """
    }

    /// Whole UTC days from each link's days, the hours at either edge from the counters:
    /// exact for any window, and bounded by two days of hourly rows.
    private func clicksByLink(appID: String, hours: Range<Int64>) async throws -> [String: Int] {
        let firstWholeDay = (hours.lowerBound + 23) / 24
        let endWholeDay = hours.upperBound / 24
        var edges: [Range<Int64>] = []
        var totals: [String: Int] = [:]
        if firstWholeDay < endWholeDay {
            for row in try await database.raw(
                """
                SELECT link_id, CAST(SUM(n) AS BIGINT) AS n FROM link_day_counts
                WHERE app_id = \(bind: appID) AND day >= \(bind: firstWholeDay) AND day < \(bind: endWholeDay) GROUP BY link_id
                """
            ).all() {
                totals[try row.decode(column: "link_id", as: String.self), default: 0] += try row.decode(column: "n", as: Int.self)
            }
            edges = [hours.lowerBound..<firstWholeDay * 24, endWholeDay * 24..<hours.upperBound]
        } else {
            edges = [hours]
        }
        for edge in edges where !edge.isEmpty {
            for row in try await database.raw(
                """
                SELECT link_id, CAST(SUM(n) AS BIGINT) AS n FROM click_counts
                WHERE app_id = \(bind: appID) AND hour >= \(bind: edge.lowerBound) AND hour < \(bind: edge.upperBound) GROUP BY link_id
                """
            ).all() {
                totals[try row.decode(column: "link_id", as: String.self), default: 0] += try row.decode(column: "n", as: Int.self)
            }
        }
        return totals.filter { $0.value > 0 }
    }
}
