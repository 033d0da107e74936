import Foundation
import SQLKit
import UnilinkCore

/// The counters kept on write: `click_counts` and `event_counts` gain in the same
/// transaction as the rows they count, so the two never disagree, and numbers read them by
/// the hour instead of counting rows.
extension SQLStore {
    /// This instance's counter rows. On PostgreSQL each instance adds to rows of its own,
    /// so a hot link's batches from several instances do not wait on one row's lock.
    var counterSlot: Int { dialect == .postgres ? slot : 0 }

    /// A single event's slot: events come one a request, from many requests at once.
    var eventSlot: Int { dialect == .postgres ? Int.random(in: 0..<Self.counterSlots) : 0 }

    static let counterSlots = 8

    /// Eight columns a row; 500 rows stay far below both databases' bind limits.
    static let countersPerInsert = 500

    /// A batch's counts, added to the counters and their two roll-ups. Rows go in one order
    /// on every instance, so two instances that drew the same slot wait for each other's
    /// rows in the same order and never deadlock.
    static func add(_ tally: ClickTally, slot: Int, on database: any SQLDatabase) async throws {
        let clicks = tally.counts.sorted {
            ($0.key.linkID, $0.key.hour, $0.key.platform, $0.key.outcome, $0.key.source) < (
                $1.key.linkID, $1.key.hour, $1.key.platform, $1.key.outcome, $1.key.source
            )
        }
        try await upsert(
            clicks.map { key, count in
                "(\(bind: key.appID), \(bind: key.linkID), \(bind: key.hour), \(bind: key.platform), \(bind: key.outcome), \(bind: key.source), \(bind: slot), \(bind: count))"
            }, into: "click_counts", columns: "app_id, link_id, hour, platform, outcome, source, slot, n",
            key: "app_id, link_id, hour, platform, outcome, source, slot", on: database)
        let apps = tally.byApp.sorted {
            ($0.key.appID, $0.key.hour, $0.key.platform, $0.key.outcome, $0.key.source) < (
                $1.key.appID, $1.key.hour, $1.key.platform, $1.key.outcome, $1.key.source
            )
        }
        try await upsert(
            apps.map { key, count in
                "(\(bind: key.appID), \(bind: key.hour), \(bind: key.platform), \(bind: key.outcome), \(bind: key.source), \(bind: slot), \(bind: count))"
            }, into: "app_click_counts", columns: "app_id, hour, platform, outcome, source, slot, n",
            key: "app_id, hour, platform, outcome, source, slot", on: database)
        let days = tally.byLinkDay.sorted {
            ($0.key.linkID, $0.key.day, $0.key.platform, $0.key.outcome) < ($1.key.linkID, $1.key.day, $1.key.platform, $1.key.outcome)
        }
        try await upsert(
            days.map { key, count in
                "(\(bind: key.appID), \(bind: key.linkID), \(bind: key.day), \(bind: key.platform), \(bind: key.outcome), \(bind: slot), \(bind: count))"
            }, into: "link_day_counts", columns: "app_id, link_id, day, platform, outcome, slot, n",
            key: "app_id, day, link_id, platform, outcome, slot", on: database)
    }

    /// Additive upserts of `rows` (each ending in slot and n), `countersPerInsert` at a time.
    private static func upsert(_ rows: [SQLQueryString], into table: String, columns: String, key: String, on database: any SQLDatabase)
        async throws
    {
        for start in stride(from: 0, to: rows.count, by: countersPerInsert) {
            let chunk = Array(rows[start..<min(start + countersPerInsert, rows.count)])
            try await database.raw(
                """
                INSERT INTO \(unsafeRaw: table) (\(unsafeRaw: columns)) VALUES \(chunk.joined(separator: ", "))
                ON CONFLICT (\(unsafeRaw: key)) DO UPDATE SET n = \(unsafeRaw: table).n + excluded.n
                """
            ).run()
        }
    }

    static func countEvent(appID: String, linkID: String?, type: String, time: Date, slot: Int, on database: any SQLDatabase) async throws {
        try await database.raw(
            """
            INSERT INTO event_counts (app_id, link_id, hour, type, slot, n)
            VALUES (\(bind: appID), \(bind: linkID ?? ""), \(bind: ClickTally.hour(millisecondsSince1970: milliseconds(time))), \(bind: type), \(bind: slot), 1)
            ON CONFLICT (app_id, link_id, hour, type, slot) DO UPDATE SET n = event_counts.n + excluded.n
            """
        ).run()
    }

    /// The hours of the UTC days `from`...`to` inclusive, as a half-open range.
    static func hours(from: String, to: String) throws -> Range<Int64> {
        guard let first = CivilDay.daysSince1970(parsing: from), let last = CivilDay.daysSince1970(parsing: to) else {
            throw StoreError.invalidInput("days must be written YYYY-MM-DD: '\(from)', '\(to)'")
        }
        return first * 24..<max(first, last + 1) * 24
    }

    /// `YYYY-MM-DD` of a day's number.
    static func day(number: Int64) -> String {
        day(Date(timeIntervalSince1970: Double(number) * 86_400))
    }
}
