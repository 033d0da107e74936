import SQLKit
public import UnilinkCore

extension SQLStore {
    /// An app's numbers over `hours`: each from the roll-up that keeps it to the buckets it
    /// covers (whole UTC days from the daily ones, the hours at either edge from the hourly).
    public func appCounts(appID: String, hours: Range<Int64>) async throws -> AppHourlyCounts {
        var counts = AppHourlyCounts()
        for row in try await database.raw(Self.appClicksByHour(appID: appID, hours: hours)).all() {
            counts.clicksByHour[try row.decode(column: "hour", as: Int64.self)] = try row.decode(column: "n", as: Int.self)
        }
        let split = Self.WholeDays(hours)
        counts.breakdown = try await breakdown("app_id = \(bind: appID)", split: split, days: "app_days", hours: "app_click_counts")
        counts.eventsByHour = try await eventsByHour("app_id = \(bind: appID)", hours: hours)
        counts.clicksByLink = try await clicksByLink(appID: appID, split: split)
        counts.automated = try await automatedCounts(appID: appID, days: hours.lowerBound / 24..<(hours.upperBound + 23) / 24)
        counts.breakdowns = try await clickBreakdowns(appID: appID, linkID: nil, days: hours.lowerBound / 24..<(hours.upperBound + 23) / 24)
        return counts
    }

    /// Clicks by platform, outcome and source of the rows `filter` keeps: whole UTC days
    /// from the daily table, the hours at either edge from the hourly one.
    func breakdown(_ filter: SQLQueryString, split: WholeDays, days dayTable: String, hours hourTable: String) async throws
        -> [AppHourlyCounts.Breakdown]
    {
        var ranges: [(table: String, column: String, range: Range<Int64>)] = split.edges.map { (hourTable, "hour", $0) }
        if let days = split.days { ranges.insert((dayTable, "day", days), at: 0) }
        var kinds: [String: AppHourlyCounts.Breakdown] = [:]
        for (table, column, range) in ranges {
            for row in try await database.raw(
                """
                SELECT platform, outcome, source, CAST(SUM(n) AS BIGINT) AS n FROM \(ident: table)
                WHERE \(filter) AND \(ident: column) >= \(bind: range.lowerBound) AND \(ident: column) < \(bind: range.upperBound)
                GROUP BY platform, outcome, source
                """
            ).all() {
                let platform = try row.decode(column: "platform", as: String.self), outcome = try row.decode(column: "outcome", as: String.self)
                let source = try row.decode(column: "source", as: String.self)
                kinds["\(platform) \(outcome) \(source)", default: .init(platform: platform, outcome: outcome, source: source, clicks: 0)].clicks +=
                    try row.decode(column: "n", as: Int.self)
            }
        }
        return kinds.values.filter { $0.clicks != 0 }.sorted { ($0.platform, $0.outcome, $0.source) < ($1.platform, $1.outcome, $1.source) }
    }

    /// Events per hour and type of the rows `filter` keeps.
    func eventsByHour(_ filter: SQLQueryString, hours: Range<Int64>) async throws -> [Int64: [String: Int]] {
        var events: [Int64: [String: Int]] = [:]
        for row in try await database.raw(
            """
            SELECT hour, type, CAST(SUM(n) AS BIGINT) AS n FROM event_counts
            WHERE \(filter) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour, type
            """
        ).all() {
            events[try row.decode(column: "hour", as: Int64.self), default: [:]][try row.decode(column: "type", as: String.self)] =
                try row.decode(column: "n", as: Int.self)
        }
        return events
    }

    /// An app's clicks per hour, from its hours (what its series reads).
    static func appClicksByHour(appID: String, hours: Range<Int64>) -> SQLQueryString {
        """
        SELECT hour, CAST(SUM(n) AS BIGINT) AS n FROM app_hours
        WHERE app_id = \(bind: appID) AND hour >= \(bind: hours.lowerBound) AND hour < \(bind: hours.upperBound) GROUP BY hour
        """
    }

    /// A window's whole UTC days, and the hours before and after them.
    struct WholeDays {
        var days: Range<Int64>?
        var edges: [Range<Int64>]

        init(_ hours: Range<Int64>) {
            let first = (hours.lowerBound + 23) / 24, end = hours.upperBound / 24
            if first < end {
                days = first..<end
                edges = [hours.lowerBound..<first * 24, end * 24..<hours.upperBound].filter { !$0.isEmpty }
            } else {
                days = nil
                edges = [hours]
            }
        }
    }

    /// Each link's clicks: whole UTC days from the links' days, the edges from their hours.
    private func clicksByLink(appID: String, split: WholeDays) async throws -> [String: Int] {
        var totals: [String: Int] = [:]
        var queries: [SQLQueryString] = []
        if let days = split.days {
            queries.append(
                """
                SELECT link_id, CAST(SUM(n) AS BIGINT) AS n FROM link_days
                WHERE app_id = \(bind: appID) AND day >= \(bind: days.lowerBound) AND day < \(bind: days.upperBound) GROUP BY link_id
                """)
        }
        for edge in split.edges {
            queries.append(
                """
                SELECT link_id, CAST(SUM(n) AS BIGINT) AS n FROM link_hours
                WHERE app_id = \(bind: appID) AND hour >= \(bind: edge.lowerBound) AND hour < \(bind: edge.upperBound) GROUP BY link_id
                """)
        }
        for query in queries {
            for row in try await database.raw(query).all() {
                totals[try row.decode(column: "link_id", as: String.self), default: 0] += try row.decode(column: "n", as: Int.self)
            }
        }
        return totals.filter { $0.value > 0 }
    }
}
