public import Foundation
import SQLKit
import SQLiteKit
public import UnilinkCore

extension SQLStore {
    /// One transaction per batch: the recorder's unit of work, pending clicks included. New
    /// clicks go in as multi-row inserts (one round trip per `rowsPerInsert` on PostgreSQL,
    /// where per-row statements made the batch writer the bottleneck).
    /// `steppingAside`: on SQLite, the connection's thread may yield the core to requests
    /// meanwhile (`SQLiteThread`); the caller watches the time (`clickWriteOverdue()`).
    public func insert(clicks: [ClickRecord], steppingAside: Bool = false) async throws {
        guard !clicks.isEmpty else { return }
        let slot = counterSlot
        try await telemetryTransaction(steppingAside: steppingAside) { database in
            try await self.insert(pending: clicks.compactMap(\.pending), on: database)
            // A store tap continues its click: the crowd counts people, once each.
            try await Self.countCrowds(clicks.filter { !$0.continuesClick }.compactMap(\.pending), on: database)
            // Scanners' and robots' clicks are counted apart: never in the people's numbers.
            try await Self.countAutomated(clicks.filter { $0.traffic?.isAutomated == true && !$0.continuesClick }, on: database)
            try await Self.countVariants(clicks.filter { $0.variant != nil && $0.traffic?.isAutomated != true && !$0.continuesClick }, on: database)
            var tally = ClickTally()
            var fresh: [ClickRecord] = []
            for click in clicks where click.traffic?.isAutomated != true {
                guard click.continuesClick else {
                    fresh.append(click)
                    continue
                }
                // One visitor's journey is one click: the next step updates where it went, so
                // the steps before it must be written first.
                try await self.insert(newClicks: fresh, tally: &tally, on: database)
                fresh.removeAll()
                if let stored = try await database.raw(
                    """
                    SELECT link_id, occurred_at, platform, outcome, in_app FROM clicks
                    WHERE click_id = \(bind: click.clickID) AND app_id = \(bind: click.appID)
                    """
                ).all().first {
                    try await database.raw(
                        """
                        UPDATE clicks SET outcome = \(bind: click.outcome.rawValue)
                        WHERE click_id = \(bind: click.clickID) AND app_id = \(bind: click.appID)
                        """
                    ).run()
                    let key = ClickTally.Key(
                        appID: click.appID, linkID: try stored.decode(column: "link_id", as: String?.self),
                        hour: ClickTally.hour(millisecondsSince1970: try stored.decode(column: "occurred_at", as: Int64.self)),
                        platform: try stored.decode(column: "platform", as: String.self),
                        outcome: try stored.decode(column: "outcome", as: String.self),
                        source: try stored.decode(column: "in_app", as: String?.self))
                    tally.move(key, to: click.outcome.rawValue)
                } else {
                    try await self.insert(newClicks: [click], tally: &tally, on: database)
                }
            }
            try await self.insert(newClicks: fresh, tally: &tally, on: database)
            try await Self.add(tally, slot: slot, on: database)
            var breakdowns = BreakdownTally()
            for click in clicks where click.traffic?.isAutomated != true && !click.continuesClick && (click.country != nil || click.rule != nil) {
                breakdowns.add(click, millisecondsSince1970: Self.milliseconds(click.time))
            }
            try await Self.add(breakdowns, slot: slot, on: database)
            let subscriptions = try await Self.subscriptions(apps: Set(clicks.map(\.appID)), wanting: .click, on: database)
            if !subscriptions.isEmpty {
                let apps = Set(subscriptions.map(\.appID))
                try await Self.enqueue(clicks.filter { apps.contains($0.appID) }.map(WebhookEvent.click), to: subscriptions, on: database)
            }
        }
    }

    /// Adds scanners' and robots' clicks to `automated_counts` (app, link, UTC day, kind).
    static func countAutomated(_ clicks: [ClickRecord], on database: any SQLDatabase) async throws {
        guard !clicks.isEmpty else { return }
        var counts: [AutomatedKey: Int64] = [:]
        for click in clicks {
            counts[
                AutomatedKey(
                    appID: click.appID, linkID: click.linkID ?? "", day: ClickTally.hour(millisecondsSince1970: Self.milliseconds(click.time)) / 24,
                    kind: click.traffic!.rawValue), default: 0] += 1
        }
        // In one order on every instance, so two batches never wait for each other's rows crosswise.
        for (key, count) in counts.sorted(by: {
            ($0.key.appID, $0.key.linkID, $0.key.day, $0.key.kind) < ($1.key.appID, $1.key.linkID, $1.key.day, $1.key.kind)
        }) {
            try await database.raw(
                """
                INSERT INTO automated_counts (app_id, link_id, day, kind, n) VALUES (\(bind: key.appID), \(bind: key.linkID), \(bind: key.day), \(bind: key.kind), \(bind: count))
                ON CONFLICT (app_id, link_id, day, kind) DO UPDATE SET n = automated_counts.n + excluded.n
                """
            ).run()
        }
    }

    /// Adds people's clicks given an A/B variant to `variant_counts` (link, variant).
    static func countVariants(_ clicks: [ClickRecord], on database: any SQLDatabase) async throws {
        guard !clicks.isEmpty else { return }
        var counts: [VariantKey: Int64] = [:]
        for click in clicks {
            guard let linkID = click.linkID, let variant = click.variant else { continue }
            counts[VariantKey(linkID: linkID, variant: variant), default: 0] += 1
        }
        for (key, count) in counts.sorted(by: { ($0.key.linkID, $0.key.variant) < ($1.key.linkID, $1.key.variant) }) {
            try await database.raw(
                """
                INSERT INTO variant_counts (link_id, variant, n) VALUES (\(bind: key.linkID), \(bind: key.variant), \(bind: count))
                ON CONFLICT (link_id, variant) DO UPDATE SET n = variant_counts.n + excluded.n
                """
            ).run()
        }
    }

    struct VariantKey: Hashable {
        var linkID: String
        var variant: String
    }

    /// A link's A/B numbers: each variant's clicks, and the installs and opens that came from it.
    public func variantNumbers(linkID: String) async throws -> [String: VariantNumbers] {
        var numbers: [String: VariantNumbers] = [:]
        for row in try await database.raw("SELECT variant, n FROM variant_counts WHERE link_id = \(bind: linkID)").all() {
            numbers[try row.decode(column: "variant", as: String.self), default: VariantNumbers()].clicks = try row.decode(column: "n", as: Int.self)
        }
        for row in try await database.raw(
            """
            SELECT variant, type, COUNT(*) AS n FROM events
            WHERE link_id = \(bind: linkID) AND type IN ('install', 'open') AND variant IS NOT NULL GROUP BY variant, type
            """
        ).all() {
            let variant = try row.decode(column: "variant", as: String.self)
            let count = try row.decode(column: "n", as: Int.self)
            if try row.decode(column: "type", as: String.self) == "install" {
                numbers[variant, default: VariantNumbers()].installs = count
            } else {
                numbers[variant, default: VariantNumbers()].opens = count
            }
        }
        return numbers
    }

    struct AutomatedKey: Hashable {
        var appID: String
        var linkID: String
        var day: Int64
        var kind: String
    }

    /// Adds a batch's counts by country and by rule to `click_breakdowns`, in one order.
    static func add(_ tally: BreakdownTally, slot: Int, on database: any SQLDatabase) async throws {
        let rows = tally.ordered
        for start in stride(from: 0, to: rows.count, by: countersPerInsert) {
            let values: [SQLQueryString] = rows[start..<min(start + countersPerInsert, rows.count)].map { row in
                let key = row.key
                return
                    "(\(bind: key.appID), \(bind: key.linkID), \(bind: key.day), \(bind: key.dimension.rawValue), \(bind: key.value), \(bind: slot), \(bind: row.count))"
            }
            try await database.raw(
                """
                INSERT INTO click_breakdowns (app_id, link_id, day, dimension, value, slot, n) VALUES \(values.joined(separator: ", "))
                ON CONFLICT (app_id, link_id, day, dimension, value, slot) DO UPDATE SET n = click_breakdowns.n + excluded.n
                """
            ).run()
        }
    }

    /// People's clicks of a link (or, with `linkID` nil, the app's own) on UTC days `days`,
    /// by country and by rule.
    public func clickBreakdowns(appID: String, linkID: String?, days: Range<Int64>) async throws -> ClickBreakdowns {
        var breakdowns = ClickBreakdowns()
        for row in try await database.raw(
            """
            SELECT dimension, value, CAST(SUM(n) AS BIGINT) AS n FROM click_breakdowns
            WHERE app_id = \(bind: appID) AND link_id = \(bind: linkID ?? "") AND day >= \(bind: days.lowerBound) AND day < \(bind: days.upperBound)
            GROUP BY dimension, value
            """
        ).all() {
            let value = try row.decode(column: "value", as: String.self)
            let count = try row.decode(column: "n", as: Int.self)
            switch BreakdownTally.Dimension(rawValue: try row.decode(column: "dimension", as: String.self)) {
            case .country: breakdowns.byCountry[value.isEmpty ? "unknown" : value, default: 0] += count
            case .rule: if let hit = RuleHit(stored: value) { breakdowns.byRule[hit, default: 0] += count }
            case nil: continue
            }
        }
        return breakdowns
    }

    /// A link's (or, with `appID`, an app's) automated clicks on UTC days `days`, by kind.
    public func automatedCounts(appID: String? = nil, linkID: String? = nil, days: Range<Int64>) async throws -> [String: Int] {
        var filter: SQLQueryString = "1 = 1"
        if let appID { filter = filter + " AND app_id = \(bind: appID)" }
        if let linkID { filter = filter + " AND link_id = \(bind: linkID)" }
        var counts: [String: Int] = [:]
        for row in try await database.raw(
            """
            SELECT kind, CAST(SUM(n) AS BIGINT) AS n FROM automated_counts
            WHERE \(filter) AND day >= \(bind: days.lowerBound) AND day < \(bind: days.upperBound) GROUP BY kind
            """
        ).all() {
            counts[try row.decode(column: "kind", as: String.self)] = try row.decode(column: "n", as: Int.self)
        }
        return counts
    }

    /// Whether click batches may yield the core to requests: SQLite on Linux, when the
    /// process may return its threads to nice 0.
    public var clickWritesCanStepAside: Bool { sqliteThread?.canStepAside ?? false }

    /// A batch written `steppingAside` took too long: the core has no idle time to give it.
    /// Its thread goes back to the normal policy now, and stays there for a while.
    public func clickWriteOverdue() {
        sqliteThread?.raise(overdue: true)
    }

    /// Ten binds a row; 500 rows stay far below SQLite's and PostgreSQL's bind limits.
    public static let rowsPerInsert = 500

    private func insert(newClicks clicks: [ClickRecord], tally: inout ClickTally, on database: any SQLDatabase) async throws {
        for click in clicks { tally.add(click, millisecondsSince1970: Self.milliseconds(click.time)) }
        if case .sqlite(let connection, _) = engine {
            try await Self.insert(newClicks: clicks, on: connection)
            return
        }
        for start in stride(from: 0, to: clicks.count, by: Self.rowsPerInsert) {
            let rows = clicks[start..<min(start + Self.rowsPerInsert, clicks.count)].map { click -> SQLQueryString in
                """
                (\(bind: click.clickID), \(bind: click.appID), \(bind: click.linkID), \(bind: Self.milliseconds(click.time)), \(bind: Self.day(click.time)),
                 \(bind: click.host), \(bind: click.path), \(bind: click.platform.rawValue), \(bind: click.outcome.rawValue), \(bind: click.inAppBrowser))
                """
            }
            try await database.raw(
                """
                INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app) VALUES \(rows.joined(separator: ", "))
                """
            ).run()
        }
    }

    /// On SQLite, the recorder's inserts go to the connection itself: SQLKit would encode
    /// each of a batch's 5,000 values through a dynamic cast. What a row shares with the
    /// statement's first row (app, link, day, host, path, platform, outcome, in-app
    /// browser) is bound once.
    private static func insert(newClicks clicks: [ClickRecord], on connection: SQLiteConnection) async throws {
        for start in stride(from: 0, to: clicks.count, by: rowsPerInsert) {
            let chunk = clicks[start..<min(start + rowsPerInsert, clicks.count)]
            var rows = SQLiteRows(columns: 10, sharing: [1, 2, 4, 5, 6, 7, 8, 9], rows: chunk.count)
            for click in chunk {
                rows.append(.text(click.clickID))
                rows.append(.text(click.appID))
                rows.append(click.linkID.map(SQLiteData.text) ?? .null)
                rows.append(.integer(Int(milliseconds(click.time))))
                rows.append(.text(day(click.time)))
                rows.append(.text(click.host))
                rows.append(.text(click.path))
                rows.append(.text(click.platform.rawValue))
                rows.append(.text(click.outcome.rawValue))
                rows.append(click.inAppBrowser.map(SQLiteData.text) ?? .null)
            }
            _ = try await connection.query(clickInsert + rows.text, rows.binds)
        }
    }

    private static let clickInsert = "INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app) VALUES "

    /// Click counts of one link per UTC day, platform and outcome, days `from`...`to` inclusive,
    /// from the link's days.
    public func clickCounts(linkID: String, from: String, to: String) async throws -> [ClickCount] {
        let hours = try Self.hours(from: from, to: to)
        return try await database.raw(
            """
            SELECT day, platform, outcome, CAST(SUM(n) AS BIGINT) AS n FROM link_day_kinds
            WHERE link_id = \(bind: linkID) AND day >= \(bind: hours.lowerBound / 24) AND day < \(bind: hours.upperBound / 24)
            GROUP BY day, platform, outcome HAVING SUM(n) > 0 ORDER BY day, platform, outcome
            """
        ).all().map { row in
            ClickCount(
                day: Self.day(number: try row.decode(column: "day", as: Int64.self)),
                platform: try row.decode(column: "platform", as: String.self),
                outcome: try row.decode(column: "outcome", as: String.self),
                count: try row.decode(column: "n", as: Int.self)
            )
        }
    }

    /// What retention removed.
    public struct Retained: Sendable, Equatable {
        public var clicksDeleted = 0
        public var events = 0
        public var deferredAnswers = 0
        /// PostgreSQL: why a month's partition could not be made or dropped this time.
        public var partitionProblem: String?

        public init() {}
    }

    /// Deletes raw clicks older than `clicksBefore` (their numbers stay whole in the
    /// counters), and SDK events and deferred answers past their cut-offs. On PostgreSQL
    /// raw clicks go a month at a time: the months that end by the cut-off are dropped
    /// whole and only the default partition's older rows are deleted, so a month's clicks
    /// stay until its last day is past the cut-off (`SQLStore+ClickPartitions.swift`); the
    /// next months are made ready first. A partition that cannot be made or dropped now
    /// (another session holds the table past the lock timeout) is named in
    /// `partitionProblem` and tried again next time; the rest goes on.
    public func applyRetention(clicksBefore: Date, eventsBefore: Date, answersBefore: Date, now: Date = .now) async throws -> Retained {
        let cutoff = Self.milliseconds(clicksBefore)
        var retained = Retained()
        if dialect == .postgres {
            do {
                try await Self.prepareClickPartitions(now: now, store: self)
                retained.clicksDeleted = try await Self.dropClickPartitions(endingBy: cutoff, store: self)
            } catch {
                retained.partitionProblem = "\(String(reflecting: error))"
            }
        }
        let rows = dialect == .postgres ? "clicks_other" : "clicks"
        let rest = try await transaction { database in
            var retained = Retained()
            let remaining =
                try await database.raw(
                    """
                    SELECT COUNT(*) AS n FROM \(ident: rows) WHERE occurred_at < \(bind: cutoff)
                    """
                ).first()?.decode(column: "n", as: Int.self) ?? 0
            if remaining > 0 {
                // Their numbers live on in the counters, kept since they were written.
                try await database.raw("DELETE FROM \(ident: rows) WHERE occurred_at < \(bind: cutoff)").run()
                retained.clicksDeleted = remaining
            }
            let events = Self.milliseconds(eventsBefore), answers = Self.milliseconds(answersBefore)
            retained.events =
                try await database.raw("SELECT COUNT(*) AS n FROM events WHERE occurred_at < \(bind: events)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await database.raw("DELETE FROM events WHERE occurred_at < \(bind: events)").run()
            retained.deferredAnswers =
                try await database.raw("SELECT COUNT(*) AS n FROM deferred_answers WHERE created_at < \(bind: answers)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await database.raw("DELETE FROM deferred_answers WHERE created_at < \(bind: answers)").run()
            return retained
        }
        retained.clicksDeleted += rest.clicksDeleted
        retained.events = rest.events
        retained.deferredAnswers = rest.deferredAnswers
        return retained
    }

    /// `YYYY-MM-DD` in UTC: every click has one.
    static func day(_ date: Date) -> String {
        let civil = CivilDay(daysSince1970: Int64((date.timeIntervalSince1970 / 86_400).rounded(.down)))
        return String(unsafeUninitializedCapacity: 10) { buffer in
            CivilDay.put(civil.year, into: buffer, at: 0, width: 4)
            buffer[4] = UInt8(ascii: "-")
            CivilDay.put(civil.month, into: buffer, at: 5, width: 2)
            buffer[7] = UInt8(ascii: "-")
            CivilDay.put(civil.day, into: buffer, at: 8, width: 2)
            return 10
        }
    }
}
