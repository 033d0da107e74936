import Foundation
import Logging
import Testing
import UnilinkCore
import UnilinkStorage

/// The store on a real SQLite file.
@Suite("SQL store on SQLite")
struct SQLStoreTests {
    static func withStore(_ body: (SQLStore, URL) async throws -> Void) async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-store-\(UUID().uuidString).sqlite")
        defer { for suffix in ["", "-wal", "-shm"] { try? FileManager.default.removeItem(atPath: file.path + suffix) } }
        let store = try await SQLStore.open(.sqliteFile(path: file.path), logger: Logger(label: "test"))
        try await body(store, file)
    }

    static func app(_ id: String, hosts: [String]) -> App {
        App(id: id, name: id, domains: hosts.map { App.Domain(host: $0, role: .short) })
    }

    static func link(_ id: String, code: String, alias: String? = nil) -> Link {
        Link(id: id, appID: "a", code: code, alias: alias, content: LinkContent(path: "/u/\(id)"), createdAt: .now, updatedAt: .now)
    }

    @Test func reopeningAppliesNoMigrationTwiceAndKeepsTheData() async throws {
        try await Self.withStore { store, file in
            try await store.insert(app: Self.app("a", hosts: ["a.example"]), keys: [])
            try await store.close()
            let again = try await SQLStore.open(.sqliteFile(path: file.path), logger: Logger(label: "test"))
            #expect(try await again.apps().map(\.id) == ["a"])
            try await again.close()
        }
    }

    @Test func aBatchWithATakenCodeOrAliasStoresNothing() async throws {
        try await Self.withStore { store, _ in
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

    @Test func aRefusedHostChangeKeepsTheAppsHosts() async throws {
        try await Self.withStore { store, _ in
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

    @Test func expiredPendingClicksArePurgedAndNeverCandidates() async throws {
        try await Self.withStore { store, _ in
            let now = Date.now
            func pending(_ id: String, expiresIn seconds: Double) -> ClickRecord {
                ClickRecord(clickID: id, appID: "a", linkID: nil, time: now, host: "h", path: "/", platform: .ios, outcome: .preview,
                            pending: PendingClick(clickID: id, appID: "a", linkID: nil, content: LinkContent(path: "/u/1"), time: now.addingTimeInterval(-10),
                                                  expiresAt: now.addingTimeInterval(seconds), networkKey: "n", prefixKey: "p", os: .ios, osVersion: "18.1",
                                                  model: nil, acceptLanguages: []))
            }
            try await store.insert(clicks: [pending("old", expiresIn: -1), pending("open", expiresIn: 3600)])
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).map(\.clickID) == ["open"])
            #expect(try await store.purgePendingClicks(before: now) == 1)
            #expect(try await store.pendingClickCount() == 1)
            #expect(try await store.consume(clickID: "open", by: "install-1"))
            #expect(try await store.consume(clickID: "open", by: "install-1"))
            #expect(try await !store.consume(clickID: "open", by: "install-2"))
            #expect(try await store.pendingClicks(appID: "a", prefixKey: "p", at: now).isEmpty)
            try await store.close()
        }
    }

    /// Old raw clicks become daily counts: a link's stats are the same before and after.
    @Test func retentionRollsClicksUpAndDeletesOldRecords() async throws {
        try await Self.withStore { store, _ in
            let now = Date.now, old = now.addingTimeInterval(-100 * 86_400)
            func click(_ id: String, at time: Date, platform: ClickPlatform = .ios, outcome: ClickOutcome = .preview) -> ClickRecord {
                ClickRecord(clickID: id, appID: "a", linkID: "lnk_1", time: time, host: "h", path: "/x", platform: platform, outcome: outcome)
            }
            try await store.insert(clicks: [click("c1", at: old), click("c2", at: old), click("c3", at: old, platform: .desktop, outcome: .web),
                                            click("c4", at: now)])
            try await store.insert(event: AppEvent(appID: "a", installID: "install-old", linkID: "lnk_1", clickID: nil, type: "open", time: old))
            try await store.insert(event: AppEvent(appID: "a", installID: "install-new", linkID: "lnk_1", clickID: nil, type: "open", time: now))
            try await store.record(answer: "{}", appID: "a", installID: "install-old", clickID: nil, install: nil)
            let before = try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31")
            let cutoff = now.addingTimeInterval(-90 * 86_400)
            // The answer was stored "now" by the store's own clock, after `now` above: on a loaded machine seconds later.
            let afterTheAnswer = Date.now.addingTimeInterval(1)
            let done = try await store.applyRetention(clicksBefore: cutoff, eventsBefore: cutoff, answersBefore: afterTheAnswer)
            #expect(done.clicksRolledUp == 3 && done.events == 1 && done.deferredAnswers == 1)
            let after = try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31")
            #expect(Set(after.map { "\($0.day) \($0.platform) \($0.outcome) \($0.count)" }) == Set(before.map { "\($0.day) \($0.platform) \($0.outcome) \($0.count)" }))
            #expect(after.map(\.count).reduce(0, +) == 4)
            #expect(try await store.applyRetention(clicksBefore: cutoff, eventsBefore: cutoff, answersBefore: cutoff) == .init(), "nothing twice")
            #expect(try await store.clickCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31").map(\.count).reduce(0, +) == 4)
            #expect(try await store.eventCounts(linkID: "lnk_1", from: "0000-01-01", to: "9999-12-31") == ["open": 1])
            #expect(try await store.deferredAnswer(appID: "a", installID: "install-old") == nil)
            try await store.close()
        }
    }
}
