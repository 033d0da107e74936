public import Foundation
import SQLKit
public import UnilinkCore

/// Clicks of one link, one day, platform and outcome, for an app's numbers.
public struct LinkClickCount: Sendable, Equatable {
    public var linkID: String?
    public var count: ClickCount
}

/// One stored click as the debugger lists it.
public struct RecentClick: Sendable, Equatable {
    public var time: Date
    public var host: String
    public var path: String
    public var platform: String
    public var outcome: String
    public var inAppBrowser: String?
}

extension SQLStore {
    /// An app's clicks per link, UTC day, platform and outcome, from the links' days.
    public func clickCounts(appID: String, from: String, to: String) async throws -> [LinkClickCount] {
        let hours = try Self.hours(from: from, to: to)
        return try await database.raw(
            """
            SELECT link_id, day, platform, outcome, CAST(SUM(n) AS BIGINT) AS n FROM link_day_kinds
            WHERE app_id = \(bind: appID) AND day >= \(bind: hours.lowerBound / 24) AND day < \(bind: hours.upperBound / 24)
            GROUP BY link_id, day, platform, outcome HAVING SUM(n) > 0 ORDER BY day, link_id, platform, outcome
            """
        ).all().map { row in
            let link = try row.decode(column: "link_id", as: String.self)
            return LinkClickCount(
                linkID: link.isEmpty ? nil : link,
                count: ClickCount(
                    day: Self.day(number: try row.decode(column: "day", as: Int64.self)),
                    platform: try row.decode(column: "platform", as: String.self),
                    outcome: try row.decode(column: "outcome", as: String.self), count: try row.decode(column: "n", as: Int.self)
                )
            )
        }
    }

    /// The newest clicks of a link, newest first.
    public func recentClicks(linkID: String, limit: Int) async throws -> [RecentClick] {
        try await database.raw(
            """
            SELECT occurred_at, host, path, platform, outcome, in_app FROM clicks WHERE link_id = \(bind: linkID)
            ORDER BY occurred_at DESC LIMIT \(bind: limit)
            """
        ).all().map { row in
            RecentClick(
                time: Self.date(try row.decode(column: "occurred_at", as: Int64.self)), host: try row.decode(column: "host", as: String.self),
                path: try row.decode(column: "path", as: String.self), platform: try row.decode(column: "platform", as: String.self),
                outcome: try row.decode(column: "outcome", as: String.self), inAppBrowser: try row.decode(column: "in_app", as: String?.self)
            )
        }
    }
}
