import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdTesting
import Logging
import NIOCore
import SQLKit
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkServer
@testable import UnilinkStorage

/// HarmonyOS NEXT as a platform on the server in process (issue 43, item 5): the `harmony`
/// block through the API, `applinking.json` on every host, a HarmonyOS phone's click and its
/// count under `harmony`.
@Suite("HarmonyOS NEXT apps")
struct HarmonyAppTests {
    static let harmonyApp = """
        {"name": "Shop",
         "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789"},
         "harmony": {"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "5765880207854258433"}]},
         "domains": [{"host": "link.example.com", "role": "primary"}, {"host": "open.example.com", "role": "alternate"}, {"host": "exm.pl", "role": "short"}],
         "paths": ["/u/*"]}
        """
    static let phone =
        "Mozilla/5.0 (Phone; OpenHarmony 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/114.0.0.0 Safari/537.36 ArkWeb/4.1.6.1 Mobile HuaweiBrowser/5.0.4.300"

    /// A malformed block is 422 `invalid_harmony` naming the field; nothing is stored.
    @Test(arguments: [
        (#"{"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": ""}]}"#, "harmony.app_identifiers[0].app_identifier"),
        (
            #"{"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "1"}, {"app_identifier": "2", "index": 101}]}"#,
            "harmony.app_identifiers[1].index"
        ),
        (#"{"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "1", "index": -101}]}"#, "harmony.app_identifiers[0].index"),
        (
            #"{"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "1"}, {"app_identifier": "1"}]}"#,
            "harmony.app_identifiers[1]"
        ),
        (#"{"bundle_name": "com.example.shop", "app_identifiers": [{"app_identifier": "a b"}]}"#, "harmony.app_identifiers[0].app_identifier"),
        (#"{"bundle_name": "com.example.shop", "app_gallery_url": "https://evil.example/app/detail?id=x"}"#, "harmony.app_gallery_url"),
        (#"{"bundle_name": "com.example.shop", "app_gallery_url": "http://appgallery.huawei.com/app/detail?id=x"}"#, "harmony.app_gallery_url"),
        (#"{"bundle_name": "com.example.shop", "app_gallery_url": "https://appgallery.huawei.com.evil.example/"}"#, "harmony.app_gallery_url"),
        (#"{"bundle_name": "com.example.shop", "app_gallery_url": "https://appgallery.huawei.com:444/"}"#, "harmony.app_gallery_url"),
        (#"{"bundle_name": ""}"#, "harmony.bundle_name"),
        (#"{"bundle_name": "shop"}"#, "harmony.bundle_name"),
        (#"{"bundle_name": "com.example.1shop"}"#, "harmony.bundle_name"),
    ])
    func aMalformedBlockIs422NamingTheField(harmony: String, field: String) async throws {
        try await TestServer.run { client in
            let response = try await client.send(.post, "/v1/apps", json: #"{"name": "X", "harmony": \#(harmony)}"#, bearer: TestServer.adminToken)
            #expect(response.status == .unprocessableContent, "\(response.text)")
            #expect(response.errorCode == "invalid_harmony", "\(response.text)")
            #expect(response.text.contains("'\(field)"), "\(response.text)")
            let list = try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken).decode(AppList.self)
            #expect(list.data.allSatisfy { $0.name != "X" })
        }
    }

    @Test func theBlockReadsBackAndEveryHostServesItsFile() async throws {
        try await TestServer.run { client in
            let created = try await client.createApp(Self.harmonyApp)
            let read = try await client.send(.get, "/v1/apps/\(created.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(
                read.harmony
                    == AppBody.Harmony(bundleName: "com.example.shop", appIdentifiers: [.init(appIdentifier: "5765880207854258433")]))
            for host in ["link.example.com", "open.example.com", "exm.pl"] {
                let file = try await client.send(.get, "/.well-known/applinking.json", host: host)
                #expect(file.status == .ok)
                #expect(file.headers[.contentType] == "application/json")
                #expect(file.headers[.cacheControl] == "public, max-age=3600")
                #expect(file.text == #"{"applinking":{"apps":[{"appIdentifier":"5765880207854258433"}]}}"#)
                let head = try await client.send(.head, "/.well-known/applinking.json", host: host)
                #expect(head.status == .ok && head.body.readableBytes == 0)
            }
            let patch = #"""
                {"harmony": {"app_identifiers": [{"app_identifier": "5765880207854258433", "index": 10}, {"app_identifier": "6917613462213244123"}],
                             "app_gallery_url": "https://appgallery.huawei.com/app/detail?id=com.example.shop&channelId=SHARE", "scheme": "ShopHarmony"}}
                """#
            let patched = try await client.send(.patch, "/v1/apps/\(created.id)", json: patch, bearer: TestServer.adminToken)
            #expect(patched.status == .ok, "\(patched.text)")
            let harmony = try patched.decode(AppBody.self).harmony
            #expect(harmony?.bundleName == "com.example.shop")
            #expect(harmony?.scheme == "shopharmony")
            #expect(harmony?.appGalleryURL == "https://appgallery.huawei.com/app/detail?id=com.example.shop&channelId=SHARE")
            #expect(
                try await client.send(.get, "/.well-known/applinking.json", host: "exm.pl").text
                    == #"{"applinking":{"apps":[{"appIdentifier":"5765880207854258433","index":10},{"appIdentifier":"6917613462213244123"}]}}"#)
            #expect(try await client.send(.get, "/robots.txt", host: "exm.pl").text.contains("Allow: /.well-known/applinking.json"))
        }
    }

    /// An app without a HarmonyOS app serves an empty list, never an error; a host no app
    /// serves is 404, as for the other association files.
    @Test func anAppWithoutTheBlockServesAnEmptyList() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp()
            let file = try await client.send(.get, "/.well-known/applinking.json", host: "link.example.com")
            #expect(file.status == .ok)
            #expect(file.text == #"{"applinking":{"apps":[]}}"#)
            let unknown = try await client.send(.get, "/.well-known/applinking.json", host: "nobody.example")
            #expect(unknown.status == .notFound && unknown.errorCode == "not_found")
        }
    }

    @Test func theFileAnswersWhenTheDatabaseIsGone() async throws {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let app = Application(responder: try buildResponder(parts))
        try await app.test(.router) { client in
            _ = try await client.createApp(Self.harmonyApp)
            try await parts.store.close()
            let file = try await client.send(.get, "/.well-known/applinking.json", host: "open.example.com")
            #expect(file.status == .ok)
            #expect(file.text.contains("5765880207854258433"))
        }
    }

    /// A HarmonyOS phone: the web page when the link has one, AppGallery otherwise; counted
    /// under `harmony` in the link's numbers.
    @Test func aPhonesClickGoesToAppGalleryAndCountsAsHarmony() async throws {
        try await TestServer.run { client, server in
            let app = try await client.createApp(Self.harmonyApp)
            let link = try await client.createLink(#"{"path": "/u/1", "alias": "anna"}"#, app: app)
            _ = try await client.createLink(#"{"path": "/u/2", "alias": "bob", "web_url": "https://link.example.com/web/2"}"#, app: app)
            let code = try #require(link.code)
            for host in ["exm.pl", "link.example.com"] {
                let path = host == "exm.pl" ? "/anna" : "/u/1?ul_code=\(code)"
                let click = try await client.send(.get, path, host: host, userAgent: Self.phone)
                #expect(click.status == .found)
                #expect(click.headers[.location] == "https://appgallery.huawei.com/app/detail?id=com.example.shop")
            }
            let web = try await client.send(.get, "/bob", host: "exm.pl", userAgent: Self.phone)
            #expect(web.headers[.location] == "https://link.example.com/web/2")
            try await client.send(.get, "/anna", host: "exm.pl", userAgent: UA.iPhoneSafari)
            await server.clicksStored()
            let stats = try await client.send(.get, "/v1/links/\(try #require(link.id))/stats", bearer: app.secretKey).decode(LinkStats.self)
            #expect(stats.byPlatform == ["harmony": 2, "ios": 1])
            #expect(stats.byOutcome["store"] == 2)
        }
    }

    /// The dashboard's form makes the same block (APP IDs one per line, an index after one),
    /// shows a refusal at its field, and the app's page shows the block and each host's file.
    @Test func theDashboardFormAndPageKnowTheBlock() async throws {
        try await TestServer.run { client in
            let session = try await DashboardTests.signIn(client, token: TestServer.adminToken)
            let headers = DashboardTests.form.merging([.cookie: session.cookie])
            let fields = "csrf=\(session.csrf)&name=Good&domains=good.example+short&harmony_bundle_name=com.example.good"
            let refused = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: fields + "&harmony_app_gallery_url=https%3A%2F%2Fevil.example%2F"))
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"id="harmony_app_gallery_url-error""#), "\(refused.text)")
            let created = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: fields + "&harmony_app_identifiers=5765880207854258433+10%0D%0A6917613462213244123"))
            #expect(created.status == .ok, "\(created.text)")
            let apps = try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken).decode(AppList.self)
            let app = try #require(apps.data.first { $0.name == "Good" })
            #expect(
                app.harmony?.appIdentifiers == [.init(appIdentifier: "5765880207854258433", index: 10), .init(appIdentifier: "6917613462213244123")])
            let page = try await client.execute(uri: "/apps/\(try #require(app.id))", method: .get, headers: [.cookie: session.cookie]).text
            #expect(page.contains("HarmonyOS NEXT"))
            #expect(page.contains("5765880207854258433 (index 10)"))
            #expect(page.contains("applinking.json (HarmonyOS App Linking) served at https://good.example/.well-known/applinking.json"))
            #expect(page.contains("https://appgallery.huawei.com/app/detail?id=com.example.good"))
            let edit = try await client.execute(uri: "/apps/\(try #require(app.id))/edit", method: .get, headers: [.cookie: session.cookie]).text
            #expect(edit.contains("5765880207854258433 10\n6917613462213244123"))
        }
    }

    /// The link debugger plays a HarmonyOS NEXT phone with and without the app.
    @Test func theDebuggerShowsAppGalleryForAHarmonyPhone() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp(Self.harmonyApp)
            let created = try await client.createLink(#"{"path": "/u/1"}"#, app: app)
            let page = try await DebuggerURLTests.debugger(client, url: try #require(created.shortURL))
            #expect(
                try DebuggerURLTests.shown(page, visitor: "harmony-no-app") == [
                    .init(step: "redirect", kind: "app-gallery", url: "https://appgallery.huawei.com/app/detail?id=com.example.shop")
                ])
            #expect(try DebuggerURLTests.shown(page, visitor: "harmony-app").map(\.step) == ["app-opens"])
        }
    }

    /// The document of an app as the build before HarmonyOS NEXT (39f03dc) wrote it, read
    /// from its SQLite file after `POST /v1/apps`.
    static let previousDocument =
        #"{"android":{"package":"com.example.shop","scheme":"shop","sha256CertFingerprints":["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},"createdAt":1795698676675.2449,"domains":[{"host":"link.example.com","role":"primary"},{"host":"open.example.com","role":"alternate"},{"host":"exm.pl","role":"short"}],"excludePaths":["\/help\/*"],"id":"app_DkFgovvpsDpVi36h","ios":{"additionalAppIDs":[],"appStoreID":"123456789","bundleID":"com.example.shop","scheme":"shop","teamID":"ABCDE12345"},"matchWindowSeconds":3600,"name":"Shop","paths":["\/u\/*"],"web":{"allowedHosts":["www.example.com"],"fallbackURL":"https:\/\/www.example.com\/"}}"#

    /// No migration: the block is optional in the stored document, and an app stored before
    /// it opens, reads back the same and serves an empty `applinking.json`.
    @Test(arguments: TestDatabase.available) func anAppStoredBeforeReadsBackTheSame(database: TestDatabase) async throws {
        try await SQLStoreTests.withStore(database) { store, _ in
            try await store.database.raw(
                """
                INSERT INTO apps (id, document, created_at, updated_at)
                VALUES ('app_DkFgovvpsDpVi36h', \(bind: Self.previousDocument), 1795698676675, 1795698676675)
                """
            ).run()
            let app = try #require(try await store.apps().first)
            #expect(app.harmony == nil)
            #expect(app.ios?.bundleID == "com.example.shop" && app.android?.sha256CertFingerprints.count == 1 && app.paths == ["/u/*"])
            #expect(try JSONDocument.encode(app) == Self.previousDocument)
            let snapshot = HostDirectory.read(apps: [app], keys: [], adminHash: nil)
            let host = try #require(snapshot.hosts["exm.pl"])
            #expect(String(buffer: host.appLinking) == #"{"applinking":{"apps":[]}}"#)
            try await store.close()
        }
    }
}
