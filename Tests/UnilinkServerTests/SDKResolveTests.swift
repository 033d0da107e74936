import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

@Suite("The SDK's resolve call")
struct SDKResolveTests {
    static let keyHeader = HTTPField.Name("X-Unilink-Key")!

    func resolve(_ client: any TestClientProtocol, _ url: String, key: String?, appVersion: String? = nil, os: AppPlatform? = nil) async throws
        -> TestResponse
    {
        var headers: HTTPFields = [:]
        if let key { headers[Self.keyHeader] = key }
        let body = try String(decoding: JSONEncoder().encode(ResolveRequest(url: url, appVersion: appVersion, os: os)), as: UTF8.self)
        return try await client.send(.post, "/v1/sdk/resolve", json: body, headers: headers)
    }

    /// FDL's `imv`/`amv`: an app older than the link's minimum hears so, with where to update.
    @Test func anOlderAppIsToldTheLinkNeedsAnUpdate() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(LinksAPITests.example, app: app)  // min 5.2.0 on iOS, 520 on Android
            let url = try #require(link.shortURL)
            let old = try await resolve(client, url, key: app.publishableKey, appVersion: "5.1.9").decode(DeepLinkResultBody.self)
            #expect(old.status == .found)
            #expect(old.deepLink?.path == "/u/1234567")
            #expect(old.deepLink?.minAppVersion == "5.2.0")
            #expect(old.deepLink?.requiresUpdate == true)
            #expect(old.deepLink?.storeURL == "https://apps.apple.com/app/id123456789")
            #expect(old.deepLink?.fallbackURL == "https://www.example.com/u/1234567")
            let current = try await resolve(client, url, key: app.publishableKey, appVersion: "5.10").decode(DeepLinkResultBody.self)
            #expect(current.deepLink?.requiresUpdate == false)
            #expect(current.deepLink?.storeURL == nil)
            let android = try await resolve(client, url, key: app.publishableKey, appVersion: "519", os: .android).decode(DeepLinkResultBody.self)
            #expect(android.deepLink?.minAppVersion == "520")
            #expect(android.deepLink?.storeURL == "https://play.google.com/store/apps/details?id=com.example.shop")
            let unknown = try await resolve(client, url, key: app.publishableKey).decode(DeepLinkResultBody.self)
            #expect(unknown.deepLink?.requiresUpdate == false)
            let plain = try await client.createLink(#"{"path": "/u/2"}"#, app: app)
            let none = try await resolve(client, try #require(plain.shortURL), key: app.publishableKey, appVersion: "1.0").decode(
                DeepLinkResultBody.self)
            #expect(none.deepLink?.minAppVersion == nil && none.deepLink?.requiresUpdate == nil)
            for (version, os) in [("five", "ios"), ("5.2.0", "symbian")] {
                let json = #"{"url": "\#(url)", "app_version": "\#(version)", "os": "\#(os)"}"#
                let bad = try await client.send(.post, "/v1/sdk/resolve", json: json, headers: [Self.keyHeader: app.publishableKey])
                #expect(bad.status == .badRequest, "\(bad.text)")
                #expect(bad.text.contains(version == "five" ? "app_version" : "'os' must be ios or android"), "\(bad.text)")
            }
        }
    }

    @Test func shortLongAndSchemeURLsResolveToTheirContent() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try await client.createLink(LinksAPITests.example, app: app)
            let short = try await resolve(client, try #require(link.shortURL), key: app.publishableKey).decode(DeepLinkResultBody.self)
            #expect(short.status == .found)
            #expect(short.deepLink?.path == "/u/1234567")
            #expect(short.deepLink?.deepLinkValue == "user")
            #expect(short.deepLink?.deepLinkSubs[1] == "1234567")
            #expect(short.deepLink?.isDeferred == false)
            #expect(short.deepLink?.clickEvent["ref"] == "share_button")
            #expect(short.deepLink?.clickEvent["campaign"] == "likes")
            #expect(short.deepLink?.clickEvent["any"] == "thing")

            let long = try await resolve(
                client, "https://link.example.com/u/99?deep_link_value=item&deep_link_sub2=blue&promo=x", key: app.publishableKey
            )
            .decode(DeepLinkResultBody.self)
            #expect(long.status == .found)
            #expect(long.deepLink?.path == "/u/99")
            #expect(long.deepLink?.deepLinkSubs[2] == "blue")
            #expect(long.deepLink?.clickEvent["promo"] == "x")

            let scheme = try await resolve(client, "shop://u/7?deep_link_value=user", key: app.publishableKey).decode(DeepLinkResultBody.self)
            #expect(scheme.status == .found)
            #expect(scheme.deepLink?.path == "/u/7")
            #expect(scheme.deepLink?.deepLinkValue == "user")
        }
    }

    @Test func unknownLinksAndOtherAppsHostsAreNotFound() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createApp(TestServer.otherApp)
            for url in ["https://exm.pl/nope123", "https://go.other.example.org/abc", "https://link.example.com/help/x", "other://u/1"] {
                let result = try await resolve(client, url, key: app.publishableKey)
                #expect(result.status == .ok)
                #expect(try result.decode(DeepLinkResultBody.self).status == .notFound, "\(url)")
            }
        }
    }

    @Test func keysAndBadInputAreRefused() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            #expect(try await resolve(client, "https://exm.pl/x", key: nil).status == .unauthorized)
            #expect(try await resolve(client, "https://exm.pl/x", key: "pk_wrong").status == .unauthorized)
            #expect(try await resolve(client, "https://exm.pl/x", key: app.secretKey).status == .unauthorized)
            #expect(try await resolve(client, "not a url", key: app.publishableKey).status == .unprocessableContent)
            let wrongType = try await client.send(.post, "/v1/sdk/resolve", json: #"{"url": 5}"#, headers: [Self.keyHeader: app.publishableKey])
            #expect(wrongType.status == .badRequest)
            #expect(wrongType.text.contains("url"))
        }
    }
}
