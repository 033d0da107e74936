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

    /// A counter table: its name, the key columns a roll-up keeps (`hour` is `day` in the
    /// daily ones), and the roll-up of a batch's counts it adds.
    struct CounterTable: Sendable {
        let name: String
        let rollup: ClickTally.Rollup?
        let columns: [String]

        static let all: [CounterTable] = [
            CounterTable(name: "click_counts", rollup: nil, columns: ["app_id", "link_id", "hour", "platform", "outcome", "source"]),
            CounterTable(name: "app_click_counts", rollup: .appHourKinds, columns: ["app_id", "hour", "platform", "outcome", "source"]),
            CounterTable(name: "app_hours", rollup: .appHours, columns: ["app_id", "hour"]),
            CounterTable(name: "app_days", rollup: .appDayKinds, columns: ["app_id", "day", "platform", "outcome", "source"]),
            CounterTable(name: "link_hours", rollup: .linkHours, columns: ["app_id", "link_id", "hour"]),
            CounterTable(name: "link_days", rollup: .linkDays, columns: ["app_id", "link_id", "day"]),
            CounterTable(name: "link_day_kinds", rollup: .linkDayKinds, columns: ["app_id", "link_id", "day", "platform", "outcome", "source"]),
        ]

        /// A key's values in `columns`' order.
        func row(_ key: ClickTally.Key, slot: Int, count: Int64) -> SQLQueryString {
            var values: [SQLQueryString] = []
            for column in columns {
                switch column {
                case "app_id": values.append("\(bind: key.appID)")
                case "link_id": values.append("\(bind: key.linkID)")
                case "hour", "day": values.append("\(bind: key.hour)")
                case "platform": values.append("\(bind: key.platform)")
                case "outcome": values.append("\(bind: key.outcome)")
                default: values.append("\(bind: key.source)")
                }
            }
            return "(\(values.joined(separator: ", ")), \(bind: slot), \(bind: count))"
        }
    }

    /// A batch's counts, added to the hourly counters and each roll-up. Rows go in one order
    /// on every instance, so two instances that drew the same slot wait for each other's
    /// rows in the same order and never deadlock.
    static func add(_ tally: ClickTally, slot: Int, on database: any SQLDatabase) async throws {
        for table in CounterTable.all {
            let counts = table.rollup.map { tally.rolled($0) } ?? tally.counts
            let ordered = counts.sorted {
                ($0.key.linkID, $0.key.hour, $0.key.platform, $0.key.outcome, $0.key.source, $0.key.appID) < (
                    $1.key.linkID, $1.key.hour, $1.key.platform, $1.key.outcome, $1.key.source, $1.key.appID
                )
            }
            let key = table.columns.joined(separator: ", ")
            try await upsert(
                ordered.map { table.row($0.key, slot: slot, count: $0.value) }, into: table.name, columns: key + ", slot, n", key: key + ", slot",
                on: database)
        }
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

    /// `by`: 1, or -1 where a count moves to another link (a slot's row may then go below
    /// zero; the counts are read as sums over slots).
    static func countEvent(
        appID: String, linkID: String?, type: String, time: Date, slot: Int, by amount: Int64 = 1, on database: any SQLDatabase
    ) async throws {
        try await database.raw(counting(appID: appID, linkID: linkID, type: type, time: time, slot: slot, by: amount)).run()
    }

    static func counting(appID: String, linkID: String?, type: String, time: Date, slot: Int, by amount: Int64 = 1) -> SQLQueryString {
        """
        INSERT INTO event_counts (app_id, link_id, hour, type, slot, n)
        VALUES (\(bind: appID), \(bind: linkID ?? ""), \(bind: ClickTally.hour(millisecondsSince1970: milliseconds(time))), \(bind: type), \(bind: slot), \(bind: amount))
        ON CONFLICT (app_id, link_id, hour, type, slot) DO UPDATE SET n = event_counts.n + excluded.n
        """
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
