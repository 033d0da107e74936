import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI

@testable import UnilinkServer

/// The dashboard's rules over HTTP (the browser test drives the pages themselves): where it
/// answers, who may do what, forms that need their CSRF token, limited sign-in attempts,
/// and typed values shown as text.
@Suite("Dashboard rules")
struct DashboardTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]

    /// Signs in and returns the session cookie and the CSRF token of the pages.
    static func signIn(_ client: any TestClientProtocol, token: String, address: String = "203.0.113.9") async throws -> (
        cookie: String, csrf: String
    ) {
        let response = try await client.execute(
            uri: "/sign-in", method: .post, headers: form.merging(address: address),
            body: ByteBuffer(string: "token=\(token)"))
        #expect(response.status == .seeOther, "\(response.text)")
        let cookie = try #require(response.headers[HTTPField.Name("Set-Cookie")!]).split(separator: ";")[0]
        #expect(
            response.headers[HTTPField.Name("Set-Cookie")!]?.contains("HttpOnly") == true
                && response.headers[HTTPField.Name("Set-Cookie")!]?.contains("SameSite=Strict") == true)
        let home = try await client.execute(uri: "/debug", method: .get, headers: [.cookie: String(cookie)])
        let csrf = try #require(home.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        return (String(cookie), String(csrf))
    }

    /// Login CSRF: a sign-in form another site sends (its Origin, or the browser's
    /// Sec-Fetch-Site) is refused before the token is even read, and sets no cookie; the
    /// dashboard's own form, and a client that sends neither header, sign in.
    @Test(
        arguments: [
            ([HTTPField.Name.origin: "https://evil.example"], false),
            ([HTTPField.Name.origin: "null"], false),
            ([HTTPField.Name("Sec-Fetch-Site")!: "cross-site"], false),
            ([HTTPField.Name("Sec-Fetch-Site")!: "same-site", .origin: "http://dashboard.example.com"], false),
            ([HTTPField.Name.origin: "http://dashboard.example.com", HTTPField.Name("Sec-Fetch-Site")!: "same-origin"], true),
            ([HTTPField.Name.origin: "http://Dashboard.Example.com"], true),
            ([:], true),
        ] as [(HTTPFields, Bool)])
    func signInFromAnotherSiteIsRefused(fields: HTTPFields, accepted: Bool) async throws {
        try await TestServer.run { client in
            let headers = Self.form.merging(address: "203.0.113.20").merging(fields).merging([HTTPField.Name("Host")!: "dashboard.example.com"])
            let response = try await client.execute(
                uri: "/sign-in", method: .post, headers: headers, body: ByteBuffer(string: "token=\(TestServer.adminToken)"))
            #expect(response.status == (accepted ? .seeOther : .forbidden), "\(response.text)")
            #expect((response.headers[HTTPField.Name("Set-Cookie")!] != nil) == accepted)
            if !accepted { #expect(response.text.contains("another site") || response.text.contains("not from this dashboard")) }
        }
    }

    @Test func theDashboardAnswersOnlyWhereNoAppClaimsTheHost() async throws {
        try await TestServer.run { client in
            _ = try await client.createApp()
            let home = try await client.send(.get, "/", host: "127.0.0.1:8080")
            #expect(home.status == .ok && home.text.contains("<h1>Sign in</h1>"))
            #expect(home.headers[.contentSecurityPolicy]?.contains("frame-ancestors 'none'") == true)
            // An app's host keeps its links, the API keeps answering on the dashboard's host.
            let onAppHost = try await client.send(.get, "/", host: "link.example.com", userAgent: UA.windowsChrome)
            #expect(!onAppHost.text.contains("Sign in"))
            #expect(try await client.send(.get, "/healthz", host: "127.0.0.1").status == .ok)
            #expect(try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken, host: "127.0.0.1").status == .ok)
            // Pages need a session.
            let page = try await client.send(.get, "/apps/new", host: "127.0.0.1")
            #expect(page.status == .seeOther && page.headers[.location] == "/")
        }
    }

    /// Every page but home, sign-in and not-found is in the signed-in group: without a
    /// session (no cookie, or a cookie the server does not know) each sends the visitor to
    /// sign in, and no handler runs.
    @Test(arguments: [
        (HTTPRequest.Method.get, "/apps/new"), (.post, "/apps"), (.get, "/apps/app_x"), (.get, "/apps/app_x/edit"), (.post, "/apps/app_x"),
        (.get, "/apps/app_x/numbers"), (.get, "/apps/app_x/numbers.csv"), (.get, "/apps/app_x/links/new"), (.post, "/apps/app_x/links"),
        (.get, "/links/lnk_x"), (.get, "/links/lnk_x/edit"), (.post, "/links/lnk_x"), (.post, "/links/lnk_x/delete"),
        (.get, "/links/lnk_x/numbers.csv"), (.get, "/links/lnk_x/qr.png"), (.get, "/links/lnk_x/qr.svg"), (.get, "/debug"), (.post, "/sign-out"),
    ])
    func signedOutVisitorsAreSentToSignIn(method: HTTPRequest.Method, path: String) async throws {
        try await TestServer.run { client in
            for cookie: HTTPFields in [[:], [.cookie: "unilink_session=\(String(repeating: "a", count: 43))"]] {
                let response = try await client.execute(
                    uri: path, method: method, headers: Self.form.merging(cookie), body: ByteBuffer(string: "csrf=x"))
                #expect(response.status == .seeOther && response.headers[.location] == "/", "\(method) \(path): \(response.status)")
            }
        }
    }

    @Test func formsWithoutTheirCSRFTokenChangeNothing() async throws {
        try await TestServer.run { client in
            let session = try await Self.signIn(client, token: TestServer.adminToken)
            let headers = Self.form.merging([.cookie: session.cookie])
            let forged = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: "name=Forged&domains=forged.example+short"))
            #expect(forged.status == .forbidden && forged.text.contains("CSRF"))
            let wrong = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=nope&name=Forged&domains=forged.example+short"))
            #expect(wrong.status == .forbidden)
            let apps = try await client.send(.get, "/v1/apps", bearer: TestServer.adminToken).decode(AppList.self)
            #expect(apps.data.isEmpty)
            // With the token, the same form works, and the API's errors come back on the form.
            let refused = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(session.csrf)&name=Bad&domains=not+a+host+line"))
            #expect(refused.status == .badRequest && refused.text.contains("host role"))
            let created = try await client.execute(
                uri: "/apps", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(session.csrf)&name=Good&domains=good.example+short&web_fallback_url=https%3A%2F%2Fgood.example%2F"))
            #expect(created.status == .ok && created.text.contains("sk_"))
        }
    }

    @Test func aSecretKeySeesOnlyItsOwnAppAndCannotCreateApps() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            let session = try await Self.signIn(client, token: shop.secretKey)
            let cookie: HTTPFields = [.cookie: session.cookie]
            #expect(try await client.execute(uri: "/", method: .get, headers: cookie).headers[.location] == "/apps/\(shop.id)")
            #expect(try await client.execute(uri: "/apps/\(shop.id)", method: .get, headers: cookie).status == .ok)
            #expect(try await client.execute(uri: "/apps/\(other.id)", method: .get, headers: cookie).status == .notFound, "not its to know of")
            #expect(try await client.execute(uri: "/apps/new", method: .get, headers: cookie).status == .forbidden)
            #expect(try await client.execute(uri: "/apps/\(shop.id)/edit", method: .get, headers: cookie).status == .forbidden)
            // Signing out is a form like the others: without its CSRF token it is refused.
            for body in ["", "csrf=nope"] {
                let forged = try await client.execute(
                    uri: "/sign-out", method: .post, headers: Self.form.merging(cookie), body: ByteBuffer(string: body))
                #expect(forged.status == .forbidden && forged.text.contains("CSRF"))
                #expect(forged.headers[HTTPField.Name("Set-Cookie")!] == nil)
            }
            #expect(try await client.execute(uri: "/apps/\(shop.id)", method: .get, headers: cookie).status == .ok, "still signed in")
            // Signing out ends the session on the server, not only in the browser.
            let out = try await client.execute(
                uri: "/sign-out", method: .post, headers: Self.form.merging(cookie),
                body: ByteBuffer(string: "csrf=\(session.csrf)"))
            #expect(out.status == .seeOther)
            #expect(try await client.execute(uri: "/apps/\(shop.id)", method: .get, headers: cookie).status == .seeOther)
        }
    }

    /// Live, so the limiter sees each visitor's address (loopback is a trusted proxy here).
    /// The edit form is the whole link: an emptied field clears the value (the API's PATCH
    /// would keep it), and the API's validation still applies.
    @Test func theEditFormReplacesTheLinkWithTheAPIsRules() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(
                """
                {"path": "/p/1", "alias": "one", "social": {"title": "Old title"}, "campaign": {"channel": "mail"}, "deep_link_sub1": "a"}
                """, app: shop)
            let linkID = try #require(link.id)
            let session = try await Self.signIn(client, token: shop.secretKey)
            let headers = Self.form.merging([.cookie: session.cookie])
            let refused = try await client.execute(
                uri: "/links/\(linkID)", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(session.csrf)&path=no-slash&alias=one"))
            #expect(refused.status == .badRequest && refused.text.contains("must start with"))
            let saved = try await client.execute(
                uri: "/links/\(linkID)", method: .post, headers: headers,
                body: ByteBuffer(string: "csrf=\(session.csrf)&path=%2Fp%2F2&alias=one&subs=2%3Db"))
            #expect(saved.status == .seeOther, "\(saved.text)")
            let stored = try await client.send(.get, "/v1/links/\(linkID)", bearer: shop.secretKey).decode(LinkBody.self)
            #expect(stored.path == "/p/2" && stored.social == nil && stored.campaign == nil && stored.deepLinkSubs == [2: "b"])
            #expect(stored.shortURL == link.shortURL && stored.createdAt == link.createdAt, "the same link, at the same address")
        }
    }

    @Test func wrongTokensAreRateLimitedPerAddress() async throws {
        try await TestServer.run(.live) { client in
            var statuses: [HTTPResponse.Status] = []
            // 10 a minute, one more every 6 s: 20 tries meet the limit unless each of the last
            // ten took over 6 s (12 tries were too few on a machine busy building).
            for _ in 0..<20 {
                let response = try await client.execute(
                    uri: "/sign-in", method: .post, headers: Self.form.merging(address: "198.51.100.7"),
                    body: ByteBuffer(string: "token=adm_guess"))
                statuses.append(response.status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .unauthorized })
            #expect(statuses.dropFirst(10).contains(.tooManyRequests), "\(statuses.map(\.code))")
            // Another address is not held back.
            let other = try await client.execute(
                uri: "/sign-in", method: .post, headers: Self.form.merging(address: "198.51.100.8"),
                body: ByteBuffer(string: "token=\(TestServer.adminToken)"))
            #expect(other.status == .seeOther)
        }
    }

    /// Right tokens count too: the limit is on attempts, not only on wrong ones.
    @Test func everySignInAttemptCountsAgainstTheLimit() async throws {
        try await TestServer.run(.live) { client in
            var statuses: [HTTPResponse.Status] = []
            for _ in 0..<20 {
                let response = try await client.execute(
                    uri: "/sign-in", method: .post, headers: Self.form.merging(address: "198.51.100.9"),
                    body: ByteBuffer(string: "token=\(TestServer.adminToken)"))
                statuses.append(response.status)
            }
            #expect(statuses.prefix(10).allSatisfy { $0 == .seeOther })
            #expect(statuses.dropFirst(10).contains(.tooManyRequests), "\(statuses.map(\.code))")
        }
    }

    /// Hostile values typed into the API come back as text on every page that shows them.
    @Test func hostileValuesAreEscapedOnEveryPage() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let hostile = "\"><script>alert(1)</script>"
            let link = try await client.createLink(
                """
                {"path": "/p/%22%3E%3Cscript%3E", "alias": "x1", "deep_link_value": "\(hostile.replacingOccurrences(of: "\"", with: "\\\""))",
                 "social": {"title": "\(hostile.replacingOccurrences(of: "\"", with: "\\\""))", "image_url": "https://www.example.com/i.png"},
                 "campaign": {"campaign": "<b>spring</b>"}}
                """, app: shop)
            let session = try await Self.signIn(client, token: TestServer.adminToken)
            let cookie: HTTPFields = [.cookie: session.cookie]
            let linkID = try #require(link.id)
            for page in [
                "/apps/\(shop.id)", "/links/\(linkID)", "/links/\(linkID)/edit", "/apps/\(shop.id)/numbers",
                "/debug?url=\(try #require(link.shortURL).addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)",
            ] {
                let response = try await client.execute(uri: page, method: .get, headers: cookie)
                #expect(response.status == .ok, "\(page): \(response.status)")
                #expect(!response.text.contains("<script>alert(1)"), "\(page) shows a typed value as markup")
                #expect(!response.text.contains("<b>spring</b>"), "\(page) shows a typed value as markup")
            }
            let csv = try await client.execute(uri: "/apps/\(shop.id)/numbers.csv", method: .get, headers: cookie)
            #expect(csv.status == .ok && csv.text.hasPrefix("day,link_id,platform,outcome,clicks\r\n"))
            let qr = try await client.execute(
                uri: "/v1/links/\(linkID)/qr?format=png&size=300", method: .get, headers: [.authorization: "Bearer \(shop.secretKey)"])
            #expect(
                qr.status == .ok && qr.headers[.contentType] == "image/png" && Array(qr.body.readableBytesView.prefix(4)) == [0x89, 0x50, 0x4E, 0x47])
            let bad = try await client.execute(
                uri: "/v1/links/\(linkID)/qr?size=5", method: .get, headers: [.authorization: "Bearer \(shop.secretKey)"])
            #expect(bad.status == .badRequest && bad.errorCode != nil)
        }
    }
}

extension HTTPFields {
    func merging(_ other: HTTPFields) -> HTTPFields {
        var merged = self
        for field in other { merged[field.name] = field.value }
        return merged
    }

    func merging(address: String) -> HTTPFields {
        merging([HTTPField.Name("X-Forwarded-For")!: address])
    }
}
