import Foundation
import SQLKit
import UnilinkCore

/// On PostgreSQL raw clicks live in a partition per UTC month (`clicks_2026_11`, schema 12)
/// and a default one for any click outside them: retention drops a month whole instead of
/// deleting its rows one by one, and the months ahead are made before clicks need them.
extension SQLStore {
    /// A month's partition: its name and its first and last-plus-one millisecond.
    struct ClickPartition: Equatable {
        var name: String
        var start: Int64
        var end: Int64

        /// The month `offset` months after the one `time` falls in (UTC).
        init(containing time: Date, offset: Int = 0) {
            let civil = CivilDay(daysSince1970: Int64((time.timeIntervalSince1970 / 86_400).rounded(.down)))
            let index = civil.year * 12 + (civil.month - 1) + Int64(offset)
            self.init(year: index / 12, month: index % 12 + 1)
        }

        init(year: Int64, month: Int64) {
            func first(_ year: Int64, _ month: Int64) -> Int64 {
                let text = String(format: "%04d-%02d-01", Int(year), Int(month))
                return (CivilDay.daysSince1970(parsing: text) ?? 0) * 86_400_000
            }
            name = String(format: "clicks_%04d_%02d", Int(year), Int(month))
            start = first(year, month)
            end = month == 12 ? first(year + 1, 1) : first(year, month + 1)
        }

        /// `clicks_2026_11` -> November 2026; nil for any other table (the default partition).
        init?(name: String) {
            let parts = name.split(separator: "_")
            guard parts.count == 3, parts[0] == "clicks", parts[1].count == 4, parts[2].count == 2, let year = Int64(parts[1]),
                let month = Int64(parts[2]), (1...12).contains(month)
            else { return nil }
            self.init(year: year, month: month)
        }
    }

    /// The month partitions clicks has now.
    static func clickPartitions(on database: any SQLDatabase) async throws -> [ClickPartition] {
        try await database.raw(
            """
            SELECT c.relname AS name FROM pg_inherits i JOIN pg_class c ON c.oid = i.inhrelid
            WHERE i.inhparent = 'clicks'::regclass ORDER BY c.relname
            """
        ).all().compactMap { ClickPartition(name: try $0.decode(column: "name", as: String.self)) }
    }

    /// How long a partition change waits for the table: click batches and exports wait
    /// behind it meanwhile, and the next hour tries again.
    static let partitionLockTimeout = "5s"

    /// This month's partition and the next two, where missing. Clicks the default partition
    /// took in a month's range (a clock that jumped, a server down for months) move into
    /// the month as it is made: PostgreSQL refuses a partition whose rows the default holds.
    static func prepareClickPartitions(now: Date, store: SQLStore) async throws {
        let existing = Set(try await clickPartitions(on: store.database).map(\.name))
        for offset in 0...2 {
            let month = ClickPartition(containing: now, offset: offset)
            guard !existing.contains(month.name) else { continue }
            try await store.transaction { database in
                try await database.raw("SET LOCAL lock_timeout = '\(unsafeRaw: partitionLockTimeout)'").run()
                let range: SQLQueryString = "occurred_at >= \(unsafeRaw: String(month.start)) AND occurred_at < \(unsafeRaw: String(month.end))"
                try await database.raw("CREATE TABLE \(ident: month.name) (LIKE clicks INCLUDING DEFAULTS)").run()
                try await database.raw("INSERT INTO \(ident: month.name) SELECT * FROM clicks_other WHERE \(range)").run()
                try await database.raw("DELETE FROM clicks_other WHERE \(range)").run()
                try await database.raw(
                    """
                    ALTER TABLE clicks ATTACH PARTITION \(ident: month.name)
                    FOR VALUES FROM (\(unsafeRaw: String(month.start))) TO (\(unsafeRaw: String(month.end)))
                    """
                ).run()
            }
        }
    }

    /// Drops the months that end at or before `cutoff` (milliseconds), each in a
    /// transaction of its own; the clicks they held.
    static func dropClickPartitions(endingBy cutoff: Int64, store: SQLStore) async throws -> Int {
        var dropped = 0
        for month in try await clickPartitions(on: store.database) where month.end <= cutoff {
            dropped += try await store.transaction { database in
                try await database.raw("SET LOCAL lock_timeout = '\(unsafeRaw: partitionLockTimeout)'").run()
                let count =
                    try await database.raw("SELECT COUNT(*) AS n FROM \(ident: month.name)").first()?.decode(column: "n", as: Int.self) ?? 0
                try await database.raw("DROP TABLE \(ident: month.name)").run()
                return count
            }
        }
        return dropped
    }
}
