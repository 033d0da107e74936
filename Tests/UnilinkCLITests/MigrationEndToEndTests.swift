import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// A team moving from Firebase and Branch, with the real binaries: the server runs, the
/// old links' domain is one of the app's short hosts, `unilink import` reads the exports
/// (dry run, run, re-run), and the old short links answer per platform as they did, Branch's
/// device redirects through the rules the import made of them.
@Suite("Migrating with unilink import", .serialized)
struct MigrationEndToEndTests {
    static let admin = "adm_migration_test_token_0123456789"

    static let app = """
        {"name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789"},
         "android": {"package": "com.example.shop", "sha256_cert_fingerprints": ["14:6D:E9:83:C5:73:06:50:D8:EE:B9:95:2F:34:FC:64:16:A0:83:42:E6:1D:BE:A8:8A:04:96:B2:3F:CF:44:E5"]},
         "web": {"fallback_url": "https://www.shop-test.example/"},
         "domains": [{"host": "links.shop-test.example", "role": "short"}, {"host": "shop-test.example", "role": "primary"}], "paths": ["/item/*"]}
        """

    static let fdlExport = """
        Short Dynamic Link,Long Dynamic Link
        https://links.shop-test.example/aBcD,"https://links.shop-test.example/?link=https%3A%2F%2Fwww.shop-test.example%2Fitem%2F1&apn=com.example.shop&ibi=com.example.shop&isi=123456789&ofl=https%3A%2F%2Fwww.shop-test.example%2Fdesktop&st=Item%201"
        https://links.shop-test.example/bad1,https://links.shop-test.example/?link=https%3A%2F%2Fevil.example.net%2F
        https://links.shop-test.example/xyz9,https://links.shop-test.example/?link=https%3A%2F%2Fwww.shop-test.example%2Fitem%2F2&efr=1&ifl=https%3A%2F%2Fwww.shop-test.example%2Fios
        """

    static let branchExport = """
        url,$fallback_url,$og_title,~channel,data
        https://links.shop-test.example/summer,https://www.shop-test.example/summer,"Summer, sale",mail,"{""product_id"": 7}"
        """

    /// Branch's iPad and phones-to-the-web redirects, which become rules, and Samsung's, which
    /// no rule can route by and the import reports.
    static let branchRedirectsExport = """
        url,$fallback_url,$ipad_url,$mobile_web_only,$samsung_url
        https://links.shop-test.example/tablet,https://www.shop-test.example/web,https://www.shop-test.example/ipad,,http://www.samsungapps.com/appquery/appDetail.as?appId=com.example.shop
        https://links.shop-test.example/phones,https://www.shop-test.example/web,,true,
        """

    static let iPad =
        "Mozilla/5.0 (iPad; CPU OS 18_0 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.0 Mobile/15E148 Safari/604.1"

    /// `unilink import` of Branch's device redirects into a real server: the rules it makes
    /// route the clicks, through the preview's button on the alternate host too.
    @Test func importedBranchRedirectsRouteAsRules() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_ADMIN_TOKEN": Self.admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            let client = LoopbackClient(client: http, port: server.port)
            let withAlternate = Self.app.replacingOccurrences(
                of: #"{"host": "shop-test.example", "role": "primary"}"#,
                with: #"{"host": "shop-test.example", "role": "primary"}, {"host": "open.shop-test.example", "role": "alternate"}"#)
            let created = try await client.send("/v1/apps", method: .POST, bearer: Self.admin, json: withAlternate)
            #expect(created.status == 201, "\(created.body)")
            let app = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any] ?? [:]
            let secret = try #require(app["secret_key"] as? String), appID = try #require(app["id"] as? String)
            let branch = directory.appendingPathComponent("branch.csv")
            try Self.branchRedirectsExport.write(to: branch, atomically: true, encoding: .utf8)
            let common = ["import", "--server", "http://127.0.0.1:\(server.port)", "--key", secret, "--app", appID, "--format", "branch-csv"]

            let dry = try await BackupTests.unilink(common + ["--dry-run", branch.path])
            #expect(dry.status == 0 && dry.output.contains("2 rows: would create 2"), "\(dry.output)")
            #expect(
                dry.output.contains("line 2: not routed, kept as data: $samsung_url: no condition tells a Samsung device")
                    && dry.output.contains("(https://links.shop-test.example/tablet)"), "\(dry.output)")
            let run = try await BackupTests.unilink(common + [branch.path])
            #expect(run.status == 0 && run.output.contains("2 rows: created 2"), "\(run.output)")
            #expect(run.output.contains("line 2: not routed, kept as data: $samsung_url"), "reported on the real run too: \(run.output)")
            let again = try await BackupTests.unilink(common + [branch.path])
            #expect(again.output.contains("2 rows: created 0, already there 2"), "rules and all, nothing twice: \(again.output)")

            // $mobile_web_only: a phone goes to the web page at once, where it would get the preview.
            let phone = try await client.send("/phones", host: "links.shop-test.example", userAgent: ServerEndToEndTests.iPhone)
            #expect(phone.status == 302 && phone.location == "https://www.shop-test.example/web", "\(phone.status)")
            let android = try await client.send("/phones", host: "links.shop-test.example", userAgent: ServerEndToEndTests.android)
            #expect(android.status == 302 && android.location == "https://www.shop-test.example/web")
            let tabletPhone = try await client.send("/tablet", host: "links.shop-test.example", userAgent: ServerEndToEndTests.iPhone)
            #expect(tabletPhone.status == 200, "a link without the rule still shows the preview")

            // $ipad_url: the iPad's tap on the preview's button gets the iPad page, an iPhone's the App Store.
            for (agent, expected) in [
                (Self.iPad, "https://www.shop-test.example/ipad"), (ServerEndToEndTests.iPhone, "https://apps.apple.com/app/id123456789"),
            ] {
                let page = try await client.send("/tablet", host: "links.shop-test.example", userAgent: agent)
                let button = try #require(page.body.firstMatch(of: /id="open" href="https?:\/\/([^\/"]+)([^"]*)"/))
                let tap = try await client.send(
                    String(button.2).replacingOccurrences(of: "&amp;", with: "&"), host: String(button.1), userAgent: agent)
                #expect(tap.status == 302 && tap.location == expected, "\(agent): \(tap.location ?? "\(tap.status)")")
            }
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }

    @Test func importedFirebaseAndBranchLinksKeepWorking() async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-migration-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_ADMIN_TOKEN": Self.admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            let client = LoopbackClient(client: http, port: server.port)
            let created = try await client.send("/v1/apps", method: .POST, bearer: Self.admin, json: Self.app)
            #expect(created.status == 201, "\(created.body)")
            let app = try JSONSerialization.jsonObject(with: Data(created.body.utf8)) as? [String: Any] ?? [:]
            let secret = try #require(app["secret_key"] as? String), appID = try #require(app["id"] as? String)
            let fdl = directory.appendingPathComponent("fdl.csv"), branch = directory.appendingPathComponent("branch.csv")
            try Self.fdlExport.write(to: fdl, atomically: true, encoding: .utf8)
            try Self.branchExport.write(to: branch, atomically: true, encoding: .utf8)
            let common = ["import", "--server", "http://127.0.0.1:\(server.port)", "--key", secret, "--app", appID]

            let dry = try await BackupTests.unilink(common + ["--format", "fdl-csv", "--dry-run", fdl.path])
            #expect(dry.output.contains("3 rows: would create 2, already there 0, conflicts 0, refused 1"), "\(dry.output)")
            #expect(dry.output.contains("line 3: invalid") && dry.output.contains("evil.example.net"), "the refused row is named: \(dry.output)")
            #expect(dry.status == 1, "problems make the exit status non-zero")
            #expect(
                try await client.send("/aBcD", host: "links.shop-test.example", userAgent: ServerEndToEndTests.desktop).status == 404,
                "a dry run stores nothing")

            let run = try await BackupTests.unilink(common + ["--format", "fdl-csv", fdl.path])
            #expect(run.output.contains("3 rows: created 2, already there 0"), "\(run.output)")
            #expect(run.output.contains("https://links.shop-test.example/aBcD -> https://links.shop-test.example/aBcD"), "\(run.output)")
            let again = try await BackupTests.unilink(common + ["--format", "fdl-csv", fdl.path])
            #expect(again.output.contains("3 rows: created 0, already there 2"), "a re-run creates nothing twice: \(again.output)")
            let wrongApp = try await BackupTests.unilink([
                "import", "--server", "http://127.0.0.1:\(server.port)", "--key", secret, "--app", "app_other", "--format", "fdl-csv", fdl.path,
            ])
            #expect(wrongApp.status != 0 && wrongApp.output.contains("not app_other"))

            let branchRun = try await BackupTests.unilink(common + ["--format", "branch-csv", branch.path])
            #expect(branchRun.status == 0 && branchRun.output.contains("1 rows: created 1"), "\(branchRun.output)")

            // The old short links, per platform, as Firebase and Branch answered them.
            let desktop = try await client.send("/aBcD", host: "links.shop-test.example", userAgent: ServerEndToEndTests.desktop)
            #expect(desktop.status == 302 && desktop.location == "https://www.shop-test.example/desktop", "ofl")
            let iPhone = try await client.send("/aBcD", host: "links.shop-test.example", userAgent: ServerEndToEndTests.iPhone)
            #expect(iPhone.status == 200 && iPhone.body.contains("<title>Item 1</title>"), "the preview page with st")
            let android = try await client.send("/aBcD", host: "links.shop-test.example", userAgent: ServerEndToEndTests.android)
            #expect(
                android.status == 302 && android.location?.hasPrefix("intent://") == true
                    && android.location?.contains("package=com.example.shop") == true)
            // The app opened by that intent resolves the URL it carries to the FDL deep link.
            let intentTarget = "https://" + String(try #require(android.location).dropFirst("intent://".count).prefix { $0 != "#" })
            let opened = try await client.send(
                "/v1/sdk/resolve", method: .POST, key: app["publishable_key"] as? String,
                json: #"{"url": "\#(intentTarget)", "os": "android"}"#)
            #expect(
                opened.body.contains(#""status":"found""#) && opened.body.contains(#""deep_link_value":"https://www.shop-test.example/item/1""#),
                "\(intentTarget): \(opened.body)")
            let forced = try await client.send("/xyz9", host: "links.shop-test.example", userAgent: ServerEndToEndTests.iPhone)
            #expect(forced.status == 302 && forced.location == "https://www.shop-test.example/ios", "efr=1 goes straight to ifl")
            let refused = try await client.send("/bad1", host: "links.shop-test.example", userAgent: ServerEndToEndTests.desktop)
            #expect(refused.status == 404, "the refused row was never created")
            let summer = try await client.send("/summer", host: "links.shop-test.example", userAgent: ServerEndToEndTests.desktop)
            #expect(summer.status == 302 && summer.location == "https://www.shop-test.example/summer")
            let crawler = try await client.send("/summer", host: "links.shop-test.example", userAgent: ServerEndToEndTests.crawler)
            #expect(crawler.body.contains("content=\"Summer, sale\""))
            // The app is told the FDL deep link.
            let resolve = try await client.send(
                "/v1/sdk/resolve", method: .POST, key: app["publishable_key"] as? String,
                json: #"{"url": "https://links.shop-test.example/aBcD"}"#)
            #expect(
                resolve.body.contains(#""status":"found""#) && resolve.body.contains(#""deep_link_value":"https://www.shop-test.example/item/1""#),
                "\(resolve.body)")
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        try await http.shutdown()
        #expect(try await server.stop() == 0)
    }
}
