import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkAPI
import UnilinkTestSupport

/// Two real `unilink serve` processes on one PostgreSQL, as a team runs them behind a
/// load balancer. Runs when `UNILINK_TEST_POSTGRES_URL` names a server (CI starts one and
/// sets UNILINK_REQUIRE_POSTGRES, so it cannot skip there). The database restart runs on a
/// cluster of its own (`UNILINK_TEST_RESTART_POSTGRES_URL`, `_PGCTL`, `_PGDATA`; CI starts
/// it too), so stopping it disturbs no other test.
@Suite("Two instances on one PostgreSQL", .serialized, .timeLimit(.minutes(3)))
struct ScaleOutTests {
    static let admin = "adm_scale-out-test-token-0123456789"
    static let desktop = ServerEndToEndTests.desktop
    static let iPhone = ServerEndToEndTests.iPhone

    @Test(.enabled(if: TestDatabase.postgresURL != nil || TestDatabase.required, "UNILINK_TEST_POSTGRES_URL is not set; .ci/run starts PostgreSQL"))
    func twoInstancesServeOneTruth() async throws {
        let server = try #require(TestDatabase.postgresURL, "UNILINK_REQUIRE_POSTGRES is set but UNILINK_TEST_POSTGRES_URL is not")
        try await Self.withTwoInstances(on: server) { a, b in
            let (linkID, secret) = try await Self.oneTruth(a, b)
            try await Self.people(a, b, linkID: linkID, secret: secret)
        }
    }

    /// A token made, narrowed, revoked on A; a session opened on A and its person disabled
    /// there: B follows within the change feed's second (sessions at once: B reads them from
    /// the database on every page). Failed sign-ins on both count against one account.
    static func people(_ a: LoopbackClient, _ b: LoopbackClient, linkID: String, secret: String) async throws {
        struct Created: Decodable {
            struct User: Decodable { let id: String }
            struct Invitation: Decodable { let url: String }
            let user: User
            let invitation: Invitation
        }
        struct Apps: Decodable { let data: [AppBody] }
        let apps = try JSONDecoder().decode(Apps.self, from: Data(try await a.send("/v1/apps", bearer: admin).body.utf8))
        let appID = try #require(apps.data.first { $0.name == "Scale" }?.id)
        let invited = try await a.send(
            "/v1/users", method: .POST, bearer: admin, json: #"{"email": "ci@scale.example", "apps": {"\#(appID)": "editor"}}"#)
        #expect(invited.status == 201, "\(invited.body)")
        let created = try JSONDecoder().decode(Created.self, from: Data(invited.body.utf8))
        let made = try await a.send(
            "/v1/tokens", method: .POST, bearer: admin, json: #"{"name": "CI", "scopes": ["links:read"], "user": "\#(created.user.id)"}"#)
        #expect(made.status == 201, "\(made.body)")
        let token = String(try #require(made.body.firstMatch(of: /"token":"(ulpat_[A-Za-z0-9]+)"/)?.1))
        let tokenID = String(try #require(made.body.firstMatch(of: /"id":"(tok_[A-Za-z0-9]+)"/)?.1))
        func onB() async throws -> Int { try await b.send("/v1/links/\(linkID)", bearer: token).status }
        #expect(try await within(seconds: 1) { try await onB() == 200 }, "B knows a token made on A")
        #expect(try await a.send("/v1/apps/\(appID)/members/\(created.user.id)", method: .DELETE, bearer: admin).status == 204)
        #expect(try await within(seconds: 1) { try await onB() == 403 }, "B follows a role removed on A")
        let readded = try await a.send(
            "/v1/apps/\(appID)/members", method: .POST, bearer: admin, json: #"{"user": "ci@scale.example", "role": "viewer"}"#)
        #expect(readded.status == 201)
        #expect(try await within(seconds: 1) { try await onB() == 200 })
        #expect(try await a.send("/v1/tokens/\(tokenID)", method: .DELETE, bearer: admin).status == 204)
        #expect(try await within(seconds: 1) { try await onB() == 401 }, "B refuses a token revoked on A")

        // A session opened on A works on B, and ends on B when A disables its person.
        let invitation = String(try #require(created.invitation.url.firstMatch(of: /\/invitations\/[A-Za-z0-9]+$/)?.0))
        let accepted = try await a.send(
            invitation, method: .POST, form: "password=correct+horse+battery&confirm=correct+horse+battery",
            headers: [("Content-Type", "application/x-www-form-urlencoded")])
        #expect(accepted.status == 303, "\(accepted.body)")
        let cookie = String(try #require(accepted.headers.first(name: "set-cookie")?.split(separator: ";").first))
        #expect(try await b.send("/account", headers: [("Cookie", cookie)]).status == 200)

        // Wrong passwords count wherever they were typed: ten, half on each instance and each
        // from its own address, lock the account on both, the right password too.
        let form = ("Content-Type", "application/x-www-form-urlencoded")
        for attempt in 0..<10 {
            let wrong = try await (attempt.isMultiple(of: 2) ? a : b).send(
                "/sign-in", method: .POST, form: "email=ci%40scale.example&password=not+the+password",
                headers: [form, ("X-Forwarded-For", "198.51.100.\(attempt + 1)")])
            #expect(wrong.status == 401, "attempt \(attempt): \(wrong.status)")
        }
        let locked = try await a.send(
            "/sign-in", method: .POST, form: "email=ci%40scale.example&password=correct+horse+battery",
            headers: [form, ("X-Forwarded-For", "192.0.2.9")])
        #expect(locked.status == 429 && locked.body.contains("this account"), "\(locked.status) \(locked.body.prefix(300))")
        #expect(try await a.send("/v1/users/\(created.user.id)", method: .PATCH, bearer: admin, json: #"{"disabled": true}"#).status == 200)
        #expect(try await b.send("/account", headers: [("Cookie", cookie)]).status == 303, "the session ended everywhere at once")
    }

    @Test(
        .enabled(
            if: TestDatabase.restartCluster != nil || TestDatabase.required,
            "UNILINK_TEST_RESTART_POSTGRES_URL, _PGCTL and _PGDATA are not set; .ci/run starts a cluster to restart"))
    func twoInstancesSurviveADatabaseRestart() async throws {
        let cluster = try #require(TestDatabase.restartCluster, "UNILINK_REQUIRE_POSTGRES is set but the UNILINK_TEST_RESTART_* variables are not")
        try await Self.withTwoInstances(on: cluster.url) { a, b in
            let (linkID, secret) = try await Self.oneTruth(a, b)
            try await Self.databaseRestart(a, b, linkID: linkID, secret: secret, pgctl: cluster.pgctl, data: cluster.data)
        }
    }

    /// Two servers started at once on a fresh database of `server`, stopped cleanly after `body`.
    static func withTwoInstances(on server: String, _ body: (LoopbackClient, LoopbackClient) async throws -> Void) async throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-scale-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: directory) } }
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = http.shutdown() }
        try await TestDatabase.postgres.withFresh(server: server) { _, url in
            let environment = ["UNILINK_ADMIN_TOKEN": Self.admin, "UNILINK_RELOAD_SECONDS": "60", "UNILINK_DATABASE_TIMEOUT_SECONDS": "1"]
            // Both start at once on the empty database: one migrates, one makes the demo.
            async let startA = RunningServer(
                databaseURL: url, directory: directory, arguments: ["--trusted-proxies", "127.0.0.1"], environment: environment)
            async let startB = RunningServer(
                databaseURL: url, directory: directory, arguments: ["--trusted-proxies", "127.0.0.1"], environment: environment)
            let (serverA, serverB) = try await (startA, startB)
            defer { serverA.process.signal(); serverB.process.signal() }
            let a = LoopbackClient(client: http, port: serverA.port), b = LoopbackClient(client: http, port: serverB.port)
            try await body(a, b)
            #expect(try await serverA.stop() == 0)
            #expect(try await serverB.stop() == 0)
        }
    }

    /// What one instance changes, the other serves within a second.
    static func oneTruth(_ a: LoopbackClient, _ b: LoopbackClient) async throws -> (linkID: String, secret: String) {
        let app = try await a.send(
            "/v1/apps", method: .POST, bearer: admin,
            json: """
                {"name": "Scale", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.scale.app", "app_store_id": "123456789"},
                 "web": {"fallback_url": "https://www.scale.example/", "allowed_hosts": ["www.scale.example"]},
                 "domains": [{"host": "s.scale.example", "role": "short"}, {"host": "l.scale.example", "role": "primary"},
                             {"host": "o.scale.example", "role": "alternate"}], "paths": ["/p/*"]}
                """)
        #expect(app.status == 201, "\(app.body)")
        let created = try JSONDecoder().decode(AppBody.self, from: Data(app.body.utf8))
        let secret = try #require(created.secretKey), publishable = try #require(created.publishableKey)
        #expect(
            try await within(seconds: 1) {
                try await b.send("/.well-known/apple-app-site-association", host: "l.scale.example").body.contains("com.scale.app")
            },
            "B serves the AASA of an app created on A")

        let link = try await a.send(
            "/v1/links", method: .POST, bearer: secret, json: #"{"path": "/p/1", "alias": "spring", "web_url": "https://www.scale.example/old"}"#)
        #expect(link.status == 201, "\(link.body)")
        let linkID = try #require(try JSONDecoder().decode(LinkBody.self, from: Data(link.body.utf8)).id)
        #expect(try await b.send("/spring", host: "s.scale.example", userAgent: desktop).location == "https://www.scale.example/old")
        let patched = try await a.send("/v1/links/\(linkID)", method: .PATCH, bearer: secret, json: #"{"web_url": "https://www.scale.example/new"}"#)
        #expect(patched.status == 200, "\(patched.body)")
        // Each try until B has the patch is a click too.
        var clicked = 1
        #expect(
            try await within(seconds: 1) {
                clicked += 1
                return try await b.send("/spring", host: "s.scale.example", userAgent: desktop).location == "https://www.scale.example/new"
            },
            "B redirects to the new place after a patch on A (it had the old link cached)")

        // Clicks through both are all counted (those on B above, 20 + 20 here).
        for _ in 0..<20 {
            #expect(try await a.send("/spring", host: "s.scale.example", userAgent: desktop).status == 302)
            #expect(try await b.send("/spring", host: "s.scale.example", userAgent: desktop).status == 302)
        }
        clicked += 40
        let counted = try await within(seconds: 5) { try await clicks(linkID, secret, through: b) == clicked }
        let total = try await clicks(linkID, secret, through: a)
        #expect(counted && total == clicked, "clicks counted: \(total) of \(clicked)")

        // A click seen by B is matched through A, once.
        let page = try await b.send(
            "/spring", host: "s.scale.example", userAgent: iPhone, headers: [("X-Forwarded-For", "198.51.100.40"), ("Accept-Language", "en-GB")])
        let clickID = String(try #require(page.body.firstMatch(of: /name="unilink:click-id" content="([A-Za-z0-9]{22})"/)?.1))
        let signals = try await b.send(
            "/v1/clicks/\(clickID)/signals", method: .POST, host: "s.scale.example",
            json: #"{"screen_width": 390, "screen_height": 844, "screen_scale": 3, "time_zone": "Europe/London", "languages": ["en-GB"]}"#)
        #expect(signals.status == 204)
        // The page's store button goes through the alternate host, here on the other instance.
        let store = try await a.send(
            "/p/1?ul_code=x&ul_click=\(clickID)", host: "o.scale.example", userAgent: iPhone, headers: [("X-Forwarded-For", "198.51.100.40")])
        #expect(store.location == "https://apps.apple.com/app/id123456789")
        func firstLaunch(_ install: String, through client: LoopbackClient) async throws -> DeepLinkResultBody {
            let body =
                #"{"install_id": "\#(install)", "app_version": "1.0", "device": {"os": "ios", "os_version": "18.1", "model": "iPhone14,7", "screen_width": 1170, "screen_height": 2532, "screen_scale": 3, "languages": ["en-GB"], "time_zone": "Europe/London"}}"#
            let answer = try await client.send(
                "/v1/sdk/deferred", method: .POST, key: publishable, json: body, headers: [("X-Forwarded-For", "198.51.100.40")])
            #expect(answer.status == 200, "\(answer.body)")
            return try JSONDecoder().decode(DeepLinkResultBody.self, from: Data(answer.body.utf8))
        }
        // A's recorder writes the store step; B's first launch must see it.
        #expect(
            try await within(seconds: 5) {
                let stats = try await a.send("/v1/links/\(linkID)/stats", bearer: secret)
                return (try? JSONDecoder().decode(LinkStats.self, from: Data(stats.body.utf8)))?.byOutcome["store"] == 1
            }, "the store step is stored")
        async let first = firstLaunch("install-scale-1", through: a)
        async let second = firstLaunch("install-scale-2", through: b)
        let answers = try await [first, second]
        #expect(answers.filter { $0.status == .found }.count == 1, "one of two racing installs gets the click: \(answers.map(\.status))")
        #expect(answers.compactMap(\.deepLink).first?.path == "/p/1")
        return (linkID, secret)
    }

    /// PostgreSQL stops: both keep answering association files and cached links, writes
    /// are 503, clicks wait in memory; it starts again: writes work and the clicks arrive.
    static func databaseRestart(_ a: LoopbackClient, _ b: LoopbackClient, linkID: String, secret: String, pgctl: String, data: String) async throws {
        // `Spawned`, not Foundation's Process: that one never saw the shell end once pg_ctl
        // had started a server (waitUntilExit never returned, the shell stayed a zombie).
        func pg(_ arguments: String) async throws {
            let shell = try Spawned("/bin/sh", ["-c", "\(pgctl) -D '\(data)' \(arguments)"])
            guard await shell.wait(timeout: .seconds(30)) != nil else { throw TestDatabaseError("pg_ctl \(arguments): still running after 30 s") }
        }
        // Counted so far (the preview's click and its store step on the other instance may
        // be one row or two, depending on which instance wrote first).
        let before = try await clicks(linkID, secret, through: a)
        try await pg("-m immediate stop")
        var restarted = false
        defer { if !restarted { Task { try? await pg("-l '\(data)/../server.log' -w start") } } }
        for client in [a, b] {
            for _ in 0..<5 {
                #expect(try await client.send("/.well-known/apple-app-site-association", host: "l.scale.example").status == 200)
                #expect(try await client.send("/spring", host: "s.scale.example", userAgent: desktop).status == 302, "a cached link still redirects")
            }
            #expect(try await client.send("/readyz").status == 503)
        }
        let refused = try await a.send(
            "/v1/apps", method: .POST, bearer: admin, json: #"{"name": "Down", "domains": [{"host": "down.example", "role": "short"}]}"#)
        #expect(
            refused.status == 503 && refused.headers.first(name: "retry-after") != nil && refused.body.contains("database_unavailable"),
            "\(refused.status) \(refused.body)")
        try await pg("-l '\(data)/../server.log' -w start")
        restarted = true
        #expect(
            try await within(seconds: 15) {
                let readyA = try await a.send("/readyz").status == 200
                let readyB = try await b.send("/readyz").status == 200
                return readyA && readyB
            })
        let app = try await b.send(
            "/v1/apps", method: .POST, bearer: admin,
            json: #"{"name": "Back", "web": {"fallback_url": "https://back.example/"}, "domains": [{"host": "back.example", "role": "short"}]}"#)
        #expect(app.status == 201, "writes work again: \(app.body)")
        #expect(try await within(seconds: 1) { try await a.send("/.well-known/assetlinks.json", host: "back.example").status == 200 })
        // The 10 clicks answered during the outage waited in memory and are counted now.
        let counted = try await within(seconds: 10) { try await clicks(linkID, secret, through: a) == before + 10 }
        let total = try await clicks(linkID, secret, through: a)
        let detail = try await a.send("/v1/links/\(linkID)/stats", bearer: secret).body
        #expect(counted, "clicks after the outage: \(total), expected \(before) + 10: \(detail)")
    }

    static func clicks(_ linkID: String, _ secret: String, through client: LoopbackClient) async throws -> Int {
        let stats = try await client.send("/v1/links/\(linkID)/stats", bearer: secret)
        return (try? JSONDecoder().decode(LinkStats.self, from: Data(stats.body.utf8)).clicks) ?? -1
    }

    /// Whether `condition` holds within `seconds` (checked every 50 ms).
    static func within(seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        let deadline = Date.now.addingTimeInterval(seconds)
        repeat {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(50))
        } while Date.now < deadline
        return try await condition()
    }

}
