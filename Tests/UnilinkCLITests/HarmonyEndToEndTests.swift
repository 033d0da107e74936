import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkAPI

/// HarmonyOS NEXT through the real binary on loopback (issue 43, item 5): an app with a
/// `harmony` block, `applinking.json` on each of its hosts and on the demo app's, and each
/// kind of Huawei phone's click, counted under its platform after a restart.
@Suite("HarmonyOS NEXT end to end", .serialized)
struct HarmonyEndToEndTests {
    static let harmonyPhone =
        "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300"
    static let harmonyTablet =
        "Mozilla/5.0 (Tablet; OpenHarmony 6.1) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/132.0.0.0 Safari/537.36ArkWeb/6.1.0.120 HuaweiBrowser/6.1.6.310"
    static let harmonyOS3 =
        "Mozilla/5.0 (Linux; Android 12; HarmonyOS; NOH-AN00; HMSCore 6.11.0.302) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/99.0.4844.88 HuaweiBrowser/14.0.0.320 Mobile Safari/537.36"

    @Test func aHuaweiPhoneWithoutTheAppGetsAppGallery() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-harmony-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let database = directory.appendingPathComponent("unilink.sqlite")
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }

        var server = try await RunningServer(database: database)
        var client = LoopbackClient(client: http, port: server.port)
        let admin = try #require(server.bannerValue("Admin token"))
        let demo = try await client.send("/.well-known/applinking.json", host: "link.localhost")
        #expect(demo.status == 200)
        #expect(demo.body == #"{"applinking":{"apps":[]}}"#)

        let appJSON = """
            {"name": "Shop", "android": {"package": "com.example.shop"},
             "harmony": {"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "5765880207854258433", "index": 1}]},
             "domains": [{"host": "link.example.com", "role": "primary"}, {"host": "open.example.com", "role": "alternate"}, {"host": "exm.pl", "role": "short"}],
             "paths": ["/u/*"], "web": {"allowed_hosts": ["www.example.com"]}}
            """
        let created = try await client.send("/v1/apps", method: .POST, bearer: admin, json: appJSON)
        #expect(created.status == 201, "\(created.body)")
        let app = try JSONDecoder().decode(AppBody.self, from: Data(created.body.utf8))
        let secret = try #require(app.secretKey)
        for host in ["link.example.com", "open.example.com", "exm.pl"] {
            let file = try await client.send("/.well-known/applinking.json", host: host)
            #expect(file.status == 200)
            #expect(file.headers.first(name: "content-type") == "application/json")
            #expect(file.body == #"{"applinking":{"apps":[{"appIdentifier":"5765880207854258433","index":1}]}}"#)
        }
        let storeOnly = try JSONDecoder().decode(
            LinkBody.self, from: Data(try await client.send("/v1/links", method: .POST, bearer: secret, json: #"{"path": "/u/1"}"#).body.utf8))
        let withWeb = try JSONDecoder().decode(
            LinkBody.self,
            from: Data(
                try await client.send(
                    "/v1/links", method: .POST, bearer: secret, json: #"{"path": "/u/2", "web_url": "https://www.example.com/u/2"}"#
                )
                .body.utf8))
        let code = try #require(storeOnly.code), webCode = try #require(withWeb.code)

        let phone = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.harmonyPhone)
        #expect(phone.status == 302)
        #expect(phone.location == "https://appgallery.huawei.com/app/detail?id=com.example.shop")
        let tablet = try await client.send("/u/1?ul_code=\(code)", host: "open.example.com", userAgent: Self.harmonyTablet)
        #expect(tablet.location == "https://appgallery.huawei.com/app/detail?id=com.example.shop")
        let web = try await client.send("/\(webCode)", host: "exm.pl", userAgent: Self.harmonyPhone)
        #expect(web.location == "https://www.example.com/u/2")
        // HarmonyOS 3 runs Android apps: Android's route, the preview with Google Play.
        let android = try await client.send("/\(code)", host: "exm.pl", userAgent: Self.harmonyOS3)
        #expect(android.status == 200)
        #expect(android.body.contains("Google Play"))

        #expect(try await server.stop() == 0)
        server = try await RunningServer(database: database)
        client = LoopbackClient(client: http, port: server.port)
        let again = try await client.send("/.well-known/applinking.json", host: "exm.pl")
        #expect(again.body.contains("5765880207854258433"))
        let stats = try JSONDecoder().decode(
            LinkStats.self, from: Data(try await client.send("/v1/links/\(try #require(storeOnly.id))/stats", bearer: secret).body.utf8))
        #expect(stats.byPlatform == ["harmony": 2, "android": 1])
        #expect(stats.byOutcome["store"] == 2)
        let export = try await client.send("/v1/apps/\(try #require(app.id))/clicks.csv?platform=harmony", bearer: secret)
        #expect(export.status == 200)
        let rows = export.body.split(whereSeparator: \.isNewline).dropFirst()
        #expect(rows.count == 3 && rows.allSatisfy { $0.contains(",harmony,") }, "three harmony clicks: \(export.body)")
        #expect(try await server.stop() == 0)
    }
}
