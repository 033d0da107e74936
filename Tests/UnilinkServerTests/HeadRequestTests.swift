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

/// HEAD is GET without a body (RFC 9110 section 9.3.2) on every route, over a real socket:
/// the same status and `Location`, `Content-Type`, `Cache-Control` and `Content-Length`
/// for the same visitor, and on a link host never a click and never a pending click
/// (mail scanners and link checkers send HEAD first).
@Suite("HEAD requests")
struct HeadRequestTests {
    struct Row: Sendable, CustomTestStringConvertible {
        var path: String
        var host: String?
        var userAgent: String?
        var admin = false
        var testDescription: String { "\(host ?? "-") \(path) \(userAgent.map { String($0.prefix(30)) } ?? "")" }
    }

    static let rows: [Row] = [
        Row(path: "/anna", host: "exm.pl", userAgent: UA.macSafari),
        Row(path: "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari),
        Row(path: "/u/42", host: "open.example.com", userAgent: UA.iPhoneSafari),
        Row(path: "/u/42", host: "open.example.com", userAgent: UA.androidChrome),
        Row(path: "/anna", host: "exm.pl", userAgent: UA.facebookCrawler),
        Row(path: "/anna", host: "exm.pl", userAgent: UA.weChatIOS),
        Row(path: "/nosuchcode", host: "exm.pl", userAgent: UA.iPhoneSafari),
        Row(path: "/.well-known/apple-app-site-association", host: "exm.pl"),
        Row(path: "/.well-known/assetlinks.json", host: "link.example.com"),
        Row(path: "/v1/apps", admin: true),
        Row(path: "/healthz"),
        Row(path: "/openapi.json"),
        Row(path: "/sdk/web.js"),
        Row(path: "/"),
        Row(path: "/robots.txt", host: "exm.pl"),
    ]

    @Test func headAnswersAsGetDoesWithoutABodyAndIsNeverAClick() async throws {
        let logger = Logger(label: "test")
        let prepared = try await prepareServer(settings: TestServer.settings(), logger: logger)
        let parts = prepared.parts
        let app = try makeApplication(prepared, logger: logger, services: [StoreService(store: parts.store)] + backgroundServices(parts)) { _ in }
        try await app.test(.live) { client in
            let shop = try await client.createApp()
            _ = try await client.createLink(ClickRoutingTests.link, app: shop)
            // HEADs first: the queue is in order, so once the GETs are stored, a HEAD that
            // had been queued would be stored too.
            var heads: [TestResponse] = []
            for row in Self.rows { heads.append(try await Self.send(.head, row, client)) }
            var gets: [TestResponse] = []
            for row in Self.rows { gets.append(try await Self.send(.get, row, client)) }
            for (index, row) in Self.rows.enumerated() {
                let (head, get) = (heads[index], gets[index])
                #expect(head.status == get.status, "\(row.testDescription)")
                #expect(head.body.readableBytes == 0, "\(row.testDescription)")
                for name in [HTTPField.Name.contentType, .cacheControl, .contentLength, .vary] {
                    #expect(head.headers[name] == get.headers[name], "\(row.testDescription): \(name)")
                }
                // Android's Play fallback names this click; the click ids differ, the rest does not.
                #expect(head.headers[.location].map(Self.withoutClickID) == get.headers[.location].map(Self.withoutClickID), "\(row.testDescription)")
            }
            let clickRows = Self.rows.filter {
                $0.host != nil && !$0.path.hasPrefix("/.well-known") && $0.path != "/robots.txt" && $0.userAgent != UA.facebookCrawler
            }
            let expected = clickRows.filter { $0.path != "/nosuchcode" }.count
            #expect(await parts.clicks.waitUntilStored(parts.clicks.acceptedMark, timeout: .seconds(60)), "ends at the write; 60 s only stop a hang")
            #expect(try await Self.clicks(parts.store) == expected)
            // The phone GETs wait for an install (preview, store, intent, browser hint); no HEAD does.
            #expect(try await parts.store.pendingClickCount() == 4)
        }
    }

    static func send(_ method: HTTPRequest.Method, _ row: Row, _ client: any TestClientProtocol) async throws -> TestResponse {
        try await client.send(method, row.path, bearer: row.admin ? TestServer.adminToken : nil, host: row.host, userAgent: row.userAgent)
    }

    static func withoutClickID(_ location: String) -> String {
        location.replacing(/referrer%3D[A-Za-z0-9]+|referrer=[A-Za-z0-9]+/, with: "referrer=ID")
    }

    static func clicks(_ store: SQLStore) async throws -> Int {
        try await store.database.raw("SELECT COUNT(*) AS n FROM clicks").first()?.decode(column: "n", as: Int.self) ?? 0
    }
}
