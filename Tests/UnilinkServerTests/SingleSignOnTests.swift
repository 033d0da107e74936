import AsyncHTTPClient
import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import NIOHTTP1
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkServer

/// Single sign-on against a real OpenID provider (Tests/OpenIDProvider, on PyPI's joserfc)
/// that the test starts: the whole authorization code flow with PKCE over loopback, a
/// first sign-in that makes an account from the provider's groups, a rotated key, and the
/// attacks: a wrong audience, an expired token, a replayed or missing state, a state from
/// another browser, another nonce, `alg: none`, HS256 keyed with the public key, another
/// issuer, an unverified or foreign address. Each refused with a page, nothing created.
@Suite("Single sign-on against a real OpenID provider", .serialized)
struct SingleSignOnTests {
    static let provider = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("OpenIDProvider/provider.py")
    static var required: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_OIDC"] != nil }
    static func available() async -> Bool { await Installed.pythonModule("joserfc") }

    /// The provider, running until `body` returns; it exits when its input closes (at the
    /// end, and if the test process dies).
    static func withProvider(_ body: (String) async throws -> Void) async throws {
        let log = FileManager.default.temporaryDirectory.appendingPathComponent("openid-provider-\(UUID().uuidString).log")
        defer { try? FileManager.default.removeItem(at: log) }
        let provider = try TetheredProcess(
            "/usr/bin/env", ["python3", Self.provider.path, "unilink-test", "test-client-secret", "0"], environment: nil, log: log,
            endsWithItsInput: true)
        let port = try #require(await provider.first(/listening on (\d+)/)?.1, "the provider did not start: \(provider.output)")
        do {
            try await body("http://127.0.0.1:\(port)")
            await provider.stop()
        } catch {
            await provider.stop()
            throw error
        }
    }

    static func settings(issuer: String) -> ServerSettings {
        var settings = TestServer.settings()
        settings.singleSignOn = SingleSignOnSettings(
            issuer: issuer, clientID: "unilink-test", clientSecret: "test-client-secret", allowedDomains: ["example.com"], groupsClaim: "groups",
            groupRoles: try! GroupRoles(parsing: "unilink-owners=owner"), name: "Test IdP")
        return settings
    }

    struct Attempt {
        let status: HTTPResponse.Status
        let text: String
        let session: String?
    }

    /// The browser's part: start, follow the provider's redirect, come back with the cookie
    /// the start set. `tamper` changes the callback's query or drops the state cookie.
    static func signIn(
        _ client: any TestClientProtocol, _ http: HTTPClient, keepCookie: Bool = true, tamper: (String) -> String = { $0 }
    ) async throws -> (Attempt, callback: String, cookie: String) {
        // Each attempt from its own address: the sign-in limit per address is not what is tested.
        let visitor: HTTPFields = [HTTPField.Name("X-Forwarded-For")!: "198.51.\(Int.random(in: 0...255)).\(Int.random(in: 1...254))"]
        let start = try await client.execute(uri: "/sign-in/sso", method: .get, headers: visitor)
        #expect(start.status == .seeOther || start.status == .found, "\(start.status) \(start.text)")
        let authorize = try #require(start.headers[.location])
        #expect(authorize.contains("code_challenge_method=S256") && authorize.contains("nonce=") && authorize.contains("state="))
        let cookie = String(try #require(start.headers[HTTPField.Name("Set-Cookie")!]).split(separator: ";")[0])
        let provider = try await http.execute(HTTPClientRequest(url: authorize), timeout: .seconds(10))
        #expect(provider.status.code == 302)
        let back = try #require(provider.headers.first(name: "location"))
        let callback = tamper(String(back[try #require(back.range(of: "/sign-in/sso/callback")).lowerBound...]))
        let answer = try await client.execute(uri: callback, method: .get, headers: keepCookie ? visitor.merging([.cookie: cookie]) : visitor)
        let session = answer.headers[HTTPField.Name("Set-Cookie")!].flatMap {
            $0.hasPrefix("unilink_session=") ? String($0.split(separator: ";")[0]) : nil
        }
        return (Attempt(status: answer.status, text: answer.text, session: session), callback, cookie)
    }

    static func control(_ http: HTTPClient, _ issuer: String, _ json: String) async throws {
        var request = HTTPClientRequest(url: issuer + "/control")
        request.method = .POST
        request.body = .bytes(ByteBuffer(string: json))
        #expect(try await http.execute(request, timeout: .seconds(10)).status.code == 204)
    }

    static func people(_ client: any TestClientProtocol) async throws -> String {
        try await client.send(.get, "/v1/users", bearer: TestServer.adminToken).text
    }

    @Test(.enabled("python3 with joserfc is not installed (pip install joserfc); .ci/run installs it") { required ? true : await available() })
    func theFlowSignsInAndEveryAttackIsRefused() async throws {
        #expect(await Self.available(), "UNILINK_REQUIRE_OIDC is set but python3 cannot import joserfc")
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        do {
            try await flow(http)
        } catch {
            try? await http.shutdown()
            throw error
        }
        try await http.shutdown()
    }

    func flow(_ http: HTTPClient) async throws {
        try await Self.withProvider { issuer in
            try await TestServer.run(.live, settings: Self.settings(issuer: issuer)) { client in
                #expect(try await client.execute(uri: "/", method: .get).text.contains("Sign in with Test IdP"))

                // Refused, one way each; none makes an account or a session.
                let person = #"{"sub": "p1", "email": "Ana@Example.com", "email_verified": true, "name": "Ana", "groups": ["unilink-owners"]}"#
                try await Self.control(http, issuer, #"{"person": \#(person)}"#)
                let refusals: [(String, String)] = [
                    (#"{"mode": "wrong_audience"}"#, "audience"), (#"{"mode": "expired"}"#, "expired"), (#"{"mode": "wrong_nonce"}"#, "nonce"),
                    (#"{"mode": "wrong_issuer"}"#, "not by the configured provider"), (#"{"mode": "alg_none"}"#, "not RS256 or ES256"),
                    (#"{"mode": "hs256_public_key"}"#, "not RS256 or ES256"),
                    (#"{"mode": "normal", "person": {"sub": "p2", "email": "mallory@evil.example", "email_verified": true}}"#, "evil.example"),
                    (#"{"person": {"sub": "p3", "email": "ana@example.com", "email_verified": false}}"#, "not verified"),
                ]
                for (change, reason) in refusals {
                    try await Self.control(http, issuer, change)
                    let (attempt, _, _) = try await Self.signIn(client, http)
                    #expect(
                        attempt.status == .badRequest && attempt.text.contains(reason), "\(change): \(attempt.status) \(attempt.text.prefix(400))")
                    #expect(attempt.session == nil)
                }
                try await Self.control(http, issuer, #"{"mode": "normal", "person": \#(person)}"#)
                let missing = try await Self.signIn(client, http) { $0.replacingOccurrences(of: "state=", with: "nostate=") }.0
                #expect(missing.status == .badRequest && missing.text.contains("no state"))
                let otherBrowser = try await Self.signIn(client, http, keepCookie: false).0
                #expect(otherBrowser.status == .badRequest && otherBrowser.text.contains("not started in this browser"))
                #expect(!(try await Self.people(client)).contains("ana@example.com"), "nothing was created")

                // The flow: an account at its first sign-in, an owner by the provider's group.
                let (signedIn, callback, cookie) = try await Self.signIn(client, http)
                #expect(signedIn.status == .ok && signedIn.text.contains("http-equiv=\"refresh\""), "\(signedIn.text.prefix(300))")
                let session = try #require(signedIn.session)
                let people = try await client.execute(uri: "/people", method: .get, headers: [.cookie: session])
                #expect(people.status == .ok && people.text.contains("ana@example.com"), "an owner, by the group")
                let account = try await client.execute(uri: "/account", method: .get, headers: [.cookie: session])
                #expect(account.text.contains("id=\"no-password\"") && !account.text.contains("id=\"two-factor-on\""), "no password here")
                // The same state again: used once.
                let replay = try await client.execute(uri: callback, method: .get, headers: [.cookie: cookie])
                #expect(replay.status == .badRequest && replay.text.contains("used already"))

                // The provider rotates its key; ES256 works too; the account is the same.
                try await Self.control(http, issuer, #"{"rotate": true}"#)
                #expect(try await Self.signIn(client, http).0.status == .ok, "the new key is fetched")
                try await Self.control(http, issuer, #"{"alg": "ES256"}"#)
                #expect(try await Self.signIn(client, http).0.status == .ok)
                let users = try await Self.people(client)
                #expect(users.components(separatedBy: "ana@example.com").count == 2, "one account: \(users)")
                let audit = try await client.send(.get, "/v1/audit?action=dashboard.sign_in_failed&limit=200", bearer: TestServer.adminToken).text
                #expect(audit.components(separatedBy: "\"single_sign_on\"").count - 1 >= refusals.count + 3, "each refusal is in the log")
            }
        }
    }

    /// The claims' rules, one at a time.
    @Test func theClaimsAreCheckedOneRuleAtATime() {
        let now = Date(timeIntervalSince1970: 2_000_000_000)
        let good = IDTokenClaims(
            issuer: "https://id.example.com", audiences: ["client"], expires: now.addingTimeInterval(300), issuedAt: now, nonce: "n", subject: "s",
            email: "Ana@Example.com", emailVerified: true)
        func check(_ change: (inout IDTokenClaims) -> Void, domains: Set<String> = ["example.com"]) -> IDTokenCheck.Refusal? {
            var claims = good
            change(&claims)
            return IDTokenCheck.refusal(claims, issuer: "https://id.example.com", clientID: "client", nonce: "n", allowedDomains: domains, now: now)
        }
        #expect(check { _ in } == nil)
        #expect(check { $0.issuer = "https://id.example.com/" } == .issuer("https://id.example.com/"))
        #expect(check { $0.audiences = ["other"] } == .audience)
        #expect(
            check {
                $0.audiences = ["client", "other"]; $0.authorizedParty = "other"
            } == .audience)
        #expect(check { $0.expires = now.addingTimeInterval(-121) } == .expired)
        #expect(check { $0.expires = now.addingTimeInterval(-119) } == nil, "within the clock skew")
        #expect(check { $0.issuedAt = now.addingTimeInterval(121) } == .issuedInTheFuture)
        #expect(check { $0.nonce = nil } == .nonce)
        #expect(check { $0.email = nil } == .noEmail)
        #expect(check { $0.emailVerified = nil } == .emailNotVerified)
        #expect(check { $0.email = "a@other.org" } == .domainNotAllowed("other.org"))
        #expect(check({ $0.email = "a@other.org" }, domains: []) == nil, "no domains: any address may sign in to its account")
        #expect(IDTokenCheck.mayCreateAccount(email: "a@other.org", allowedDomains: []) == false)
        let roles = try? GroupRoles(parsing: "admins=owner, shop=app_1:editor, shop-leads=app_1:admin, shop=app_2:viewer")
        #expect(roles?.apply(["shop"]).roles == ["app_1": .editor, "app_2": .viewer])
        #expect(roles?.apply(["shop", "shop-leads"]).roles["app_1"] == .admin, "the highest role")
        #expect(roles?.apply(["admins"]).isOwner == true)
        #expect(throws: GroupRoles.ParseError.self) { try GroupRoles(parsing: "shop=app_1:boss") }
    }
}
