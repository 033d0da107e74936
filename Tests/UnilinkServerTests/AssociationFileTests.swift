import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import Testing
import UnilinkCore
import UnilinkStorage

@testable import UnilinkServer

@Suite("Association files per host")
struct AssociationFileTests {
    @Test func bothAASAPathsServeTheSameJSONPerHost() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp()
            _ = try await client.createApp(TestServer.otherApp)
            let modern = try await client.send(.get, "/.well-known/apple-app-site-association", host: "link.example.com")
            let legacy = try await client.send(.get, "/apple-app-site-association", host: "link.example.com")
            #expect(modern.status == .ok)
            #expect(modern.headers[.contentType] == "application/json")
            #expect(modern.body == legacy.body)
            let document = try JSONDecoder().decode(AASADocument.self, from: Data(modern.body.readableBytesView))
            let matcher = AASAMatcher(document)
            #expect(
                matcher.decide(appID: "ABCDE12345.com.example.shop", url: "https://link.example.com/u/1", host: "link.example.com").decision == .match
            )
            #expect(
                matcher.decide(appID: "ABCDE12345.com.example.shop", url: "https://link.example.com/help/1", host: "link.example.com").decision
                    == .exclude)
            let head = try await client.send(.head, "/.well-known/apple-app-site-association", host: "link.example.com")
            #expect(head.status == .ok)
            #expect(head.headers[.contentType] == "application/json")
            let short = try await client.send(.get, "/.well-known/apple-app-site-association", host: "exm.pl").text
            #expect(short.contains("\"/*\""))
            let other = try await client.send(.get, "/.well-known/apple-app-site-association", host: "go.other.example.org").text
            #expect(other.contains("FGHIJ67890.com.other.app"))
            #expect(!other.contains("ABCDE12345"))
            let assetLinks = try await client.send(.get, "/.well-known/assetlinks.json", host: "open.example.com")
            #expect(assetLinks.status == .ok)
            #expect(assetLinks.text.contains("\"package_name\":\"com.example.shop\""))
            let robots = try await client.send(.get, "/robots.txt", host: "exm.pl").text
            #expect(robots.contains("Allow: /.well-known/apple-app-site-association"))
            #expect(!robots.contains("Disallow"))
            let unknown = try await client.send(.get, "/.well-known/apple-app-site-association", host: "nobody.example")
            #expect(unknown.status == .notFound)
            #expect(unknown.errorCode == "not_found")
        }
    }

    @Test func filesAndCachedLinksAnswerWhenTheDatabaseIsGone() async throws {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let app = Application(responder: try buildResponder(parts))
        try await app.test(.router) { client in
            let shop = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "warm"}"#, app: shop)
            #expect(try await client.send(.get, "/warm", host: "exm.pl", userAgent: UA.iPhoneSafari).status == .ok)
            try await parts.store.close()
            let aasa = try await client.send(.get, "/.well-known/apple-app-site-association", host: "exm.pl")
            #expect(aasa.status == .ok)
            #expect(aasa.text.contains("ABCDE12345.com.example.shop"))
            #expect(try await client.send(.get, "/.well-known/assetlinks.json", host: "exm.pl").status == .ok)
            #expect(try await client.send(.get, "/warm", host: "exm.pl", userAgent: UA.iPhoneSafari).status == .ok)
            let api = try await client.send(.get, "/v1/links", bearer: shop.secretKey)
            #expect(api.status == .serviceUnavailable)
            #expect(api.errorCode == "database_unavailable")
            #expect(api.headers[.retryAfter] == "5")
        }
    }
}
