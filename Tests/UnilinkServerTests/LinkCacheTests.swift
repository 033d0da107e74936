import Foundation
import Synchronization
import Testing
import UnilinkCore

@testable import UnilinkServer

@Suite("The link cache")
struct LinkCacheTests {
    static func link(_ code: String, path: String, alias: String? = nil) -> Link {
        Link(
            id: "lnk_" + code, appID: "app", code: code, alias: alias, content: LinkContent(path: path),
            createdAt: Date(timeIntervalSince1970: 0), updatedAt: Date(timeIntervalSince1970: 0))
    }

    /// A database whose reads can be held after they have read, as a slow query is.
    final class Database: Sendable {
        let rows = Mutex<[String: Link]>([:])
        let loads = Mutex(0)
        let started: AsyncStream<Void>
        private let startedContinuation: AsyncStream<Void>.Continuation
        let release: AsyncStream<Void>
        let releaseContinuation: AsyncStream<Void>.Continuation
        let holds = Mutex(false)

        init() {
            (started, startedContinuation) = AsyncStream.makeStream()
            (release, releaseContinuation) = AsyncStream.makeStream()
        }

        func load(_ key: LinkKey) async -> Link? {
            loads.withLock { $0 += 1 }
            guard case .code(let code) = key else { return nil }
            let row = rows.withLock { $0[code] }
            if holds.withLock({ $0 }) {
                startedContinuation.yield()
                for await _ in release { break }
            }
            return row
        }
    }

    @Test func anUpdateThatRacesALoadIsNotHiddenByIt() async throws {
        let database = Database()
        database.rows.withLock { $0["abc1234"] = Self.link("abc1234", path: "/old") }
        let cache = LinkCache { await database.load($0) }
        database.holds.withLock { $0 = true }
        let slowClick = Task { try await cache.link(.code("abc1234")) }
        for await _ in database.started { break }
        // The update commits and invalidates while the click's read is still on its way.
        database.rows.withLock { $0["abc1234"] = Self.link("abc1234", path: "/new") }
        cache.invalidate(Self.link("abc1234", path: "/old"))
        database.holds.withLock { $0 = false }
        database.releaseContinuation.yield()
        #expect(try await slowClick.value?.content.path == "/old", "the raced click saw the old row")
        #expect(try await cache.link(.code("abc1234"))?.content.path == "/new")
        #expect(try await cache.link(.code("abc1234"))?.content.path == "/new")
        #expect(database.loads.withLock { $0 } == 2, "the fresh row is cached after one more load")
    }

    @Test func aFloodOfUnknownCodesKeepsTheGoodLinks() async throws {
        let database = Database()
        for index in 0..<50 {
            let code = "good\(index)"
            database.rows.withLock { $0[code] = Self.link(code, path: "/u/\(index)") }
        }
        let cache = LinkCache(byteBudget: 1 << 20, missCapacity: 20) { await database.load($0) }
        for index in 0..<50 { _ = try await cache.link(.code("good\(index)")) }
        for index in 0..<10_000 { #expect(try await cache.link(.code("nope\(index)")) == nil) }
        #expect(cache.count.links == 50)
        #expect(cache.count.missing <= 20)
        let before = database.loads.withLock { $0 }
        for index in 0..<50 { #expect(try await cache.link(.code("good\(index)"))?.content.path == "/u/\(index)") }
        #expect(database.loads.withLock { $0 } == before, "every good link answered from memory")
    }

    @Test func aNewLinkReplacesACachedMiss() async throws {
        let database = Database()
        let cache = LinkCache { await database.load($0) }
        #expect(try await cache.link(.code("late123")) == nil)
        let link = Self.link("late123", path: "/u/1")
        database.rows.withLock { $0["late123"] = link }
        cache.invalidate(link)
        #expect(try await cache.link(.code("late123")) == link)
    }

    /// A working set above the budget: links clicked again and again stay cached while
    /// a stream of links clicked once passes through (the cache used to start over).
    @Test func hotLinksSurviveAStreamOfLinksClickedOnce() async throws {
        let database = Database()
        for index in 0..<400 { database.rows.withLock { $0["c\(index)"] = Self.link("c\(index)", path: "/u/\(index)") } }
        let one = Self.link("c0", path: "/u/0").estimatedBytes + 200
        let evictions = Mutex(0)
        let cache = LinkCache(byteBudget: 60 * one, onEviction: { evictions.withLock { $0 += 1 } }, load: { await database.load($0) })
        let hot = (0..<20).map { "c\($0)" }
        for code in hot { _ = try await cache.link(.code(code)) }
        for index in 20..<400 {
            _ = try await cache.link(.code("c\(index)"))
            // The hot set is clicked between every few cold links.
            if index % 5 == 0 { for code in hot { _ = try await cache.link(.code(code)) } }
        }
        let loads = database.loads.withLock { $0 }
        for code in hot { #expect(try await cache.link(.code(code))?.code == code) }
        #expect(database.loads.withLock { $0 } == loads, "every hot link answered from memory")
        #expect(database.loads.withLock { $0 } == 400, "each link loaded once: the hot ones never fell out")
        #expect(evictions.withLock { $0 } > 0)
        #expect(cache.count.bytes <= 60 * one)
        #expect(cache.count.links > 30, "the cache stays full, not started over")
    }

    @Test func bigLinksAreChargedByTheirBytes() async throws {
        let database = Database()
        let big = String(repeating: "x", count: 2000)
        for index in 0..<100 {
            var link = Self.link("big\(index)", path: "/u/\(index)")
            link.content.data = ["note": big]
            database.rows.withLock { $0["big\(index)"] = link }
        }
        let evictions = Mutex(0)
        let cache = LinkCache(byteBudget: 50_000, onEviction: { evictions.withLock { $0 += 1 } }, load: { await database.load($0) })
        for index in 0..<100 { _ = try await cache.link(.code("big\(index)")) }
        #expect(cache.count.bytes <= 50_000)
        #expect(cache.count.links < 25)
        #expect(evictions.withLock { $0 } >= 4)
    }
}
