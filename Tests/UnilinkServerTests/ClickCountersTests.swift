import Foundation
import Logging
import SQLKit
import Synchronization
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The counters kept on write against the raw rows they count, on a real SQLite file and a
/// real PostgreSQL database: the same numbers, from one instance and from two at once, after
/// retention removed the raw rows, and after an upgrade from a database without counters.
@Suite("Click and event counters")
struct ClickCountersTests {
    static let start: TimeInterval = 1_800_000_000  // 2027-01-15T08:00:00Z

    /// A deterministic spread of clicks over 3 links (and none), 3 days, platforms, outcomes
    /// and sources, with next steps that move earlier clicks (in this batch and earlier ones).
    static func batches(prefix: String, count: Int, batchSize: Int) -> [[ClickRecord]] {
        let platforms: [ClickPlatform] = [.ios, .android, .desktop]
        let outcomes: [ClickOutcome] = [.preview, .web, .store]
        var clicks: [ClickRecord] = []
        for index in 0..<count {
            let link: String? = index % 7 == 0 ? nil : "lnk_\(index % 3)"
            clicks.append(
                ClickRecord(
                    clickID: "\(prefix)\(index)", appID: "app", linkID: link,
                    time: Date(timeIntervalSince1970: start + Double(index * 257 % 259_200)),
                    host: "exm.pl", path: "/x", platform: platforms[index % 3], outcome: outcomes[index % 3 == 0 ? 0 : index % 2 + 1],
                    inAppBrowser: index % 5 == 0 ? "instagram" : nil, country: ["DE", "US", ""][index % 3 == 0 ? 0 : index % 2 + 1],
                    rule: link == nil ? nil : [RuleHit(number: 1, name: "r"), RuleHit(number: nil), RuleHit(number: 2, fromApp: true)][index % 3]))
            if index % 11 == 10 {
                // The preview's button, for a click a little earlier (sometimes in an earlier batch).
                var step = clicks[index - 10]
                step.outcome = .store
                step.continuesClick = true
                step.time = step.time.addingTimeInterval(5)
                clicks.append(step)
            }
        }
        return stride(from: 0, to: clicks.count, by: batchSize).map { Array(clicks[$0..<min($0 + batchSize, clicks.count)]) }
    }

    /// The counts by country and by rule add up to the raw clicks, per link and for the app
    /// (whose rule counts are its own rules').
    static func expectBreakdownsEqualRawRows(_ store: SQLStore, total: Int) async throws {
        let days: Range<Int64> = 0..<100_000
        let app = try await store.clickBreakdowns(appID: "app", linkID: nil, days: days)
        #expect(app.byCountry.values.reduce(0, +) == total && Set(app.byCountry.keys) == ["DE", "US", "unknown"])
        #expect(Set(app.byRule.keys) == [RuleHit(number: 2, fromApp: true)])
        for link in ["lnk_0", "lnk_1", "lnk_2"] {
            let rows = try await Self.raw(store, link: link).values.reduce(0, +)
            let counted = try await store.clickBreakdowns(appID: "app", linkID: link, days: days)
            #expect(counted.byCountry.values.reduce(0, +) == rows, "\(link)")
            #expect(counted.byRule.values.reduce(0, +) == rows, "\(link)")
        }
    }

    /// The numbers as the raw rows give them, per link (nil: every link of the app).
    static func raw(_ store: SQLStore, link: String?) async throws -> [String: Int] {
        let filter: SQLQueryString = link.map { "link_id = \(bind: $0)" } ?? "app_id = 'app'"
        var counts: [String: Int] = [:]
        for row in try await store.database.raw(
            "SELECT link_id, day, platform, outcome, COUNT(*) AS n FROM clicks WHERE \(filter) GROUP BY link_id, day, platform, outcome"
        ).all() {
            let key = [
                try row.decode(column: "link_id", as: String?.self) ?? "-", try row.decode(column: "day", as: String.self),
                try row.decode(column: "platform", as: String.self), try row.decode(column: "outcome", as: String.self),
            ].joined(separator: " ")
            counts[key] = try row.decode(column: "n", as: Int.self)
        }
        return counts
    }

    static func counted(_ store: SQLStore, link: String?) async throws -> [String: Int] {
        if let link {
            let rows = try await store.clickCounts(linkID: link, from: "2027-01-01", to: "2027-01-31")
            return Dictionary(uniqueKeysWithValues: rows.map { ("\(link) \($0.day) \($0.platform) \($0.outcome)", $0.count) })
        }
        let rows = try await store.clickCounts(appID: "app", from: "2027-01-01", to: "2027-01-31")
        return Dictionary(
            uniqueKeysWithValues: rows.map { ("\($0.linkID ?? "-") \($0.count.day) \($0.count.platform) \($0.count.outcome)", $0.count.count) })
    }

    static func expectCountersEqualRawRows(_ store: SQLStore, total: Int) async throws {
        let everything = try await counted(store, link: nil)
        #expect(everything.values.reduce(0, +) == total)
        #expect(everything == (try await raw(store, link: nil)))
        for link in ["lnk_0", "lnk_1", "lnk_2"] {
            #expect(try await counted(store, link: link) == (try await raw(store, link: link)), "\(link)")
        }
        // The app's own counters and each link's days say the same, summed another way.
        var byDay: [String: Int] = [:], byKind: [String: Int] = [:], perLink: [String: Int] = [:]
        for (key, count) in everything {
            let parts = key.split(separator: " ")
            byDay[String(parts[1]), default: 0] += count
            byKind[parts[2...].joined(separator: " "), default: 0] += count
            perLink[parts[0] == "-" ? "" : String(parts[0]), default: 0] += count
        }
        let app = try await store.appCounts(appID: "app", hours: try SQLStore.hours(from: "2027-01-01", to: "2027-01-31"))
        #expect(app.clicksByHour.reduce(into: [String: Int]()) { $0[SQLStore.day(number: $1.key / 24), default: 0] += $1.value } == byDay)
        #expect(app.breakdown.reduce(into: [String: Int]()) { $0["\($1.platform) \($1.outcome)", default: 0] += $1.clicks } == byKind)
        #expect(app.clicksByLink == perLink)
        try await expectEdgesEqualRawRows(store)
    }

    /// A window off UTC days (13:00 on the 15th to 19:00 on the 17th): whole days from the
    /// daily roll-ups, the hours around them from the hourly ones, together the raw rows.
    static func expectEdgesEqualRawRows(_ store: SQLStore) async throws {
        let hours = Int64(start / 3600) + 5..<Int64(start / 3600) + 16 + 24 + 19
        var byLink: [String: Int] = [:], byKind: [String: Int] = [:], byLinkKind: [String: [String: Int]] = [:]
        for row in try await store.database.raw(
            """
            SELECT link_id, platform, outcome, in_app, COUNT(*) AS n FROM clicks
            WHERE app_id = 'app' AND occurred_at >= \(bind: hours.lowerBound * 3_600_000) AND occurred_at < \(bind: hours.upperBound * 3_600_000)
            GROUP BY link_id, platform, outcome, in_app
            """
        ).all() {
            let link = try row.decode(column: "link_id", as: String?.self) ?? "", n = try row.decode(column: "n", as: Int.self)
            let kind = [
                try row.decode(column: "platform", as: String.self), try row.decode(column: "outcome", as: String.self),
                try row.decode(column: "in_app", as: String?.self) ?? "",
            ].joined(separator: " ")
            byLink[link, default: 0] += n
            byKind[kind, default: 0] += n
            byLinkKind[link, default: [:]][kind, default: 0] += n
        }
        func kinds(_ counts: AppHourlyCounts) -> [String: Int] {
            counts.breakdown.reduce(into: [:]) { $0["\($1.platform) \($1.outcome) \($1.source)", default: 0] += $1.clicks }
        }
        let app = try await store.appCounts(appID: "app", hours: hours)
        #expect(app.clicksByLink == byLink && kinds(app) == byKind)
        #expect(app.clicksByHour.values.reduce(0, +) == byKind.values.reduce(0, +))
        for link in ["lnk_0", "lnk_1", "lnk_2"] {
            let counts = try await store.linkCounts(linkID: link, hours: hours, utcDays: false)
            #expect(kinds(counts) == byLinkKind[link, default: [:]], "\(link)")
            #expect(counts.clicksByHour.values.reduce(0, +) == byLink[link], "\(link)")
        }
    }

    /// Events by type over the UTC days `from`...`to` of a link, or of the app.
    static func events(_ store: SQLStore, link: String?, from: String, to: String) async throws -> [String: Int] {
        let hours = try SQLStore.hours(from: from, to: to)
        let counts =
            if let link { try await store.linkCounts(linkID: link, hours: hours, utcDays: true) } else {
                try await store.appCounts(appID: "app", hours: hours)
            }
        return counts.eventsByHour.values.reduce(into: [:]) { totals, types in totals.merge(types, uniquingKeysWith: +) }
    }

    static func storedClicks(_ store: SQLStore) async throws -> Int {
        try await store.database.raw("SELECT COUNT(*) AS n FROM clicks").first()?.decode(column: "n", as: Int.self) ?? -1
    }

    @Test(arguments: TestDatabase.available)
    func countersEqualTheRawClicksAndOutliveThem(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                for batch in Self.batches(prefix: "c", count: 2_000, batchSize: 300) { try await store.insert(clicks: batch) }
                let stored = try await Self.storedClicks(store)
                #expect(stored == 2_000)
                try await Self.expectCountersEqualRawRows(store, total: stored)
                try await Self.expectBreakdownsEqualRawRows(store, total: stored)
                #expect(try await Self.counted(store, link: "lnk_1").keys.contains { $0.hasSuffix(" store") })

                let before = try await Self.counted(store, link: nil)
                let removed = try await store.applyRetention(clicksBefore: .distantFuture, eventsBefore: .distantPast, answersBefore: .distantPast)
                #expect(removed.clicksDeleted == 2_000)
                #expect(try await Self.storedClicks(store) == 0)
                #expect(try await Self.counted(store, link: nil) == before, "retention removes raw rows, never numbers")
                #expect(try await store.clickCounts(appID: "app", from: "2027-01-19", to: "2027-01-31").isEmpty, "days after the clicks have none")
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// Two instances write one hot link at once: their counter rows may differ (one slot
    /// each), their sum is every click.
    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func twoInstancesAddToTheSameCountersWithoutLosingOne() async throws {
        try await TestDatabase.postgres.withFresh { location, _ in
            let first = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            let second = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await withThrowingTaskGroup(of: Void.self) { group in
                    for (store, prefix) in [(first, "a"), (second, "b")] {
                        group.addTask {
                            for batch in Self.batches(prefix: prefix, count: 3_000, batchSize: 100) { try await store.insert(clicks: batch) }
                        }
                    }
                    try await group.waitForAll()
                }
                #expect(try await Self.storedClicks(first) == 6_000)
                try await Self.expectCountersEqualRawRows(first, total: 6_000)
                try await Self.expectCountersEqualRawRows(second, total: 6_000)
                try await Self.expectBreakdownsEqualRawRows(second, total: 6_000)
                try await first.close()
                try await second.close()
            } catch {
                try? await first.close()
                try? await second.close()
                throw error
            }
        }
    }

    /// A database as the build before the counters left it (schema 6): raw clicks, days
    /// retention rolled up, events. Opening it with this build counts all of them.
    @Test(arguments: TestDatabase.available)
    func anUpgradeCountsTheHistoryAlreadyStored(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let old = try await SQLStore.open(location, migratingTo: 6, pool: .forTests, logger: Logger(label: "test"))
            do {
                #expect(try await old.schemaVersion() == 6)
                for batch in Self.batches(prefix: "c", count: 500, batchSize: 500) {
                    for click in batch where !click.continuesClick {
                        try await old.database.raw(
                            """
                            INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app)
                            VALUES (\(bind: click.clickID), 'app', \(bind: click.linkID), \(bind: SQLStore.milliseconds(click.time)),
                              \(bind: SQLStore.day(click.time)), 'exm.pl', '/x', \(bind: click.platform.rawValue), \(bind: click.outcome.rawValue),
                              \(bind: click.inAppBrowser))
                            """
                        ).run()
                    }
                }
                try await old.database.raw(
                    """
                    INSERT INTO click_days (link_id, app_id, day, platform, outcome, clicks) VALUES
                      ('lnk_1', 'app', '2027-01-02', 'ios', 'preview', 40), ('lnk_1', 'app', '2027-01-15', 'ios', 'preview', 7)
                    """
                ).run()
                for (index, (type, name)) in [("install", nil), ("open", nil), ("open", nil), ("custom", "purchase")].enumerated() {
                    try await old.database.raw(
                        """
                        INSERT INTO events (app_id, link_id, type, name, occurred_at, day)
                        VALUES ('app', 'lnk_1', \(bind: type), \(bind: name as String?), \(bind: Int64(Self.start * 1000) + Int64(index)), '2027-01-15')
                        """
                    ).run()
                }
                let raw = try await Self.raw(old, link: "lnk_1")
                try await old.close()

                // Killed after its first stretch (a day of clicks): what it counted stays,
                // instances that do not migrate refuse to serve half-counted numbers, and the
                // next start counts the rest, nothing twice.
                let reported = Mutex<[Double]>([])
                let interrupted = try await SQLStore.open(
                    location, migratingTo: SQLStore.latestSchemaVersion, pool: .forTests, logger: Logger(label: "test"), backfillLimit: 1,
                    progress: { progress in reported.withLock { $0.append(progress.fraction) } })
                #expect(try await CounterBackfill.pending(on: interrupted.database))
                let partly = try await Self.counted(interrupted, link: nil).values.reduce(0, +)
                #expect(partly > 47 && partly < 547, "the rolled-up days and the first day's clicks: \(partly)")
                try await interrupted.close()
                await #expect(throws: StoreError.self) {
                    try await SQLStore.open(location, migrate: false, pool: .forTests, logger: Logger(label: "test"))
                }

                let upgraded = try await SQLStore.open(
                    location, migratingTo: SQLStore.latestSchemaVersion, pool: .forTests, logger: Logger(label: "test"),
                    progress: { progress in reported.withLock { $0.append(progress.fraction) } })
                #expect(try await !CounterBackfill.pending(on: upgraded.database))
                let fractions = reported.withLock { $0 }
                // The clicks span a day and a half: two stretches.
                #expect(fractions.count == 2 && fractions.first! < 1 && fractions.last == 1, "\(fractions)")
                #expect(try await upgraded.schemaVersion() == SQLStore.latestSchemaVersion)
                var expected = raw
                expected["lnk_1 2027-01-02 ios preview"] = 40
                expected["lnk_1 2027-01-15 ios preview", default: 0] += 7
                #expect(try await Self.counted(upgraded, link: "lnk_1") == expected)
                #expect(try await Self.counted(upgraded, link: nil).values.reduce(0, +) == 500 + 47)
                let second = try await upgraded.appCounts(appID: "app", hours: try SQLStore.hours(from: "2027-01-02", to: "2027-01-02"))
                #expect(second.clicksByLink == ["lnk_1": 40])
                let january = try await upgraded.appCounts(appID: "app", hours: try SQLStore.hours(from: "2027-01-01", to: "2027-01-31"))
                #expect(january.clicksByHour.values.reduce(0, +) == 547)
                #expect(
                    try await Self.events(upgraded, link: "lnk_1", from: "2027-01-15", to: "2027-01-15") == [
                        "install": 1, "open": 2, "custom:purchase": 1,
                    ])
                #expect(try await Self.events(upgraded, link: nil, from: "2027-01-16", to: "2027-01-31") == [:])
                try await upgraded.close()
            } catch {
                try? await old.close()
                throw error
            }
        }
    }

    /// Schemas 7 to 13 counted custom events as `custom`: the upgrade counts the hours the
    /// events table still holds again by name, and leaves an hour it no longer holds as it was.
    @Test(arguments: TestDatabase.available)
    func customEventsCountedWithoutTheirNameAreCountedByName(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let old = try await SQLStore.open(location, migratingTo: 13, pool: .forTests, logger: Logger(label: "test"))
            do {
                let hour = Int64(Self.start / 3600)
                for (index, name) in ["purchase", "purchase", "sign_up"].enumerated() {
                    try await old.database.raw(
                        """
                        INSERT INTO events (app_id, link_id, type, name, occurred_at, day)
                        VALUES ('app', 'lnk_1', 'custom', \(bind: name), \(bind: hour * 3_600_000 + Int64(index)), '2027-01-15')
                        """
                    ).run()
                }
                try await old.database.raw(
                    """
                    INSERT INTO event_counts (app_id, link_id, hour, type, slot, n) VALUES
                      ('app', 'lnk_1', \(bind: hour), 'custom', 0, 3), ('app', 'lnk_1', \(bind: hour - 9_000), 'custom', 0, 5)
                    """
                ).run()
                try await old.close()
                let upgraded = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
                let counts = try await upgraded.linkCounts(linkID: "lnk_1", hours: hour - 10_000..<hour + 1, utcDays: false)
                #expect(counts.eventsByHour[hour] == ["custom:purchase": 2, "custom:sign_up": 1])
                #expect(counts.eventsByHour[hour - 9_000] == ["custom": 5], "an hour whose events are gone stays unnamed")
                try await upgraded.close()
            } catch {
                try? await old.close()
                throw error
            }
        }
    }

    @Test(arguments: TestDatabase.available)
    func aDayThatIsNotADayIsRefused(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            await #expect(throws: StoreError.self) { try await store.clickCounts(linkID: "l", from: "2027-02-30", to: "2027-03-01") }
            try await store.close()
        }
    }
}
