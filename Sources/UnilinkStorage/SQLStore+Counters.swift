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

    static func add(_ tally: ClickTally, slot: Int, on database: any SQLDatabase) async throws {
        let entries = tally.counts.sorted { ($0.key.linkID, $0.key.hour) < ($1.key.linkID, $1.key.hour) }
        for start in stride(from: 0, to: entries.count, by: countersPerInsert) {
            let rows = entries[start..<min(start + countersPerInsert, entries.count)].map { key, count -> SQLQueryString in
                """
                (\(bind: key.appID), \(bind: key.linkID), \(bind: key.hour), \(bind: key.platform), \(bind: key.outcome), \(bind: key.source), \
                \(bind: slot), \(bind: count))
                """
            }
            try await database.raw(
                """
                INSERT INTO click_counts (app_id, link_id, hour, platform, outcome, source, slot, n) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, link_id, hour, platform, outcome, source, slot) DO UPDATE SET n = click_counts.n + excluded.n
                """
            ).run()
        }
        try await addRollups(tally, slot: slot, on: database)
    }

    static func addRollups(_ tally: ClickTally, slot: Int, on database: any SQLDatabase) async throws {
        let apps = Array(tally.byApp)
        for start in stride(from: 0, to: apps.count, by: countersPerInsert) {
            let rows = apps[start..<min(start + countersPerInsert, apps.count)].map { key, count -> SQLQueryString in
                """
                (\(bind: key.appID), \(bind: key.hour), \(bind: key.platform), \(bind: key.outcome), \(bind: key.source), \(bind: slot), \(bind: count))
                """
            }
            try await database.raw(
                """
                INSERT INTO app_click_counts (app_id, hour, platform, outcome, source, slot, n) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, hour, platform, outcome, source, slot) DO UPDATE SET n = app_click_counts.n + excluded.n
                """
            ).run()
        }
        let days = Array(tally.byLinkDay)
        for start in stride(from: 0, to: days.count, by: countersPerInsert) {
            let rows = days[start..<min(start + countersPerInsert, days.count)].map { key, count -> SQLQueryString in
                """
                (\(bind: key.appID), \(bind: key.linkID), \(bind: key.day), \(bind: key.platform), \(bind: key.outcome), \(bind: slot), \(bind: count))
                """
            }
            try await database.raw(
                """
                INSERT INTO link_day_counts (app_id, link_id, day, platform, outcome, slot, n) VALUES \(rows.joined(separator: ", "))
                ON CONFLICT (app_id, day, link_id, platform, outcome, slot) DO UPDATE SET n = link_day_counts.n + excluded.n
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
