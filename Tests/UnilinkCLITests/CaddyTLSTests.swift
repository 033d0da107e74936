import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// `Deploy/Caddyfile` run unchanged by Debian's real Caddy in front of a real Unilink on
/// loopback, with Caddy's own CA as the issuer (`UNILINK_TLS_ISSUER=internal`; the ACME
/// issuer is CaddyACMETests'): a link host gets a certificate on its first request and its
/// AASA over HTTPS, HTTP/2 included; an unknown name gets no certificate; a host added
/// through the API gets one without a restart; and with Caddy gone, Unilink still answers
/// on its port. curl speaks TLS with Caddy's root as the only trusted one.
@Suite("On-demand TLS through a real Caddy", .serialized)
struct CaddyTLSTests {
    static var caddy: String? { ["/usr/bin/caddy", "/usr/local/bin/caddy"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    static var curl: String? { ["/usr/bin/curl", "/usr/local/bin/curl"].first { FileManager.default.isExecutableFile(atPath: $0) } }
    /// `UNILINK_REQUIRE_CADDY` (CI sets it): the test may not be left out.
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_CADDY"] != nil }
    static let repository = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
    static let admin = "adm_caddy_test_token_0123456789abcdef"
    static let fingerprint = (0..<32).map { String(format: "%02X", 255 - $0) }.joined(separator: ":")

    /// An HTTP/3 client over QUIC (PyPI's aioquic): one GET, its status, ALPN and body.
    static let http3Client = repository.appendingPathComponent("Tests/HTTP3/get.py")
    static func aioquic() async -> Bool { await Installed.pythonModule("aioquic") }

    /// curl to `https://host:port/path`, `host` resolved to loopback, trusting only `root`.
    static func fetch(_ host: String, _ path: String, port: Int, root: URL, http2: Bool = false) async throws -> ChildProcess.Ran {
        let arguments =
            [
                "-sS", "--max-time", "15", "--resolve", "\(host):\(port):127.0.0.1", "--cacert", root.path, "-w", "\n%{http_code} %{http_version}",
                "-A",
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1",
            ] + (http2 ? ["--http2"] : ["--http1.1"]) + ["https://\(host):\(port)\(path)"]
        return try await ChildProcess.run(URL(fileURLWithPath: curl ?? "/usr/bin/curl"), arguments)
    }

    /// `Deploy/Caddyfile` run unchanged by Caddy with `settings`, its admin endpoint off and
    /// its data, configuration and log (`caddy.log`) in `directory`.
    static func run(_ settings: [String: String], in directory: URL) throws -> TetheredProcess {
        try TetheredProcess(
            caddy ?? "/usr/bin/caddy", ["run", "--config", repository.appendingPathComponent("Deploy/Caddyfile").path, "--adapter", "caddyfile"],
            environment: settings.merging([
                "CADDY_ADMIN": "off", "XDG_DATA_HOME": directory.appendingPathComponent("data").path,
                "XDG_CONFIG_HOME": directory.appendingPathComponent("config").path, "HOME": directory.path, "PATH": "/usr/bin:/bin",
            ]) { $1 },
            log: directory.appendingPathComponent("caddy.log"))
    }

    @Test(
        .enabled("caddy, curl or aioquic (PyPI) is not installed; .ci/run installs them") {
            required ? true : caddy != nil && curl != nil ? await aioquic() : false
        })
    func aLinkHostGetsACertificateOnItsFirstRequestAndAnUnknownNameNone() async throws {
        _ = try #require(Self.caddy, "UNILINK_REQUIRE_CADDY is set but Debian's caddy is not installed")
        _ = try #require(Self.curl, "no curl")
        #expect(await Self.aioquic(), "UNILINK_REQUIRE_CADDY is set but python3 cannot import aioquic")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-caddy-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"),
            environment: [
                "UNILINK_ADMIN_TOKEN": Self.admin, "UNILINK_TRUSTED_PROXIES": "127.0.0.1", "UNILINK_DASHBOARD_HOST": "admin.shop-tls.example",
            ])
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let loopback = LoopbackClient(client: http, port: server.port)
        let https = try FreePorts.consecutive(2, in: 20_000...22_999)
        var proxy: TetheredProcess?
        func stop() async {
            await proxy?.stop()
            try? await http.shutdown()
            _ = try? await server.stop()
        }
        do {
            // The ask endpoint alone: configured hosts and the dashboard's, nothing else.
            let created = try await loopback.send(
                "/v1/apps", method: .POST, bearer: Self.admin,
                json: """
                    {"name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop"},
                     "android": {"package": "com.example.shop", "sha256_cert_fingerprints": ["\(Self.fingerprint)"]},
                     "domains": [{"host": "go.shop-tls.example", "role": "short"}, {"host": "link.shop-tls.example", "role": "primary"}], "paths": ["/p/*"]}
                    """)
            #expect(created.status == 201, "\(created.body)")
            let appID = try #require(created.body.firstMatch(of: /"id":"(app_[^"]+)"/)?.1).description
            // Longer than any host name; 10 KB is past the server's URL limit, refused before any route.
            let long = String(repeating: "a", count: 1_000)
            for (domain, status) in [
                ("go.shop-tls.example", 200), ("link.shop-tls.example", 200), ("admin.shop-tls.example", 200), ("other.example", 404),
                ("GO.shop-tls.example", 404), ("go.shop-tls.example.", 404), ("127.0.0.1", 404), ("%5B%3A%3A1%5D", 404), ("", 400), (long, 400),
            ] {
                let answer = try await loopback.send("/v1/tls/allowed?domain=\(domain)")
                #expect(answer.status == status, "\(domain.prefix(40)): \(answer.status) \(answer.body)")
            }
            #expect(try await loopback.send("/v1/tls/allowed").status == 400)
            #expect(try await loopback.send("/v1/tls/allowed?domain=\(String(repeating: "a", count: 10_000))").status == 414)

            proxy = try Self.run(
                [
                    "UNILINK_ADDRESS": "127.0.0.1:\(server.port)", "UNILINK_TLS_ISSUER": "internal", "CADDY_HTTP_PORT": String(https + 1),
                    "CADDY_HTTPS_PORT": String(https),
                ], in: directory)
            let root = directory.appendingPathComponent("data/caddy/pki/authorities/local/root.crt")
            var first = ChildProcess.Ran(status: -1, output: "")
            for _ in 0..<100 {
                if FileManager.default.fileExists(atPath: root.path) {
                    first = try await Self.fetch("go.shop-tls.example", "/.well-known/apple-app-site-association", port: https, root: root)
                    if first.status == 0 { break }
                }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(first.status == 0 && first.output.contains("ABCDE12345.com.example.shop") && first.output.hasSuffix("200 1.1"), "\(first.output)")
            let viaHTTP2 = try await Self.fetch("link.shop-tls.example", "/.well-known/assetlinks.json", port: https, root: root, http2: true)
            #expect(viaHTTP2.status == 0 && viaHTTP2.output.hasSuffix("200 2"), "\(viaHTTP2.output)")
            // HTTP/3: offered to browsers by Alt-Svc on the same port, and answered over QUIC.
            let offered = try await ChildProcess.run(
                URL(fileURLWithPath: Self.curl ?? "/usr/bin/curl"),
                [
                    "-sS", "--max-time", "15", "-o", "/dev/null", "-D", "-", "--resolve", "go.shop-tls.example:\(https):127.0.0.1", "--cacert",
                    root.path, "https://go.shop-tls.example:\(https)/.well-known/apple-app-site-association",
                ])
            #expect(offered.output.lowercased().contains("alt-svc: h3=\":\(https)\""), "\(offered.output)")
            let viaHTTP3 = try await ChildProcess.run(
                URL(fileURLWithPath: "/usr/bin/env"),
                [
                    "python3", "-W", "ignore", Self.http3Client.path, "127.0.0.1", String(https), "go.shop-tls.example",
                    "/.well-known/apple-app-site-association",
                    root.path,
                ])
            #expect(
                viaHTTP3.status == 0 && viaHTTP3.output.hasPrefix("200 h3") && viaHTTP3.output.contains("ABCDE12345.com.example.shop"),
                "\(viaHTTP3.output)")

            // The visitor's own address reaches Unilink through Caddy, and one a client claims
            // does not: a change sent from 127.0.0.2 with a forged X-Forwarded-For is audited
            // as from 127.0.0.2 (Caddy is 127.0.0.1, the one proxy Unilink trusts).
            let renamed = try await ChildProcess.run(
                URL(fileURLWithPath: Self.curl ?? "/usr/bin/curl"),
                [
                    "-sS", "--max-time", "15", "--interface", "127.0.0.2", "--resolve", "go.shop-tls.example:\(https):127.0.0.1", "--cacert",
                    root.path, "-X", "PATCH", "-H", "Authorization: Bearer \(Self.admin)", "-H", "Content-Type: application/json", "-H",
                    "X-Forwarded-For: 203.0.113.66", "-d", #"{"name": "Shop through Caddy"}"#, "-w", "\n%{http_code}",
                    "https://go.shop-tls.example:\(https)/v1/apps/\(appID)",
                ])
            #expect(renamed.status == 0 && renamed.output.hasSuffix("\n200"), "\(renamed.output)")
            let audit = try await loopback.send("/v1/audit?action=app.update", bearer: Self.admin)
            #expect(
                audit.body.contains(#""address":"127.0.0.2""#) && !audit.body.contains("203.0.113.66") && audit.body.contains("Shop through Caddy"),
                "\(audit.body)")

            // The deployment guide's checks of both hosts, as Apple's CDN and Android fetch
            // the files (here through Caddy's port and with its root; by default the system's).
            let reach = ["--connect-to", "127.0.0.1", "--ca-file", root.path]
            for host in ["go.shop-tls.example", "link.shop-tls.example"] {
                let apple = try await BackupTests.unilink(["aasa", "check", "https://\(host):\(https)"] + reach)
                #expect(
                    apple.status == 0 && apple.output.contains("ABCDE12345.com.example.shop") && apple.output.contains("=> OK"), "\(apple.output)")
                let android = try await BackupTests.unilink(
                    ["assetlinks", "check", "https://\(host):\(https)", "--package", "com.example.shop", "--fingerprint", Self.fingerprint] + reach)
                #expect(android.status == 0 && android.output.contains("=> OK: 1 app(s)"), "\(android.output)")
            }
            let opens = try await BackupTests.unilink(
                ["aasa", "check", "https://link.shop-tls.example:\(https)", "https://link.shop-tls.example/p/1"] + reach)
            #expect(opens.status == 0 && opens.output.contains("=> opens in ABCDE12345.com.example.shop"), "\(opens.output)")
            // Not trusted (the system's roots do not hold Caddy's local CA), as a device would refuse it.
            let untrusted = try await BackupTests.unilink(["aasa", "check", "https://go.shop-tls.example:\(https)", "--connect-to", "127.0.0.1"])
            #expect(untrusted.status != 0 && untrusted.output.contains("cannot fetch"), "\(untrusted.output)")

            // A name no app lists: Caddy asks, hears 404, and completes no handshake.
            let unknown = try await Self.fetch("stranger.example", "/", port: https, root: root)
            #expect(unknown.status != 0 && !unknown.output.contains("200"), "\(unknown.output)")

            // A host added through the API is served on its first request, Caddy untouched.
            let added = try await loopback.send(
                "/v1/apps/\(appID)", method: .PATCH, bearer: Self.admin,
                json: """
                    {"domains": [{"host": "go.shop-tls.example", "role": "short"}, {"host": "link.shop-tls.example", "role": "primary"},
                                 {"host": "new.shop-tls.example", "role": "alternate"}]}
                    """)
            #expect(added.status == 200, "\(added.body)")
            let fresh = try await Self.fetch("new.shop-tls.example", "/.well-known/apple-app-site-association", port: https, root: root)
            #expect(fresh.status == 0 && fresh.output.contains("ABCDE12345.com.example.shop") && fresh.output.hasSuffix("200 1.1"), "\(fresh.output)")

            // Caddy gone: Unilink still answers on its own port.
            await proxy?.stop()
            let direct = try await loopback.send("/.well-known/apple-app-site-association", host: "go.shop-tls.example")
            #expect(direct.status == 200 && direct.body.contains("ABCDE12345.com.example.shop"))
        } catch {
            print("caddy's log: \(directory.appendingPathComponent("caddy.log").path)")
            await stop()
            throw error
        }
        await stop()
        if ProcessInfo.processInfo.environment["KEEP"] == nil { try? FileManager.default.removeItem(at: directory) }
    }
}
