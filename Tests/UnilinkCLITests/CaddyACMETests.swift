import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// `Deploy/Caddyfile` run unchanged by Debian's real Caddy with its ACME issuer pointed at
/// Debian's pebble, a small ACME server, on loopback: pebble validates each order against
/// Caddy's own HTTP and HTTPS ports, its DNS answered by pebble-challtestsrv (every name is
/// 127.0.0.1). A link host gets a certificate from a real ACME order, a host added through
/// the API gets one on its first request, and an unknown name gets neither a certificate
/// nor an order at pebble. curl trusts pebble's root alone.
@Suite("On-demand certificates ordered over ACME by a real Caddy from pebble", .serialized)
struct CaddyACMETests {
    static var pebble: String? { ["/usr/bin/pebble", "/usr/local/bin/pebble"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var challtestsrv: String? {
        ["/usr/bin/pebble-challtestsrv", "/usr/local/bin/pebble-challtestsrv"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }
    static var openssl: String? { ["/usr/bin/openssl", "/usr/local/bin/openssl"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var installed: Bool { pebble != nil && challtestsrv != nil && openssl != nil && CaddyTLSTests.caddy != nil && CaddyTLSTests.curl != nil }
    /// `UNILINK_REQUIRE_PEBBLE` (CI sets it): the test may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_PEBBLE"] != nil }

    @Test(.enabled(if: installed || required, "pebble is not installed (or caddy, curl, openssl); .ci/run installs it"))
    func aLinkHostGetsItsCertificateThroughAnACMEOrderAndAnUnknownNameNoOrder() async throws {
        let pebble = try #require(Self.pebble, "UNILINK_REQUIRE_PEBBLE is set but Debian's pebble is not installed")
        let challtestsrv = try #require(Self.challtestsrv, "no pebble-challtestsrv")
        let openssl = try #require(Self.openssl, "no openssl")
        _ = try #require(CaddyTLSTests.caddy, "no caddy")
        let curl = URL(fileURLWithPath: try #require(CaddyTLSTests.curl, "no curl"))
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-acme-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        // Six ports in a row, apart from CaddyTLSTests'.
        let https = try FreePorts.consecutive(6, in: 23_000...25_999)
        let (http, acme, management, dns, dnsManagement) = (https + 1, https + 2, https + 3, https + 4, https + 5)
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"),
            environment: ["UNILINK_ADMIN_TOKEN": CaddyTLSTests.admin, "UNILINK_TRUSTED_PROXIES": "127.0.0.1"])
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let loopback = LoopbackClient(client: client, port: server.port)
        var names: TetheredProcess?
        var ca: TetheredProcess?
        var proxy: TetheredProcess?
        func stop() async {
            for process in [proxy, ca, names] { await process?.stop() }
            try? await client.shutdown()
            _ = try? await server.stop()
        }
        do {
            let created = try await loopback.send(
                "/v1/apps", method: .POST, bearer: CaddyTLSTests.admin,
                json: """
                    {"name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop"},
                     "domains": [{"host": "go.shop-acme.example", "role": "short"}], "paths": ["/p/*"]}
                    """)
            #expect(created.status == 201, "\(created.body)")
            let appID = try #require(created.body.firstMatch(of: /"id":"(app_[^"]+)"/)?.1).description

            // pebble speaks HTTPS only, with a certificate of ours: self-signed, so its own CA.
            let listener = directory.appendingPathComponent("listener.pem")
            let made = try await ChildProcess.run(
                URL(fileURLWithPath: openssl),
                [
                    "req", "-x509", "-newkey", "ec", "-pkeyopt", "ec_paramgen_curve:prime256v1", "-nodes", "-days", "1", "-subj", "/CN=pebble",
                    "-addext", "subjectAltName=IP:127.0.0.1", "-keyout", directory.appendingPathComponent("listener.key").path,
                    "-out", listener.path,
                ])
            try #require(made.status == 0, "\(made.output)")
            let configuration = directory.appendingPathComponent("pebble.json")
            try Data(
                """
                {"pebble": {"listenAddress": "127.0.0.1:\(acme)", "managementListenAddress": "127.0.0.1:\(management)",
                            "certificate": "\(listener.path)", "privateKey": "\(directory.appendingPathComponent("listener.key").path)",
                            "httpPort": \(http), "tlsPort": \(https), "ocspResponderURL": "", "externalAccountBindingRequired": false}}
                """.utf8
            ).write(to: configuration)
            names = try TetheredProcess(
                challtestsrv,
                [
                    "-defaultIPv4", "127.0.0.1", "-defaultIPv6", "", "-dns01", "127.0.0.1:\(dns)", "-http01", "", "-https01", "", "-tlsalpn01", "",
                    "-management", "127.0.0.1:\(dnsManagement)",
                ],
                environment: ["PATH": "/usr/bin:/bin"], log: directory.appendingPathComponent("challtestsrv.log"))
            // No random wait before validating, and no good nonce refused: the test's time goes
            // to the orders themselves.
            ca = try TetheredProcess(
                pebble, ["-config", configuration.path, "-dnsserver", "127.0.0.1:\(dns)"],
                environment: ["PEBBLE_VA_NOSLEEP": "1", "PEBBLE_WFE_NONCEREJECT": "0", "PATH": "/usr/bin:/bin"],
                log: directory.appendingPathComponent("pebble.log"))

            // pebble makes a new root each time it starts; its management port hands it out.
            let root = directory.appendingPathComponent("pebble-root.pem")
            var fetched = ChildProcess.Ran(status: -1, output: "")
            for _ in 0..<150 {
                fetched = try await ChildProcess.run(
                    curl, ["-sSf", "--max-time", "5", "--cacert", listener.path, "-o", root.path, "https://127.0.0.1:\(management)/roots/0"])
                if fetched.status == 0 { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            try #require(fetched.status == 0, "pebble's root: \(fetched.output)")
            // challtestsrv starts its management port after its DNS server.
            var answering = ChildProcess.Ran(status: -1, output: "")
            for _ in 0..<150 {
                answering = try await ChildProcess.run(curl, ["-sS", "--max-time", "5", "-o", "/dev/null", "http://127.0.0.1:\(dnsManagement)/"])
                if answering.status == 0 { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            try #require(answering.status == 0, "pebble-challtestsrv: \(answering.output)")

            proxy = try CaddyTLSTests.run(
                [
                    "UNILINK_ADDRESS": "127.0.0.1:\(server.port)", "CADDY_HTTP_PORT": String(http), "CADDY_HTTPS_PORT": String(https),
                    "UNILINK_ACME_CA": "https://127.0.0.1:\(acme)/dir", "SSL_CERT_FILE": listener.path,
                ], in: directory)
            // Tried again only while Caddy is not listening yet (curl's 7): a second order would
            // hide a failed first one.
            var first = ChildProcess.Ran(status: 7, output: "")
            for _ in 0..<300 {
                first = try await CaddyTLSTests.fetch("go.shop-acme.example", "/.well-known/apple-app-site-association", port: https, root: root)
                if first.status != 7 { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(
                first.status == 0 && first.output.contains("ABCDE12345.com.example.shop") && first.output.hasSuffix("200 1.1"),
                "\(first.output)\ncaddy: \(proxy?.output ?? "")")

            // A name no app lists: Caddy asks Unilink, hears 404, and completes no handshake.
            let unknown = try await CaddyTLSTests.fetch("stranger.example", "/", port: https, root: root)
            #expect(unknown.status != 0 && !unknown.output.contains("200"), "\(unknown.output)")

            let added = try await loopback.send(
                "/v1/apps/\(appID)", method: .PATCH, bearer: CaddyTLSTests.admin,
                json: """
                    {"domains": [{"host": "go.shop-acme.example", "role": "short"}, {"host": "new.shop-acme.example", "role": "alternate"}]}
                    """)
            #expect(added.status == 200, "\(added.body)")
            let fresh = try await CaddyTLSTests.fetch("new.shop-acme.example", "/.well-known/apple-app-site-association", port: https, root: root)
            #expect(fresh.status == 0 && fresh.output.contains("ABCDE12345.com.example.shop") && fresh.output.hasSuffix("200 1.1"), "\(fresh.output)")

            // Caddy orders an on-demand certificate inside the handshake that asks for it, so an
            // order for the stranger would be in pebble's log before the new host's, which is.
            // Every order pebble took ended in a certificate, and it validated the two hosts alone.
            let orders = try #require(ca).output
            let validated = Set(orders.matches(of: /Pulled a task from the Tasks queue: .*Value:"([^"]*)"/).map { String($0.1) })
            #expect(validated == ["go.shop-acme.example", "new.shop-acme.example"], "\(orders)")
            #expect(orders.matches(of: /Added order/).count == 2 && orders.matches(of: /Issued certificate serial/).count == 2, "\(orders)")
            #expect(!orders.contains("stranger"), "\(orders)")
            // Nor did pebble look the name up: challtestsrv's DNS saw the new host, not the stranger.
            for (host, asked) in [("new.shop-acme.example", true), ("stranger.example", false)] {
                let history = try await ChildProcess.run(
                    curl, ["-sSf", "--max-time", "5", "-d", "{\"host\": \"\(host)\"}", "http://127.0.0.1:\(dnsManagement)/dns-request-history"])
                #expect(history.status == 0 && history.output.contains(host) == asked, "\(host): \(history.output)")
            }
        } catch {
            print("logs: \(directory.path)")
            await stop()
            throw error
        }
        await stop()
        if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: directory) }
    }
}
