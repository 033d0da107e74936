import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

@Suite("Apps and hosts through the admin API")
struct AppsAPITests {
    @Test func createShowsTheSecretOnceAndTheAppAfterwards() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            #expect(app.secretKey.hasPrefix("sk_"))
            #expect(app.publishableKey.hasPrefix("pk_"))
            let one = try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(one.name == "Shop")
            #expect(one.secretKey == nil)
            #expect(one.publishableKey == app.publishableKey)
            #expect(one.domains?.map(\.role) == ["primary", "alternate", "short"])
            let list = try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken).decode(AppList.self)
            #expect(list.data.map(\.id) == [app.id])
        }
    }

    @Test func adminCallsNeedTheAdminToken() async throws {
        try await TestServer.run { client in
            let missing = try await client.send(.post, "/v1/apps", json: TestServer.shopApp)
            #expect(missing.status == .unauthorized)
            #expect(missing.errorCode == "unauthorized")
            #expect(try await client.send(.get, "/v1/apps", bearer: "wrong").status == .unauthorized)
            let app = try await client.createApp()
            let bySecret = try await client.send(.get, "/v1/apps", bearer: app.secretKey)
            #expect(bySecret.status == .forbidden && bySecret.text.contains("apps:read"), "a secret key has its links, not apps")
        }
    }

    @Test func aHostBelongsToOneAppAndARefusalLosesNothing() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp()
            let clash = TestServer.otherApp.replacingOccurrences(of: "go.other.example.org", with: "exm.pl")
            let response = try await client.send(.post, "/v1/apps", json: clash, bearer: TestServer.adminToken)
            #expect(response.status == .conflict)
            #expect(response.errorCode == "host_taken")
            #expect(response.text.contains("exm.pl"))
            let aasa = try await client.send(.get, "/.well-known/apple-app-site-association", host: "exm.pl")
            #expect(aasa.status == .ok)
            #expect(aasa.text.contains("ABCDE12345.com.example.shop"))
            let list = try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken).decode(AppList.self)
            #expect(list.data.count == 1)
        }
    }

    @Test func theSameHostTwiceInOneAppIsRefused() async throws {
        try await TestServer.run { client in
            let twice = TestServer.shopApp.replacingOccurrences(of: "\"host\": \"open.example.com\"", with: "\"host\": \"link.example.com\"")
            let response = try await client.send(.post, "/v1/apps", json: twice, bearer: TestServer.adminToken)
            #expect(response.status == .conflict)
        }
    }

    @Test func patchRebuildsTheAssociationFilesAndRefusesAnotherAppsHost() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            let patched = try await client.send(.patch, "/v1/apps/\(shop.id)", json: #"{"paths": ["/items/*"]}"#, bearer: TestServer.adminToken)
            #expect(patched.status == .ok)
            let aasa = try await client.send(.get, "/.well-known/apple-app-site-association", host: "link.example.com").text
            #expect(aasa.contains("/items/*"))
            #expect(!aasa.contains("/u/*"))
            let steal = #"{"domains": [{"host": "go.other.example.org", "role": "short"}]}"#
            let refused = try await client.send(.patch, "/v1/apps/\(shop.id)", json: steal, bearer: TestServer.adminToken)
            #expect(refused.status == .conflict)
            let otherFile = try await client.send(.get, "/.well-known/apple-app-site-association", host: "go.other.example.org").text
            #expect(otherFile.contains("FGHIJ67890.com.other.app"))
            let shopStill = try await client.send(.get, "/.well-known/apple-app-site-association", host: "exm.pl")
            #expect(shopStill.status == .ok)
            _ = other
        }
    }

    /// What `/openapi.json` states is a 400; what only words can state (a URL browsers
    /// refuse, a host name that is not one, two primary hosts, an identity a change lacks) a 422.
    @Test(arguments: [
        (#"{"name": "X", "ios": {"team_id": "abc", "bundle_id": "com.x"}}"#, 400, "ios.team_id"),
        (#"{"name": 5}"#, 400, "name"),
        (#"{"name": " \u3000\n"}"#, 400, "name"),
        (#"{"ios": {"team_id": "ABCDE12345", "bundle_id": "com.x"}}"#, 400, "name"),
        (#"{"name": "X", "ios": {"team_id": "ABCDE12345"}}"#, 400, "ios.bundle_id"),
        (#"{"name": "X", "domains": [{"host": "https://x.com/", "role": "primary"}]}"#, 400, "not a host name"),
        (#"{"name": "X", "domains": [{"host": "x.com", "role": "main"}]}"#, 400, "primary, alternate or short"),
        (#"{"name": "X", "domains": [{"host": "x.com", "role": "primary"}, {"host": "y.com", "role": "primary"}]}"#, 422, "one primary host"),
        (#"{"name": "X", "android": {"package": "com.x", "sha256_cert_fingerprints": ["AB:CD"]}}"#, 400, "sha256_cert_fingerprints"),
        (
            #"{"name": "X", "android": {"package": "com.x", "sha256_cert_fingerprints": ["+A\#(String(repeating: ":AB", count: 31))"]}}"#, 400,
            "sha256_cert_fingerprints"
        ),
        (#"{"name": "X", "android": {"package": "com.x", "scheme": "https"}}"#, 422, "android.scheme"),
        (#"{"name": "X", "paths": ["/a\u00a0b"]}"#, 400, "paths"),
        (#"{"name": "X", "web": {"fallback_url": "javascript:alert(1)"}}"#, 422, "web.fallback_url"),
        (#"{"name": "X", "web": {"allowed_hosts": ["www.exa<mple.com"]}}"#, 422, "web.allowed_hosts"),
        (#"{"name": "X", "web": {"allowed_hosts": ["evil.example/www.example.com"]}}"#, 422, "web.allowed_hosts"),
        (#"{"name": "X", "web": {"allowed_hosts": ["256.0.0.1"]}}"#, 422, "web.allowed_hosts"),
        (#"{"name": "X""#, 400, "not valid JSON"),
        (#"["name"]"#, 400, "must be an object"),
    ])
    func badAppsAreRefusedNamingTheProblem(json: String, status: Int, mentions: String) async throws {
        try await TestServer.run { client in
            let response = try await client.send(.post, "/v1/apps", json: json, bearer: TestServer.adminToken)
            #expect(response.status.code == status, "\(response.text)")
            #expect(response.text.contains(mentions), "\(response.text)")
        }
    }

    /// The allow-list and the fallback are stored as browsers write them, so they read
    /// back as the hosts and URL the server compares and redirects with.
    @Test func webSettingsAreStoredAsBrowsersWriteThem() async throws {
        try await TestServer.run { client in
            let json =
                #"{"name": "X", "web": {"fallback_url": "HTTPS://Bücher.example/a/../b", "allowed_hosts": ["Bücher.example", "*.CDN.example.com", "0x7f.1"]}}"#
            let response = try await client.send(.post, "/v1/apps", json: json, bearer: TestServer.adminToken)
            #expect(response.status == .created, "\(response.text)")
            let app = try response.decode(AppBody.self)
            #expect(app.web?.fallbackURL == "https://xn--bcher-kva.example/b")
            #expect(app.web?.allowedHosts == ["xn--bcher-kva.example", "*.cdn.example.com", "127.0.0.1"])
        }
    }

    @Test func unknownAppIs404() async throws {
        try await TestServer.run { client in
            let response = try await client.send(.get, "/v1/apps/app_nope", bearer: TestServer.adminToken)
            #expect(response.status == .notFound)
        }
    }

    /// A platform's identity is needed the first time it is set, and only then.
    @Test func aChangeAddingAPlatformNeedsItsIdentity() async throws {
        try await TestServer.run { client in
            let created = try await client.send(.post, "/v1/apps", json: #"{"name": "Web only"}"#, bearer: TestServer.adminToken).decode(AppBody.self)
            let uri = "/v1/apps/\(try #require(created.id))"
            let partial = try await client.send(.patch, uri, json: #"{"ios": {"scheme": "shop"}}"#, bearer: TestServer.adminToken)
            #expect(partial.status == .unprocessableContent && partial.errorCode == "app_identity_required", "\(partial.text)")
            #expect(
                try await client.send(.patch, uri, json: #"{"ios": {"team_id": "ABCDE12345", "bundle_id": "com.x"}}"#, bearer: TestServer.adminToken)
                    .status == .ok)
            let scheme = try await client.send(.patch, uri, json: #"{"ios": {"scheme": "shop"}}"#, bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(scheme.ios?.scheme == "shop" && scheme.ios?.bundleID == "com.x")
        }
    }

    @Test func keysRotateWithAGracePeriod() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let uri = "/v1/apps/\(app.id)/keys/rotate"
            let bySecret = try await client.send(.post, uri, json: "{}", bearer: app.secretKey)
            #expect(bySecret.status == .forbidden, "only the app's admins rotate keys")
            for bad in [#"{"kind": "master"}"#, #"{"grace_seconds": -1}"#, #"{"grace_seconds": 9999999}"#] {
                #expect(try await client.send(.post, uri, json: bad, bearer: TestServer.adminToken).status == .badRequest, "\(bad)")
            }
            #expect(try await client.send(.post, "/v1/apps/app_nope/keys/rotate", json: "{}", bearer: TestServer.adminToken).status == .notFound)

            let rotated = try await client.send(.post, uri, json: #"{"kind": "secret", "grace_seconds": 0}"#, bearer: TestServer.adminToken)
            #expect(rotated.status == .created)
            let body = try JSONSerialization.jsonObject(with: Data(rotated.text.utf8)) as? [String: Any]
            let newSecret = try #require(body?["secret_key"] as? String)
            #expect(newSecret.hasPrefix("sk_") && newSecret != app.secretKey)
            #expect(try await client.send(.get, "/v1/links", bearer: app.secretKey).status == .unauthorized, "revoked at once")
            #expect(try await client.send(.get, "/v1/links", bearer: newSecret).status == .ok)

            let withoutBody = try await client.send(.post, uri, bearer: TestServer.adminToken)
            #expect(withoutBody.status == .created && withoutBody.text.contains("\"kind\":\"secret\""), "no body: the secret key, a day's grace")
            let publishable = try await client.send(
                .post, uri, json: #"{"kind": "publishable", "grace_seconds": 3600}"#, bearer: TestServer.adminToken)
            let newPublishable = try #require(
                (try JSONSerialization.jsonObject(with: Data(publishable.text.utf8)) as? [String: Any])?["publishable_key"] as? String)
            let key = HTTPField.Name("X-Unilink-Key")!
            let resolve = #"{"url": "https://link.example.com/u/1"}"#
            #expect(
                try await client.send(.post, "/v1/sdk/resolve", json: resolve, headers: [key: app.publishableKey]).status == .ok,
                "old key in its grace period")
            #expect(try await client.send(.post, "/v1/sdk/resolve", json: resolve, headers: [key: newPublishable]).status == .ok)
            let shown = try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(shown.publishableKey == newPublishable)
        }
    }
}
