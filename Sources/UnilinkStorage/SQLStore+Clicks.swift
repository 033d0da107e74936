import Foundation
public import UnilinkCore
import SQLKit

extension SQLStore {
    /// One transaction per batch: the recorder's unit of work, pending clicks included.
    public func insert(clicks: [ClickRecord]) async throws {
        guard !clicks.isEmpty else { return }
        try await transaction { database in
            for click in clicks {
                if let pending = click.pending { try await Self.insert(pending: pending, on: database) }
                // One visitor's journey is one click: the next step updates where it went.
                if click.continuesClick, try await database.raw("""
                    SELECT 1 AS found FROM clicks WHERE click_id = \(bind: click.clickID) AND app_id = \(bind: click.appID)
                    """).first() != nil {
                    try await database.raw("""
                        UPDATE clicks SET outcome = \(bind: click.outcome.rawValue)
                        WHERE click_id = \(bind: click.clickID) AND app_id = \(bind: click.appID)
                        """).run()
                    continue
                }
                try await database.raw("""
                    INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app)
                    VALUES (\(bind: click.clickID), \(bind: click.appID), \(bind: click.linkID), \(bind: Self.milliseconds(click.time)),
                            \(bind: Self.day(click.time)), \(bind: click.host), \(bind: click.path), \(bind: click.platform.rawValue),
                            \(bind: click.outcome.rawValue), \(bind: click.inAppBrowser))
                    """).run()
            }
        }
    }

    /// Click counts of one link per UTC day, platform and outcome, days `from`...`to` inclusive.
    public func clickCounts(linkID: String, from: String, to: String) async throws -> [ClickCount] {
        try await database.raw("""
            SELECT day, platform, outcome, COUNT(*) AS n FROM clicks
            WHERE link_id = \(bind: linkID) AND day >= \(bind: from) AND day <= \(bind: to)
            GROUP BY day, platform, outcome ORDER BY day
            """).all().map { row in
            ClickCount(
                day: try row.decode(column: "day", as: String.self),
                platform: try row.decode(column: "platform", as: String.self),
                outcome: try row.decode(column: "outcome", as: String.self),
                count: try row.decode(column: "n", as: Int.self)
            )
        }
    }

    static func day(_ date: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let parts = calendar.dateComponents([.year, .month, .day], from: date)
        return String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
    }
}
