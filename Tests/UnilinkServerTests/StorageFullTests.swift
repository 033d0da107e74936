import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import SQLKit
import Testing
import UnilinkAPI

@testable import UnilinkServer
@testable import UnilinkStorage

/// A full database (SQLite at `PRAGMA max_page_count`, as a full disk makes it): changes
/// are refused with a 503 that says why and loses nothing, `/readyz` says the storage is
/// degraded, and clicks go on being answered and are all stored once there is room.
@Suite("A full disk")
struct StorageFullTests {
    @Test func changesWaitWithA503ClicksGoOnAndAllAreStoredOnceThereIsRoom() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-full-\(UUID().uuidString).sqlite").path
        defer { for suffix in ["", "-wal", "-shm", ".lock"] { try? FileManager.default.removeItem(atPath: file + suffix) } }
        var settings = TestServer.settings()
        settings.database = .sqliteFile(path: file)
        let logger = Logger(label: "test")
        let prepared = try await prepareServer(settings: settings, logger: logger)
        let store = prepared.parts.store
        let app = try makeApplication(prepared, logger: logger, services: [StoreService(store: store)] + backgroundServices(prepared.parts)) { _ in }
        try await app.test(.router) { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/u/1", "alias": "full"}"#, app: shop)
            let before = try await client.send(.get, "/v1/links?limit=200", bearer: shop.secretKey).decode(LinkPage.self).data.count

            // The database may not grow: writes that need a page fail with SQLITE_FULL.
            let pages = try await store.database.raw("PRAGMA page_count").first()?.decode(column: "page_count", as: Int.self) ?? 0
            try await store.database.raw("PRAGMA max_page_count = \(unsafeRaw: String(pages))").run()
            let big =
                #"{"path": "/u/2", "data": {"# + (0..<40).map { #""k\#($0)": "\#(String(repeating: "x", count: 2000))""# }.joined(separator: ",")
                + "}}"
            let refused = try await client.send(.post, "/v1/links", json: big, bearer: shop.secretKey)
            #expect(refused.status == .serviceUnavailable, "\(refused.text)")
            #expect(refused.errorCode == "storage_unavailable")
            #expect(refused.headers[.retryAfter] == "30")
            let ready = try await client.send(.get, "/readyz")
            #expect(ready.status == .ok)
            #expect(ready.text.contains(#""status":"degraded""#), "\(ready.text)")
            #expect(ready.text.contains("refusing_writes"))

            // Clicks are answered while nothing can be written, and wait in memory.
            let clicks = 300
            for _ in 0..<clicks {
                let click = try await client.send(.get, "/full", host: "exm.pl", userAgent: UA.macChrome)
                #expect(click.status == .found)
            }
            // Each is stored or held in memory (a batch being written is neither: wait it out);
            // some are held, since the database refused them; none is dropped.
            let settled = ContinuousClock.now + .seconds(10)
            while try await Self.stored(store, link: link) + prepared.parts.clicks.count != clicks, ContinuousClock.now < settled {
                try await Task.sleep(for: .milliseconds(20))
            }
            #expect(try await Self.stored(store, link: link) + prepared.parts.clicks.count == clicks)
            #expect(prepared.parts.clicks.count > 0, "the database took every click: the test did not fill it")
            #expect(prepared.parts.clicks.droppedCount == 0)

            // Room again: changes work, readiness is back, every click answered is stored.
            try await store.database.raw("PRAGMA max_page_count = 1073741823").run()
            #expect(try await client.send(.post, "/v1/links", json: big, bearer: shop.secretKey).status == .created)
            let deadline = ContinuousClock.now + .seconds(20)
            while try await Self.stored(store, link: link) < clicks, ContinuousClock.now < deadline {
                try await Task.sleep(for: .milliseconds(50))
            }
            #expect(try await Self.stored(store, link: link) == clicks)
            #expect(try await client.send(.get, "/readyz").text.contains(#""status":"ready""#))
            #expect(try await client.send(.get, "/v1/links?limit=200", bearer: shop.secretKey).decode(LinkPage.self).data.count == before + 1)
        }
    }

    static func stored(_ store: SQLStore, link: LinkBody) async throws -> Int {
        try await store.database.raw("SELECT COUNT(*) AS n FROM clicks WHERE link_id = \(bind: link.id ?? "")").first()?.decode(
            column: "n", as: Int.self) ?? 0
    }
}
