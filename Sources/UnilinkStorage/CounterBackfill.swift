import SQLKit

/// Counts the history a database held before it had counters: raw clicks one stretch of
/// time at a time, each stretch in its own transaction together with the cursor that says
/// how far it got, so a killed upgrade resumes where it stopped and never counts a click
/// twice. The first stretch also counts what retention had rolled up (`click_days`) and the
/// events still kept. Runs at the end of the migrations, before any instance serves.
enum CounterBackfill {
    /// How far the counting got: milliseconds of click time, from the first click stored.
    struct Progress: Sendable, Equatable {
        var first: Int64
        var next: Int64
        var end: Int64

        /// 0...1 of the stored clicks' time span.
        var fraction: Double { end > first ? Double(min(max(next - first, 0), end - first)) / Double(end - first) : 1 }
    }

    /// A day of clicks a transaction: a few hundred thousand rows at most for a busy app,
    /// a short lock, and progress that moves.
    static let stretch: Int64 = 86_400_000

    /// Whether a backfill is still to do (`serve --no-migrate` refuses to start meanwhile).
    static func pending(on database: any SQLDatabase) async throws -> Bool {
        try await database.raw("SELECT COUNT(*) AS n FROM counter_backfill").first()?.decode(column: "n", as: Int.self) ?? 0 > 0
    }

    /// Counts stretches until the history is counted, or `limit` stretches (tests stop
    /// there, as a kill would). Returns whether it finished.
    @discardableResult
    static func run(
        on session: any SQLDatabase, dialect: SQLStore.Dialect, limit: Int? = nil, progress: (@Sendable (Progress) -> Void)? = nil
    ) async throws -> Bool {
        var done = 0
        while limit.map({ done < $0 }) ?? true {
            guard let row = try await session.raw("SELECT first_at, next_at, end_at, started FROM counter_backfill WHERE id = 1").first()
            else { return true }
            let first = try row.decode(column: "first_at", as: Int64.self), end = try row.decode(column: "end_at", as: Int64.self)
            let started = try row.decode(column: "started", as: Int.self) != 0
            // Skip the time no click was stored in.
            let next =
                try await session.raw(
                    "SELECT MIN(occurred_at) AS t FROM clicks WHERE occurred_at >= \(bind: try row.decode(column: "next_at", as: Int64.self))"
                )
                .first()?.decode(column: "t", as: Int64?.self) ?? end
            let upTo = min(next + stretch, end)
            try await SQLStore.inTransaction(session, dialect: dialect) { database in
                if !started { try await countRolledUpHistory(on: database, dialect: dialect) }
                if next < end { try await countClicks(from: next, to: upTo, on: database) }
                if upTo >= end {
                    try await database.raw("DELETE FROM counter_backfill WHERE id = 1").run()
                } else {
                    try await database.raw("UPDATE counter_backfill SET next_at = \(bind: upTo), started = 1 WHERE id = 1").run()
                }
            }
            progress?(Progress(first: first, next: upTo, end: end))
            if upTo >= end { return true }
            done += 1
        }
        return false
    }

    /// The clicks of `[from, to)` into every counter table.
    private static func countClicks(from: Int64, to: Int64, on database: any SQLDatabase) async throws {
        let expressions = [
            "app_id": "app_id", "link_id": "COALESCE(link_id, '')", "hour": "occurred_at / 3600000", "day": "occurred_at / 86400000",
            "platform": "platform", "outcome": "outcome", "source": "COALESCE(in_app, '')",
        ]
        for table in SQLStore.CounterTable.all {
            let columns = table.columns.joined(separator: ", ")
            let values = table.columns.map { expressions[$0] ?? $0 }.joined(separator: ", ")
            try await database.raw(
                """
                INSERT INTO \(unsafeRaw: table.name) (\(unsafeRaw: columns), slot, n)
                SELECT \(unsafeRaw: values), 0, COUNT(*) FROM clicks
                WHERE occurred_at >= \(bind: from) AND occurred_at < \(bind: to) GROUP BY \(unsafeRaw: values)
                ON CONFLICT (\(unsafeRaw: columns), slot) DO UPDATE SET n = \(unsafeRaw: table.name).n + excluded.n
                """
            ).run()
        }
    }

    /// The days retention rolled up (at their first hour, from no app's web view) and the
    /// events still kept.
    private static func countRolledUpHistory(on database: any SQLDatabase, dialect: SQLStore.Dialect) async throws {
        let expressions = [
            "app_id": "app_id", "link_id": "link_id", "hour": "{day_hour}", "day": "{day_hour} / 24", "platform": "platform",
            "outcome": "outcome", "source": "''",
        ]
        var statements: [String] = []
        for table in SQLStore.CounterTable.all {
            let columns = table.columns.joined(separator: ", ")
            let values = table.columns.map { expressions[$0] ?? $0 }
            // PostgreSQL refuses a constant in GROUP BY.
            let grouped = values.filter { $0 != "''" }.joined(separator: ", ")
            statements.append(
                """
                INSERT INTO \(table.name) (\(columns), slot, n)
                SELECT \(values.joined(separator: ", ")), 0, SUM(clicks) FROM click_days WHERE clicks > 0 GROUP BY \(grouped)
                ON CONFLICT (\(columns), slot) DO UPDATE SET n = \(table.name).n + excluded.n
                """)
        }
        statements.append(
            """
            INSERT INTO event_counts (app_id, link_id, hour, type, slot, n)
            SELECT app_id, COALESCE(link_id, ''), occurred_at / 3600000, {event_type}, 0, COUNT(*)
            FROM events WHERE occurred_at IS NOT NULL GROUP BY app_id, COALESCE(link_id, ''), occurred_at / 3600000, {event_type}
            ON CONFLICT (app_id, link_id, hour, type, slot) DO UPDATE SET n = event_counts.n + excluded.n
            """)
        for statement in statements {
            guard let sql = Migrations.spelled(statement, for: dialect) else { continue }
            try await database.raw("\(unsafeRaw: sql)").run()
        }
    }
}
