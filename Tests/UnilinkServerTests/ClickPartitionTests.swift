import Foundation
import Logging
import SQLKit
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// PostgreSQL at volume: raw clicks in monthly partitions that retention drops whole, an
/// upgrade that moves the stored clicks into them, and the stats' queries planned on the
/// counters' indexes.
@Suite("PostgreSQL partitions and plans")
struct ClickPartitionTests {
    static func click(_ id: String, _ time: Date) -> ClickRecord {
        ClickRecord(
            clickID: id, appID: "app", linkID: "lnk_1", time: time, host: "exm.pl", path: "/x", platform: .ios, outcome: .store,
            inAppBrowser: nil)
    }

    /// The app's clicks as its counters hold them.
    static func counted(_ store: SQLStore) async throws -> Int {
        try await store.database.raw("SELECT CAST(SUM(n) AS BIGINT) AS n FROM app_click_counts WHERE app_id = 'app'").first()?
            .decode(column: "n", as: Int.self) ?? 0
    }

    static func partitions(_ store: SQLStore) async throws -> [String] {
        try await SQLStore.clickPartitions(on: store.database).map(\.name)
    }

    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func anUpgradeMovesClicksIntoMonthsAndRetentionDropsWholeMonths() async throws {
        try await TestDatabase.postgres.withFresh { location, _ in
            let now = Date.now
            let months = (1...5).map { SQLStore.ClickPartition(containing: now, offset: -$0) }
            // Schema 6 (before the counters): one table, clicks in each of the last five months and now.
            let old = try await SQLStore.open(location, migratingTo: 6, pool: .forTests, logger: Logger(label: "test"))
            do {
                var clicks = months.enumerated().flatMap { index, month in
                    (0..<(index + 1)).map { Self.click("m\(index)-\($0)", Date(timeIntervalSince1970: Double(month.start) / 1000 + 3_600)) }
                }
                clicks.append(Self.click("now", now))
                for click in clicks {
                    try await old.database.raw(
                        """
                        INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app)
                        VALUES (\(bind: click.clickID), 'app', 'lnk_1', \(bind: SQLStore.milliseconds(click.time)), \(bind: SQLStore.day(click.time)),
                          'exm.pl', '/x', 'ios', 'store', NULL)
                        """
                    ).run()
                }
                try await old.close()
            } catch {
                try? await old.close()
                throw error
            }

            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                let kind = try await store.database.raw("SELECT relkind::text AS kind FROM pg_class WHERE relname = 'clicks'").first()?
                    .decode(column: "kind", as: String.self)
                #expect(kind == "p", "clicks is a partitioned table")
                let named = try await Self.partitions(store)
                for month in months + (0...2).map({ SQLStore.ClickPartition(containing: now, offset: $0) }) {
                    #expect(named.contains(month.name), "\(month.name) in \(named)")
                }
                #expect(try await ClickCountersTests.storedClicks(store) == 16, "every stored click moved over")

                // Keep three months: the fourth and fifth months back go whole.
                let cutoff = Date(timeIntervalSince1970: Double(months[2].start) / 1000)
                #expect(try await Self.counted(store) == 16)
                let retained = try await store.applyRetention(clicksBefore: cutoff, eventsBefore: .distantPast, answersBefore: .distantPast)
                #expect(retained.clicksDeleted == 4 + 5)
                let after = try await Self.partitions(store)
                #expect(!after.contains(months[3].name) && !after.contains(months[4].name) && after.contains(months[2].name), "\(after)")
                #expect(try await ClickCountersTests.storedClicks(store) == 7)
                #expect(try await Self.counted(store) == 16, "numbers stay")

                // A month is kept whole until its last day is past the cut-off: the hourly run
                // in the middle of the third month back deletes none of it.
                let midMonth = Date(timeIntervalSince1970: Double(months[2].end) / 1000 - 86_400)
                let meanwhile = try await store.applyRetention(clicksBefore: midMonth, eventsBefore: .distantPast, answersBefore: .distantPast)
                #expect(meanwhile.clicksDeleted == 0 && meanwhile.partitionProblem == nil)
                #expect(try await Self.partitions(store).contains(months[2].name))

                // A click months ahead of any partition still lands (the default partition), and
                // moves into its month when that month's partition is made.
                let far = now.addingTimeInterval(400 * 86_400)
                try await store.insert(clicks: [Self.click("far", far)])
                #expect(try await ClickCountersTests.storedClicks(store) == 8)
                let later = try await store.applyRetention(clicksBefore: cutoff, eventsBefore: .distantPast, answersBefore: .distantPast, now: far)
                #expect(later.partitionProblem == nil, "\(later.partitionProblem ?? "")")
                #expect(try await Self.partitions(store).contains(SQLStore.ClickPartition(containing: far).name))
                let inDefault = try await store.database.raw("SELECT COUNT(*) AS n FROM clicks_other").first()?.decode(column: "n", as: Int.self)
                let stored = try await ClickCountersTests.storedClicks(store)
                #expect(inDefault == 0 && stored == 8)
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// With counters of many apps, links, hours and days, the planner reads each stats query
    /// through an index of the counters, never a scan of the table.
    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func theStatsQueriesUseTheCountersIndexes() async throws {
        try await TestDatabase.postgres.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await store.database.raw(
                    """
                    INSERT INTO app_hours (app_id, hour, slot, n)
                    SELECT 'app_' || a, h, 0, 1 FROM generate_series(1, 50) a, generate_series(490000, 494000) h
                    """
                ).run()
                try await store.database.raw(
                    """
                    INSERT INTO link_days (app_id, link_id, day, slot, n)
                    SELECT 'app_1', 'lnk_' || l, d, 0, 1 FROM generate_series(1, 500) l, generate_series(20000, 20800) d
                    """
                ).run()
                try await store.database.raw(
                    """
                    INSERT INTO link_hours (app_id, link_id, hour, slot, n)
                    SELECT 'app_1', 'lnk_' || l, h, 0, 1 FROM generate_series(1, 200) l, generate_series(490000, 492000) h
                    """
                ).run()
                try await store.database.raw("ANALYZE").run()
                let month: Range<Int64> = 492_000..<492_720
                for (query, index) in [
                    (SQLStore.appClicksByHour(appID: "app_7", hours: month), "app_hours_pkey"),
                    (SQLStore.linkClicksByDay(linkID: "lnk_42", hours: month), "link_days_link"),
                    (SQLStore.linkClicksByHour(linkID: "lnk_42", hours: month), "link_hours_pkey"),
                ] {
                    let plan = try await store.database.raw("EXPLAIN \(query)").all().map { try $0.decode(column: "QUERY PLAN", as: String.self) }
                        .joined(separator: "\n")
                    #expect(plan.contains(index) && !plan.contains("Seq Scan"), "\(plan)")
                }
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }
}
