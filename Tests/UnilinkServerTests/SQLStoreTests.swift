import Foundation
import Logging
import NIOCore
import PostgresNIO
import SQLKit
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkStorage

/// The store on a real SQLite file and, when CI provides one, a real PostgreSQL database.
@Suite("SQL store on SQLite and PostgreSQL", .timeLimit(.minutes(3)))
struct SQLStoreTests {
    static func withStore(_ database: TestDatabase, _ body: (SQLStore, DatabaseLocation) async throws -> Void) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await body(store, location)
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// The store opened on `location`, closed after `body` whatever it does.
    static func withStore(_ location: DatabaseLocation, _ body: (SQLStore) async throws -> Void) async throws {
        let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
        do {
            try await body(store)
        } catch {
            try? await store.close()
            throw error
        }
        try await store.close()
    }

    static func app(_ id: String, hosts: [String]) -> App {
        App(id: id, name: id, domains: hosts.map { App.Domain(host: $0, role: .short) })
    }

    static func link(_ id: String, code: String, alias: String? = nil) -> Link {
        Link(id: id, appID: "a", code: code, alias: alias, content: LinkContent(path: "/u/\(id)"), createdAt: .now, updatedAt: .now)
    }

    @Test(arguments: TestDatabase.available) func reopeningAppliesNoMigrationTwiceAndKeepsTheData(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, file in
            try await store.insert(app: Self.app("a", hosts: ["a.example"]), keys: [])
            try await store.close()
            let again = try await SQLStore.open(file, pool: .forTests, logger: Logger(label: "test"))
            #expect(try await again.apps().map(\.id) == ["a"])
            try await again.close()
        }
    }

    @Test(arguments: TestDatabase.available) func aBatchWithATakenCodeOrAliasStoresNothing(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            try await store.insert(links: [Self.link("lnk_1", code: "aaaaaaa", alias: "one")])
            await #expect(throws: StoreError.codeTaken("aaaaaaa")) {
                try await store.insert(links: [Self.link("lnk_2", code: "bbbbbbb"), Self.link("lnk_3", code: "aaaaaaa")])
            }
            await #expect(throws: StoreError.aliasTaken("one")) {
                try await store.insert(links: [Self.link("lnk_4", code: "ccccccc"), Self.link("lnk_5", code: "ddddddd", alias: "one")])
            }
            #expect(try await store.links(appID: "a", before: nil, limit: 10).map(\.id) == ["lnk_1"])
            try await store.close()
        }
    }

    /// A task cancelled inside a transaction (a stopping service, a request given up)
    /// leaves nothing of it, and the store goes on: the next write commits and a new
    /// connection reads it. In a cancelled task SQLite refuses every statement, and the
    /// ROLLBACK once was one of them: the one connection stayed inside the transaction.
    @Test(arguments: TestDatabase.available) func aTransactionCancelledHalfwayLeavesNothingAndTheStoreGoesOn(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            try await Self.withStore(location) { store in
                let halfway = Task {
                    try await store.transaction { database in
                        try await database.raw("INSERT INTO schema_migrations (version, applied_at) VALUES (999999, 0)").run()
                        withUnsafeCurrentTask { $0?.cancel() }
                        try Task.checkCancellation()
                    }
                }
                await #expect(throws: CancellationError.self) { try await halfway.value }
                try await store.insert(app: Self.app("a", hosts: ["a.example"]), keys: [])
            }
            try await Self.withStore(location) { store in
                #expect(try await store.apps().map(\.id) == ["a"])
                let undone = try await store.database.raw("SELECT COUNT(*) AS n FROM schema_migrations WHERE version = 999999").first()
                #expect(try undone?.decode(column: "n", as: Int.self) == 0)
            }
        }
    }

    /// Batches larger than one multi-row statement: every row lands, a journey's next step
    /// updates the click written earlier in the same batch, and a repeat inside the batch
    /// is refused like one already stored.
    @Test(arguments: TestDatabase.available) func largeBatchesLandWholeOrNotAtAll(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let count = SQLStore.rowsPerInsert * 2 + 3
            let links = (0..<count).map { Self.link("lnk_\($0)", code: "code\($0)", alias: "alias\($0)") }
            await #expect(throws: StoreError.aliasTaken("alias7")) {
                try await store.insert(links: links + [Self.link("lnk_x", code: "codex", alias: "alias7")])
            }
            #expect(try await store.links(appID: "a", before: nil, limit: 10).isEmpty)
            try await store.insert(links: links)
            #expect(try await store.link(code: "code\(count - 1)")?.alias == "alias\(count - 1)")

            let now = Date.now
            func click(_ id: String, outcome: ClickOutcome, continues: Bool = false) -> ClickRecord {
                ClickRecord(
                    clickID: id, appID: "a", linkID: "lnk_1", time: now, host: "h", path: "/x", platform: .ios, outcome: outcome,
                    continuesClick: continues)
            }
            var clicks = (0..<count).map { click("c\($0)", outcome: .preview) }
            clicks.append(click("c5", outcome: .store, continues: true))
            clicks.append(click("never-seen", outcome: .store, continues: true))
            clicks.append(click("c\(count + 1)", outcome: .preview))
            try await store.insert(clicks: clicks)
            let counts = try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31")
            #expect(Dictionary(uniqueKeysWithValues: counts.map { ($0.outcome, $0.count) }) == ["preview": count, "store": 2])
            try await store.close()
        }
    }

    @Test(arguments: TestDatabase.available) func aRefusedHostChangeKeepsTheAppsHosts(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            try await store.insert(app: Self.app("a", hosts: ["a.example"]), keys: [])
            try await store.insert(app: Self.app("b", hosts: ["b.example"]), keys: [])
            await #expect(throws: StoreError.hostTaken("b.example")) {
                try await store.update(app: Self.app("a", hosts: ["a2.example", "b.example"]))
            }
            let apps = try await store.apps()
            #expect(apps.first { $0.id == "a" }?.domains.map(\.host) == ["a.example"])
            try await store.insert(app: Self.app("c", hosts: ["c.example"]), keys: [])
            await #expect(throws: StoreError.hostTaken("a.example")) {
                try await store.insert(app: Self.app("d", hosts: ["a.example"]), keys: [])
            }
            try await store.close()
        }
    }

    @Test(arguments: TestDatabase.available) func expiredPendingClicksArePurgedAndNeverCandidates(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let now = Date.now
            func pending(_ id: String, expiresIn seconds: Double) -> ClickRecord {
                ClickRecord(
                    clickID: id, appID: "a", linkID: nil, time: now, host: "h", path: "/", platform: .ios, outcome: .preview,
                    pending: PendingClick(
                        clickID: id, appID: "a", linkID: nil, content: LinkContent(path: "/u/1"), time: now.addingTimeInterval(-10),
                        expiresAt: now.addingTimeInterval(seconds), networkKey: "n", prefixKey: "p", os: .ios, osVersion: "18.1",
                        model: nil, acceptLanguages: []))
            }
            try await store.insert(clicks: [pending("old", expiresIn: -1), pending("open", expiresIn: 3600)])
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).map(\.clickID) == ["open"])
            #expect(try await store.purgePendingClicks(before: now) == 1)
            #expect(try await store.pendingClickCount() == 1)
            #expect(try await store.record(answer: "{\"n\":1}", appID: "a", installID: "install-1", takingClick: "open", install: nil) == "{\"n\":1}")
            #expect(
                try await store.record(answer: "{\"n\":2}", appID: "a", installID: "install-1", takingClick: "open", install: nil) == "{\"n\":1}",
                "the same install again gets the answer it was given first")
            #expect(try await store.record(answer: "{}", appID: "a", installID: "install-2", takingClick: "open", install: nil) == nil)
            #expect(try await store.deferredAnswer(appID: "a", installID: "install-2") == nil, "nothing stored for the install that lost the click")
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).isEmpty)
            // A racing call of an install that already has its answer gets that answer and takes no click.
            try await store.insert(clicks: [pending("spare", expiresIn: 3600)])
            let notFound = "{\"status\":\"not_found\"}"
            #expect(try await store.record(answer: notFound, appID: "a", installID: "install-3", clickID: nil, install: nil) == notFound)
            #expect(try await store.record(answer: "{}", appID: "a", installID: "install-3", takingClick: "spare", install: nil) == notFound)
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).map(\.clickID) == ["spare"], "the click stays open")
            try await store.close()
        }
    }

    /// An address's crowd outlives the match window: its busiest hour of the last day, per
    /// system, counted once per click (a store tap continues its click), read by prefix, and
    /// forgotten after a day; a relayed click has no address and counts nowhere.
    @Test(arguments: TestDatabase.available) func anAddresssBusiestHourIsKeptForADay(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let start = Date(timeIntervalSince1970: 1_800_000_000 - 1_800_000_000.truncatingRemainder(dividingBy: 3600))
            func click(_ id: String, at time: Date, key: String? = "nat", os: UserAgent.OS = .ios, continues: Bool = false) -> ClickRecord {
                var pending = PendingClick(
                    clickID: id, appID: "a", linkID: nil, content: LinkContent(path: "/"), time: time, expiresAt: time.addingTimeInterval(3600),
                    networkKey: key, prefixKey: key == nil ? "relay:DE" : "carrier", os: os, osVersion: "18.1", model: nil, acceptLanguages: [])
                pending.reachedStore = continues
                return ClickRecord(
                    clickID: id, appID: "a", linkID: nil, time: time, host: "h", path: "/", platform: .ios, outcome: continues ? .store : .preview,
                    pending: pending, continuesClick: continues)
            }
            func crowds(at time: Date) async throws -> [String: Int] {
                let rows = try await store.networkCrowds(appID: "a", prefixKey: "carrier", at: time)
                return Dictionary(uniqueKeysWithValues: rows.map { ("\($0.networkKey)/\($0.os.rawValue)", $0.clicks) })
            }
            // A busy hour: 40 iPhones, one of them going on to the store, and an Android phone.
            try await store.insert(clicks: (0..<40).map { click("busy\($0)", at: start.addingTimeInterval(Double($0))) })
            try await store.insert(clicks: [
                click("busy1", at: start.addingTimeInterval(60), continues: true), click("droid", at: start, os: .android),
                click("relayed", at: start, key: nil),
            ])
            try await store.insert(clicks: [click("home", at: start, key: "home")])
            #expect(try await crowds(at: start) == ["nat/ios": 40, "nat/android": 1, "home/ios": 1])
            // Two quiet hours later: two clicks in the window, and the busy hour remembered.
            let quiet = start.addingTimeInterval(2 * 3600)
            try await store.insert(clicks: [click("late1", at: quiet), click("late2", at: quiet)])
            #expect(try await crowds(at: quiet)["nat/ios"] == 40)
            // A day after the busy hour it is forgotten; the last quiet hour still counts.
            let nextDay = start.addingTimeInterval(25 * 3600)
            #expect(try await crowds(at: nextDay) == ["nat/ios": 2])
            #expect(try await store.purgePendingClicks(before: start.addingTimeInterval(27 * 3600)) == 45)
            #expect(try await crowds(at: nextDay).isEmpty)
            try await store.close()
        }
    }

    /// Pending clicks go in as multi-row inserts; a click's continuation on the alternate
    /// host in the same batch keeps the first row and notes that it reached the store.
    @Test(arguments: TestDatabase.available) func pendingClicksOfOneBatchKeepTheFirstAndNoteTheStore(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let now = Date.now
            func pending(_ id: String, path: String, store: Bool) -> ClickRecord {
                var click = PendingClick(
                    clickID: id, appID: "a", linkID: nil, content: LinkContent(path: path), time: now,
                    expiresAt: now.addingTimeInterval(3600), networkKey: "n", prefixKey: "p", os: .ios, osVersion: "18.1",
                    model: nil, acceptLanguages: [])
                click.reachedStore = store
                return ClickRecord(
                    clickID: id, appID: "a", linkID: nil, time: now, host: "h", path: path, platform: .ios,
                    outcome: store ? .store : .preview, pending: click, continuesClick: store)
            }
            let batch =
                (0..<700).map { pending("c\($0)", path: "/u/\($0)", store: false) }
                + [pending("c1", path: "/other", store: true), pending("c2", path: "/other", store: false)]
            try await store.insert(clicks: batch)
            #expect(try await store.pendingClickCount() == 700)
            let first = try #require(try await store.pendingClick(id: "c1"))
            #expect(first.content.path == "/u/1" && first.reachedStore == true)
            let second = try #require(try await store.pendingClick(id: "c2"))
            #expect(second.content.path == "/u/2" && second.reachedStore != true)
            try await store.close()
        }
    }

    /// Old raw clicks and events are deleted; their numbers, kept in the counters, stay: a
    /// link's stats are the same before and after.
    @Test(arguments: TestDatabase.available) func retentionDeletesOldRecordsAndKeepsTheirNumbers(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let now = Date.now, old = now.addingTimeInterval(-100 * 86_400)
            func click(_ id: String, at time: Date, platform: ClickPlatform = .ios, outcome: ClickOutcome = .preview) -> ClickRecord {
                ClickRecord(clickID: id, appID: "a", linkID: "lnk_1", time: time, host: "h", path: "/x", platform: platform, outcome: outcome)
            }
            try await store.insert(clicks: [
                click("c1", at: old), click("c2", at: old), click("c3", at: old, platform: .desktop, outcome: .web),
                click("c4", at: now),
            ])
            try await store.insert(event: AppEvent(appID: "a", installID: "install-old", linkID: "lnk_1", clickID: nil, type: "open", time: old))
            try await store.insert(event: AppEvent(appID: "a", installID: "install-new", linkID: "lnk_1", clickID: nil, type: "open", time: now))
            _ = try await store.record(answer: "{}", appID: "a", installID: "install-old", clickID: nil, install: nil)
            let before = try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31")
            let cutoff = now.addingTimeInterval(-90 * 86_400)
            // The answer was stored "now" by the store's own clock, after `now` above: on a loaded machine seconds later.
            let afterTheAnswer = Date.now.addingTimeInterval(1)
            let done = try await store.applyRetention(clicksBefore: cutoff, eventsBefore: cutoff, answersBefore: afterTheAnswer)
            #expect(done.clicksDeleted == 3 && done.events == 1 && done.deferredAnswers == 1)
            let after = try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31")
            #expect(
                Set(after.map { "\($0.day) \($0.platform) \($0.outcome) \($0.count)" })
                    == Set(before.map { "\($0.day) \($0.platform) \($0.outcome) \($0.count)" }))
            #expect(after.map(\.count).reduce(0, +) == 4)
            #expect(try await store.applyRetention(clicksBefore: cutoff, eventsBefore: cutoff, answersBefore: cutoff) == .init(), "nothing twice")
            #expect(try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31").map(\.count).reduce(0, +) == 4)
            let counts = try await store.linkCounts(linkID: "lnk_1", hours: try SQLStore.hours(from: "0000-01-01", to: "9999-12-31"), utcDays: true)
            #expect(counts.eventsByHour.values.reduce(into: [String: Int]()) { $0.merge($1, uniquingKeysWith: +) } == ["open": 2])
            let rawEvents = try await store.database.raw("SELECT COUNT(*) AS n FROM events").first()?.decode(column: "n", as: Int.self)
            #expect(rawEvents == 1)
            #expect(try await store.deferredAnswer(appID: "a", installID: "install-old") == nil)
            try await store.close()
        }
    }

    /// An install is counted once per install id however many report it at once (on
    /// PostgreSQL's READ COMMITTED each would find none but for the advisory lock), and an
    /// install first reported without a link takes the deferred match's: still one row and
    /// one count, now the link's, none left unattributed.
    @Test(arguments: TestDatabase.available) func anInstallIsCountedOnceAndTakesItsMatchsLink(database: TestDatabase) async throws {
        try await Self.withStore(database) { store, _ in
            let now = Date.now
            let reported = AppEvent(appID: "a", installID: "install-race", linkID: nil, clickID: nil, type: "install", time: now)
            try await withThrowingTaskGroup(of: Void.self) { group in
                for _ in 0..<16 { group.addTask { try await store.insert(event: reported) } }
                try await group.waitForAll()
            }
            func rows() async throws -> [(link: String?, click: String?)] {
                try await store.database.raw("SELECT link_id, click_id FROM events WHERE install_id = 'install-race'").all().map {
                    (try $0.decode(column: "link_id", as: String?.self), try $0.decode(column: "click_id", as: String?.self))
                }
            }
            func counted(link: String) async throws -> Int {
                try await store.database.raw(
                    "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM event_counts WHERE app_id = 'a' AND type = 'install' AND link_id = \(bind: link)"
                ).first()?.decode(column: "n", as: Int.self) ?? -1
            }
            #expect(try await rows().count == 1)
            #expect(try await counted(link: "") == 1)
            let matched = AppEvent(
                appID: "a", installID: "install-race", linkID: "lnk_1", clickID: "click-1", type: "install", matchType: "probabilistic",
                time: now.addingTimeInterval(5))
            _ = try await store.record(answer: "{}", appID: "a", installID: "install-race", clickID: "click-1", install: matched)
            try await store.insert(event: matched)
            let after = try await rows()
            #expect(after.count == 1 && after.first?.link == "lnk_1" && after.first?.click == "click-1")
            #expect(try await counted(link: "lnk_1") == 1)
            #expect(try await counted(link: "") == 0)
            let counts = try await store.linkCounts(linkID: "lnk_1", hours: try SQLStore.hours(from: "0000-01-01", to: "9999-12-31"), utcDays: true)
            #expect(counts.eventsByHour.values.reduce(into: [String: Int]()) { $0.merge($1, uniquingKeysWith: +) } == ["install": 1])
            // An install matched first and reported without a link later stays the link's.
            _ = try await store.record(
                answer: "{}", appID: "a", installID: "install-2", clickID: "click-2",
                install: AppEvent(appID: "a", installID: "install-2", linkID: "lnk_1", clickID: "click-2", type: "install", time: now))
            try await store.insert(event: AppEvent(appID: "a", installID: "install-2", linkID: nil, clickID: nil, type: "install", time: now))
            #expect(try await counted(link: "lnk_1") == 2)
            #expect(try await counted(link: "") == 0)
            try await store.close()
        }
    }

    /// A match that takes its click while the app reports the same install without a link,
    /// eight times at once: one row and one count, the link's, whichever came first, and one
    /// message to the app's install webhook. A repeated match's call is answered what the
    /// first was, and takes, counts and sends nothing.
    @Test(arguments: TestDatabase.available) func aMatchRacingTheAppsOwnInstallReportsCountsItOnceAsTheLinks(database: TestDatabase)
        async throws
    {
        try await Self.withStore(database) { store, _ in
            let now = Date.now
            try await store.save(webhook: WebhookOutboxTests.subscription("whk_a", app: "a", events: [.install]), audit: [])
            try await store.save(webhook: WebhookOutboxTests.subscription("whk_b", app: "b", events: [.install]), audit: [])
            try await store.save(webhook: WebhookOutboxTests.subscription("whk_c", app: "a", events: [.click]), audit: [])
            try await store.insert(clicks: [
                ClickRecord(
                    clickID: "click-9", appID: "a", linkID: "lnk_9", time: now, host: "h", path: "/", platform: .ios, outcome: .store,
                    pending: PendingClick(
                        clickID: "click-9", appID: "a", linkID: "lnk_9", content: LinkContent(path: "/u/9"), time: now.addingTimeInterval(-10),
                        expiresAt: now.addingTimeInterval(3600), networkKey: "n", prefixKey: "p", os: .ios, osVersion: "18.1", model: nil,
                        acceptLanguages: []))
            ])
            let reported = AppEvent(appID: "a", installID: "install-9", linkID: nil, clickID: nil, type: "install", time: now)
            let matched = AppEvent(
                appID: "a", installID: "install-9", linkID: "lnk_9", clickID: "click-9", type: "install", matchType: "probabilistic", time: now)
            let answers = try await withThrowingTaskGroup(of: String?.self) { group in
                for _ in 0..<8 {
                    group.addTask {
                        try await store.insert(event: reported)
                        return nil
                    }
                }
                group.addTask {
                    try await store.record(answer: "{\"m\":9}", appID: "a", installID: "install-9", takingClick: "click-9", install: matched)
                }
                return try await group.reduce(into: [String]()) { if let answer = $1 { $0.append(answer) } }
            }
            #expect(answers == ["{\"m\":9}"])
            #expect(
                try await store.record(answer: "{\"m\":0}", appID: "a", installID: "install-9", takingClick: "click-9", install: matched)
                    == "{\"m\":9}")
            let rows = try await store.database.raw("SELECT link_id FROM events WHERE install_id = 'install-9'").all()
            #expect(try rows.map { try $0.decode(column: "link_id", as: String?.self) } == ["lnk_9"])
            func counted(link: String) async throws -> Int {
                try await store.database.raw(
                    "SELECT CAST(COALESCE(SUM(n), 0) AS BIGINT) AS n FROM event_counts WHERE app_id = 'a' AND type = 'install' AND link_id = \(bind: link)"
                ).first()?.decode(column: "n", as: Int.self) ?? -1
            }
            #expect(try await counted(link: "lnk_9") == 1)
            #expect(try await counted(link: "") == 0)
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).isEmpty, "the click is taken")
            let told = try await store.leaseWebhookMessages([("whk_a", 10), ("whk_b", 10), ("whk_c", 10)], now: .now, leaseFor: 60)
            #expect(told.map { "\($0.webhookID) \($0.type)" }.sorted() == ["whk_a install", "whk_c click"], "the click's, and one install")
            try await store.close()
        }
    }

    /// Several instances on one database: they migrate together on an empty one, a pending
    /// click goes to exactly one install, a shared secret is the first one's, and a taken
    /// alias or host is a conflict, never a 500.
    @Test(arguments: TestDatabase.available) func instancesSharingADatabaseAgreeOnEverything(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            // PostgreSQL: four instances starting together. SQLite is one process's database:
            // one store, four concurrent callers.
            let count = database == .postgres ? 4 : 1
            let opened = await withTaskGroup(of: Result<SQLStore, any Error>.self) { group in
                for _ in 0..<count {
                    group.addTask {
                        do { return .success(try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))) } catch {
                            return .failure(error)
                        }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            let distinct = opened.compactMap { try? $0.get() }
            guard distinct.count == count else {
                for store in distinct { try? await store.close() }
                Issue.record("not every instance opened: \(opened)")
                return
            }
            let stores = (0..<4).map { distinct[$0 % count] }
            do {
                try await Self.shareOneDatabase(stores)
            } catch {
                for store in distinct { try? await store.close() }
                throw error
            }
            for store in distinct { try await store.close() }
        }
    }

    private static func shareOneDatabase(_ stores: [SQLStore]) async throws {
        do {
            let now = Date.now
            let pending = PendingClick(
                clickID: "c1", appID: "a", linkID: nil, content: LinkContent(path: "/u/1"), time: now,
                expiresAt: now.addingTimeInterval(3600), networkKey: "n", prefixKey: "p", os: .ios, osVersion: "18.1",
                model: nil, acceptLanguages: [])
            try await stores[0].insert(clicks: [
                ClickRecord(
                    clickID: "c1", appID: "a", linkID: nil, time: now, host: "h", path: "/",
                    platform: .ios, outcome: .preview, pending: pending)
            ])
            for round in 0..<5 {
                let id = "c\(round + 2)"
                var click = pending
                click.clickID = id
                try await stores[0].insert(clicks: [
                    ClickRecord(
                        clickID: id, appID: "a", linkID: nil, time: now, host: "h", path: "/",
                        platform: .ios, outcome: .preview, pending: click)
                ])
                let winners = try await withThrowingTaskGroup(of: Bool.self) { group in
                    for (index, store) in stores.enumerated() {
                        group.addTask {
                            try await store.record(answer: "{}", appID: "a", installID: "install-\(round)-\(index)", takingClick: id, install: nil)
                                != nil
                        }
                    }
                    return try await group.reduce(0) { $0 + ($1 ? 1 : 0) }
                }
                #expect(winners == 1, "round \(round): \(winners) installs got one click")
                var answered = 0
                for index in stores.indices where try await stores[0].deferredAnswer(appID: "a", installID: "install-\(round)-\(index)") != nil {
                    answered += 1
                }
                #expect(answered == 1, "round \(round): only the install that took the click has an answer stored")
            }
            let secrets = try await withThrowingTaskGroup(of: String.self) { group in
                for (index, store) in stores.enumerated() { group.addTask { try await store.setting("shared", orInsert: "value-\(index)") } }
                return try await group.reduce(into: Set<String>()) { $0.insert($1) }
            }
            #expect(secrets.count == 1)
            let aliasResults = await withTaskGroup(of: Result<Void, StoreError>.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        do {
                            try await store.insert(links: [Self.link("lnk_\(index)", code: "code00\(index)", alias: "same")])
                            return .success(())
                        } catch let error as StoreError { return .failure(error) } catch { return .failure(.invalidInput("\(error)")) }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(aliasResults.filter { if case .success = $0 { true } else { false } }.count == 1)
            #expect(aliasResults.allSatisfy { if case .failure(let error) = $0 { error == .aliasTaken("same") } else { true } }, "\(aliasResults)")
            let hostResults = await withTaskGroup(of: StoreError?.self) { group in
                for (index, store) in stores.enumerated() {
                    group.addTask {
                        do {
                            try await store.insert(app: Self.app("app\(index)", hosts: ["taken.example"]), keys: [])
                            return nil
                        } catch let error as StoreError { return error } catch { return .invalidInput("\(error)") }
                    }
                }
                return await group.reduce(into: []) { $0.append($1) }
            }
            #expect(hostResults.filter { $0 == nil }.count == 1)
            #expect(hostResults.allSatisfy { $0 == nil || $0 == .hostTaken("taken.example") }, "\(hostResults)")
        }
    }
}

extension SQLStoreTests {
    /// Storage that takes no writes (SQLite at its size limit, PostgreSQL read-only): a write
    /// is refused as `storageUnavailable` and changes nothing, reads go on, the store says
    /// so until a write succeeds again once there is room.
    @Test(arguments: TestDatabase.available) func storageThatTakesNoWritesIsNamedAndLosesNothing(database: TestDatabase) async throws {
        try await database.withFresh { location, url in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                try await store.insert(app: Self.app("a", hosts: ["a.example"]), keys: [])
                try await store.insert(links: [Self.link("lnk_0", code: "code000")])
                try await Self.refuseWrites(store, database: database, url: url, refuse: true)
                var refused = 0
                for index in 1...200 {
                    do {
                        try await store.insert(links: [Self.bigLink("lnk_\(index)", code: "code\(1000 + index)")])
                    } catch StoreError.storageUnavailable {
                        refused += 1
                        break
                    } catch StoreError.unavailable {
                        continue  // PostgreSQL: a pooled connection that was ended; the next is new
                    }
                }
                #expect(refused == 1, "no write was refused")
                #expect(store.writeProblem != nil)
                let kept = try await Self.retrying { try await store.links(appID: "a", before: nil, limit: 500).count }
                #expect(try await Self.retrying { try await store.apps().map(\.id) } == ["a"])
                try await Self.refuseWrites(store, database: database, url: url, refuse: false)
                var stored = false
                for index in 0..<50 where !stored {
                    do {
                        try await store.insert(links: [Self.link("lnk_after\(index)", code: "after\(index)")])
                        stored = true
                    } catch StoreError.unavailable {
                        continue
                    }
                }
                #expect(stored)
                #expect(store.writeProblem == nil)
                #expect(try await Self.retrying { try await store.links(appID: "a", before: nil, limit: 500).count } == kept + 1)
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }

    /// PostgreSQL: each pooled connection the test ended fails its next query once.
    static func retrying<T>(_ body: () async throws -> T) async throws -> T {
        for _ in 0..<20 {
            do { return try await body() } catch StoreError.unavailable { continue }
        }
        return try await body()
    }

    /// A link with a large document: each needs pages of its own.
    static func bigLink(_ id: String, code: String) -> Link {
        var content = LinkContent(path: "/u/\(id)")
        for key in 0..<40 { content.data["k\(key)"] = String(repeating: "x", count: 2000) }
        return Link(id: id, appID: "a", code: code, content: content, createdAt: .now, updatedAt: .now)
    }

    /// SQLite: the database may not grow past the pages it has (`PRAGMA max_page_count`);
    /// PostgreSQL: the database becomes read-only for new sessions, and the pool's open ones end.
    static func refuseWrites(_ store: SQLStore, database: TestDatabase, url: String, refuse: Bool) async throws {
        switch database {
        case .sqlite:
            let pages = try await store.database.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 0
            try await store.database.raw("PRAGMA max_page_count = \(unsafeRaw: String(refuse ? pages : 1 << 30))").run()
        case .postgres:
            // From the server's own database: a session of the read-only one could not undo it.
            let name = String(url.split(separator: "/").last ?? "")
            let server = try #require(TestDatabase.postgresURL)
            try await TestDatabase.administer(server, "ALTER DATABASE \(name) SET default_transaction_read_only = \(refuse ? "on" : "off")")
            try await TestDatabase.administer(
                server, "SELECT pg_terminate_backend(pid) FROM pg_stat_activity WHERE datname = '\(name)' AND pid <> pg_backend_pid()")
        }
    }
}

extension SQLStoreTests {
    /// PostgresNIO never answers a statement written to a connection whose channel has
    /// closed: the store gives up on it once the connection is closed (`closedGrace`) and
    /// says `unavailable`, instead of waiting forever (a test that ended the pool's sessions
    /// hung that way three times in 17 runs).
    @Test(.enabled(if: TestDatabase.available.contains(.postgres)))
    func aStatementOnAConnectionPostgreSQLClosedFailsAsUnavailable() async throws {
        try await TestDatabase.postgres.withFresh { location, _ in
            try await Self.withStore(location) { store in
                guard case .postgres(let pool) = store.engine else { throw TestDatabaseError("not PostgreSQL") }
                let server = try #require(TestDatabase.postgresURL)
                let started = ContinuousClock.now
                await #expect(throws: StoreError.self) {
                    try await pool.withPostgresConnection { connection in
                        let rows = try await connection.query("SELECT pg_backend_pid()", logger: pool.logger)
                        var backend = 0
                        for try await (pid) in rows.decode(Int.self) { backend = pid }
                        try await TestDatabase.administer(server, "SELECT pg_terminate_backend(\(backend))")
                        // Closed on our side too, its handlers gone: the write below goes nowhere.
                        try? await connection.closeFuture.get()
                        try await connection.query("SELECT 1", logger: pool.logger)
                    }
                }
                #expect(ContinuousClock.now - started < .seconds(30))
                // The pool goes on with a new connection.
                #expect(try await Self.retrying { try await store.apps() }.isEmpty)
            }
        }
    }
}
