import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Synchronization
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkStorage
import UnilinkTestSupport

@testable import UnilinkServer

/// An organisation of people over the API and the dashboard's forms: accounts made by
/// invitation, roles per app enforced by `Authorizer` for every route, tokens that never
/// have more than their person, and one audit entry per change naming the person.
@Suite("People, roles and tokens")
struct PeopleTests {
    static let form: HTTPFields = [.contentType: "application/x-www-form-urlencoded"]
    static let password = "correct horse battery"

    struct Created: Decodable {
        struct User: Decodable { let id: String }
        struct Invitation: Decodable { let url: String }
        let user: User
        let invitation: Invitation
    }

    struct Token: Decodable {
        let id: String
        let name: String
        let token: String?
        let last_used_at: String?
    }

    struct Tokens: Decodable { let data: [Token] }

    struct Account: Decodable {
        struct AppRole: Decodable {
            let app_id: String
            let role: String
        }
        let owner: Bool
        let disabled: Bool
        let apps: [AppRole]
    }

    struct Users: Decodable {
        struct User: Decodable { let id: String }
        let data: [User]
    }

    struct Person {
        let id: String
        let email: String
        /// An API token with every scope the person's roles allow.
        let token: String
    }

    /// Invites `email` with `roles`, accepts the invitation with `password`, and gives the
    /// person a token with every scope.
    static func person(
        _ client: any TestClientProtocol, _ email: String, owner: Bool = false, roles: [String: String] = [:]
    ) async throws -> Person {
        let apps = roles.map { "\"\($0.key)\": \"\($0.value)\"" }.joined(separator: ", ")
        let created = try await client.send(
            .post, "/v1/users", json: #"{"email": "\#(email)", "name": "N", "owner": \#(owner), "apps": {\#(apps)}}"#, bearer: TestServer.adminToken)
        #expect(created.status == .created, "\(created.text)")
        let answer = try created.decode(Created.self)
        let id = answer.user.id
        let invitation = try #require(answer.invitation.url.firstMatch(of: /\/invitations\/([A-Za-z0-9]{43})$/)?.1)
        let accepted = try await client.execute(
            uri: "/invitations/\(invitation)", method: .post, headers: form,
            body: ByteBuffer(
                string:
                    "name=N&password=\(password.replacingOccurrences(of: " ", with: "+"))&confirm=\(password.replacingOccurrences(of: " ", with: "+"))"
            ))
        #expect(accepted.status == .seeOther, "\(accepted.text)")
        let scopes = Scope.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        let token = try await client.send(
            .post, "/v1/tokens", json: #"{"name": "all", "scopes": [\#(scopes)], "user": "\#(id)"}"#, bearer: TestServer.adminToken)
        #expect(token.status == .created, "\(token.text)")
        return Person(id: id, email: email, token: try token.decode(Token.self).token ?? "")
    }

    /// The roles' matrix over the API: what each may read and change, and that a refused
    /// change leaves the link as it was.
    @Test func eachRoleIsAllowedWhatItsRoleSaysAndRefusedTheRest() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            let link = try #require(try await client.createLink(#"{"path": "/u/1", "web_url": "https://www.example.com/a"}"#, app: shop).id)
            let admin = try await Self.person(client, "ada@example.com", roles: [shop.id: "admin"])
            let editor = try await Self.person(client, "eve@example.com", roles: [shop.id: "editor"])
            let viewer = try await Self.person(client, "vic@example.com", roles: [shop.id: "viewer"])

            // Reading: every member.
            for person in [admin, editor, viewer] {
                #expect(try await client.send(.get, "/v1/links/\(link)", bearer: person.token).status == .ok, "\(person.email)")
                #expect(try await client.send(.get, "/v1/apps/\(shop.id)", bearer: person.token).status == .ok)
                #expect(try await client.send(.get, "/v1/apps/\(shop.id)/stats", bearer: person.token).status == .ok)
                let apps = try await client.send(.get, "/v1/apps", bearer: person.token).text
                #expect(apps.contains(shop.id) && !apps.contains(other.id), "a person sees only their apps: \(apps)")
                #expect(try await client.send(.get, "/v1/apps/\(other.id)", bearer: person.token).status == .notFound)
            }
            // A viewer changes nothing, and the link stays as it was.
            let refused = try await client.send(.patch, "/v1/links/\(link)", json: #"{"web_url": "https://www.example.com/b"}"#, bearer: viewer.token)
            #expect(refused.status == .forbidden && refused.text.contains("'viewer' does not allow 'links:write'"), "\(refused.text)")
            #expect(try await client.send(.get, "/v1/links/\(link)", bearer: viewer.token).text.contains("https://www.example.com/a"))
            #expect(
                try await client.send(.post, "/v1/links?app_id=\(shop.id)", json: #"{"path": "/u/2"}"#, bearer: viewer.token).status == .forbidden)
            // An editor changes links, not the app.
            #expect(
                try await client.send(.patch, "/v1/links/\(link)", json: #"{"web_url": "https://www.example.com/c"}"#, bearer: editor.token).status
                    == .ok)
            #expect(try await client.send(.post, "/v1/links", json: #"{"path": "/u/3"}"#, bearer: editor.token).status == .created, "their one app")
            #expect(try await client.send(.patch, "/v1/apps/\(shop.id)", json: #"{"name": "X"}"#, bearer: editor.token).status == .forbidden)
            #expect(
                try await client.send(
                    .post, "/v1/apps/\(shop.id)/members", json: #"{"user": "vic@example.com", "role": "admin"}"#, bearer: editor.token
                )
                .status == .forbidden)
            // An admin changes the app and its members, but makes no apps and sees no people list.
            #expect(try await client.send(.patch, "/v1/apps/\(shop.id)", json: #"{"name": "Shop 2"}"#, bearer: admin.token).status == .ok)
            #expect(
                try await client.send(
                    .post, "/v1/apps/\(shop.id)/members", json: #"{"user": "vic@example.com", "role": "editor"}"#, bearer: admin.token
                )
                .status == .created)
            #expect(try await client.send(.post, "/v1/links?app_id=\(shop.id)", json: #"{"path": "/u/4"}"#, bearer: viewer.token).status == .created)
            #expect(try await client.send(.post, "/v1/apps", json: TestServer.otherApp, bearer: admin.token).status == .forbidden)
            #expect(try await client.send(.get, "/v1/users", bearer: admin.token).status == .forbidden)
            #expect(try await client.send(.get, "/v1/audit?app_id=\(shop.id)", bearer: admin.token).status == .ok)
            #expect(try await client.send(.get, "/v1/audit", bearer: admin.token).status == .forbidden, "the organisation's log is the owners'")
            #expect(try await client.send(.get, "/v1/audit?app_id=\(shop.id)", bearer: editor.token).status == .forbidden)
        }
    }

    /// A token is narrowed to its scopes and apps, is refused naming what it lacks, never
    /// makes a token with more than itself, and loses what its person loses.
    @Test func aTokenHasAtMostItsScopesItsAppsAndItsPerson() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let other = try await client.createApp(TestServer.otherApp)
            let owner = try await Self.person(client, "olga@example.com", owner: true)
            let narrow = try await client.send(
                .post, "/v1/tokens", json: #"{"name": "CI", "scopes": ["links:read"], "apps": ["\#(shop.id)"]}"#, bearer: owner.token)
            #expect(narrow.status == .created)
            let ci = try #require(try narrow.decode(Token.self).token)
            #expect(ci.wholeMatch(of: /ulpat_[0-9A-Za-z]{43}/) != nil, "a prefix secret scanners find")
            #expect(try await client.send(.get, "/v1/links?app_id=\(shop.id)", bearer: ci).status == .ok)
            let write = try await client.send(.post, "/v1/links?app_id=\(shop.id)", json: #"{"path": "/u/1"}"#, bearer: ci)
            #expect(write.status == .forbidden && write.text.contains("lacks the scope 'links:write'"), "\(write.text)")
            let elsewhere = try await client.send(.get, "/v1/links?app_id=\(other.id)", bearer: ci)
            #expect(elsewhere.status == .forbidden && elsewhere.text.contains("not for the app '\(other.id)'"), "\(elsewhere.text)")
            let wider = try await client.send(
                .post, "/v1/tokens", json: #"{"name": "more", "scopes": ["links:write"], "apps": ["\#(shop.id)"]}"#, bearer: ci)
            #expect(wider.status == .forbidden && wider.text.contains("links:write"))
            let everywhere = try await client.send(.post, "/v1/tokens", json: #"{"name": "all apps", "scopes": ["links:read"]}"#, bearer: ci)
            #expect(everywhere.status == .forbidden, "a token limited to apps cannot make one for all")
            #expect(try await client.send(.get, "/v1/me", bearer: ci).text.contains("\"scopes\":[\"links:read\"]"))

            // The person's role is what the token's scope can use: a member loses the app, the token does too.
            let member = try await Self.person(client, "max@example.com", roles: [shop.id: "editor"])
            #expect(try await client.send(.get, "/v1/apps/\(shop.id)", bearer: member.token).status == .ok)
            #expect(try await client.send(.delete, "/v1/apps/\(shop.id)/members/\(member.id)", bearer: owner.token).status == .noContent)
            #expect(try await client.send(.get, "/v1/apps/\(shop.id)", bearer: member.token).status == .notFound)

            // Revoked: refused at once; a token's list names no secret.
            let list = try await client.send(.get, "/v1/tokens", bearer: owner.token)
            #expect(!list.text.contains("\"token\":"))
            let id = try #require(try list.decode(Tokens.self).data.first { $0.name == "CI" }?.id)
            #expect(try await client.send(.delete, "/v1/tokens/\(id)", bearer: owner.token).status == .noContent)
            let revoked = try await client.send(.get, "/v1/links?app_id=\(shop.id)", bearer: ci)
            #expect(revoked.status == .unauthorized && revoked.text.contains("not valid"))
            #expect(try await client.send(.get, "/v1/me", bearer: "ulpat_" + String(repeating: "x", count: 43)).status == .unauthorized)
            // Bad input says what is wrong.
            let bad = try await client.send(.post, "/v1/tokens", json: #"{"name": "x", "scopes": ["links:delete"]}"#, bearer: owner.token)
            #expect(bad.status == .badRequest && bad.text.contains("'links:delete' is not a scope"))
            let past = try await client.send(
                .post, "/v1/tokens", json: #"{"name": "x", "scopes": ["links:read"], "expires_at": "2020-01-01T00:00:00Z"}"#, bearer: owner.token)
            #expect(past.status == .unprocessableContent && past.text.contains("in the past"))
            #expect(try await client.send(.get, "/v1/tokens", bearer: shop.secretKey).status == .forbidden, "a secret key is no one")
        }
    }

    /// A token given a short life works until its expiry and is refused from then on,
    /// saying when it expired; the person's other tokens go on working.
    @Test func aTokenIsRefusedOnceItHasExpired() async throws {
        try await TestServer.run { client in
            let owner = try await Self.person(client, "olga@example.com", owner: true)
            // Whole seconds, as the API writes times; far enough ahead to be used once before on
            // a loaded CI machine (three seconds were not always).
            let expiry = Date(timeIntervalSince1970: (Date.now.timeIntervalSince1970 + 8).rounded(.up))
            let made = try await client.send(
                .post, "/v1/tokens", json: #"{"name": "brief", "scopes": ["links:read"], "expires_at": "\#(Timestamp.format(expiry))"}"#,
                bearer: owner.token)
            #expect(made.status == .created, "\(made.text)")
            let brief = try #require(try made.decode(Token.self).token)
            #expect(try await client.send(.get, "/v1/me", bearer: brief).status == .ok, "before its expiry")
            var answer = try await client.send(.get, "/v1/me", bearer: brief)
            while answer.status == .ok, Date.now < expiry.addingTimeInterval(2) {
                try await Task.sleep(for: .milliseconds(100))
                answer = try await client.send(.get, "/v1/me", bearer: brief)
            }
            #expect(Date.now >= expiry, "refused only once expired")
            #expect(
                answer.status == .unauthorized && answer.text.contains("expired at \(Timestamp.format(expiry))"), "\(answer.status): \(answer.text)")
            #expect(try await client.send(.get, "/v1/me", bearer: owner.token).status == .ok, "the person's other token")
        }
    }

    /// A token's use costs no write: it is noted and written by `TokenUsageService`, at the
    /// latest when the server stops, so the token's list on the next start says when it was
    /// last used, on both databases.
    @Test(arguments: TestDatabase.available)
    func aTokensLastUseIsWrittenAndListed(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            var settings = TestServer.settings()
            settings.database = location
            let (first, _) = try await buildApplicationAndParts(settings: settings, announce: { _ in })
            let (user, from, to) = try await first.test(.router) { client in
                let owner = try await Self.person(client, "olga@example.com", owner: true)
                let unused = try await client.send(.get, "/v1/tokens?user=\(owner.id)", bearer: TestServer.adminToken).decode(Tokens.self)
                #expect(unused.data.count == 1 && unused.data.allSatisfy { $0.last_used_at == nil }, "never used yet")
                let from = Date.now
                #expect(try await client.send(.get, "/v1/me", bearer: owner.token).status == .ok)
                return (owner.id, from, Date.now)
            }
            let (second, _) = try await buildApplicationAndParts(settings: settings, announce: { _ in })
            try await second.test(.router) { client in
                let tokens = try await client.send(.get, "/v1/tokens?user=\(user)", bearer: TestServer.adminToken).decode(Tokens.self).data
                let used = try #require(tokens.first?.last_used_at.flatMap(Timestamp.parse), "\(tokens)")
                #expect(used >= from.addingTimeInterval(-1) && used <= to.addingTimeInterval(1), "\(used) is the use between \(from) and \(to)")
            }
        }
    }

    /// The people, members, account and token forms, each posted by another site (no CSRF
    /// token, or a wrong one) with an owner's session: refused, and nothing changes.
    @Test func peopleAndAccountFormsWithoutTheirCSRFTokenChangeNothing() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let owner = try await Self.person(client, "olga@example.com", owner: true)
            let member = try await Self.person(client, "max@example.com", roles: [shop.id: "editor"])
            let cookie = try await Self.signIn(client, owner.email)
            let other = try await Self.signIn(client, owner.email, address: "203.0.113.8")
            let tokenID = try #require(
                try await client.send(.get, "/v1/tokens?user=\(owner.id)", bearer: TestServer.adminToken).decode(Tokens.self).data.first?.id)
            let logged = try await client.send(.get, "/v1/audit?limit=200", bearer: TestServer.adminToken).text
            let forms: [(String, String)] = [
                ("/people", "email=eve%40example.com&name=Eve&owner=on"),
                ("/people/\(member.id)/owner", "value=on"),
                ("/people/\(member.id)/disabled", "value=on"),
                ("/apps/\(shop.id)/members", "email=max%40example.com&role=admin"),
                ("/apps/\(shop.id)/members/\(member.id)/remove", ""),
                ("/account/password", "current=correct+horse+battery&password=forged+password+1&confirm=forged+password+1"),
                ("/account/tokens", "name=forged&scopes%5B%5D=links%3Aread&days=30"),
                ("/account/tokens/\(tokenID)/revoke", ""),
                ("/account/sessions/end-others", ""),
            ]
            for (uri, fields) in forms {
                for csrf in ["", "csrf=nope&"] {
                    let forged = try await client.execute(
                        uri: uri, method: .post, headers: Self.form.merging([.cookie: cookie]), body: ByteBuffer(string: csrf + fields))
                    #expect(forged.status == .forbidden && forged.text.contains("CSRF"), "\(uri) \(csrf): \(forged.status)")
                }
            }
            // Nothing changed: no entry, the member keeps their role and token, the owner their password, token and other session.
            #expect(try await client.send(.get, "/v1/audit?limit=200", bearer: TestServer.adminToken).text == logged, "no change was recorded")
            let max = try await client.send(.get, "/v1/users/\(member.id)", bearer: TestServer.adminToken).decode(Account.self)
            #expect(!max.owner && !max.disabled && max.apps.map { [$0.app_id, $0.role] } == [[shop.id, "editor"]], "\(max)")
            #expect(try await client.send(.get, "/v1/apps/\(shop.id)", bearer: member.token).status == .ok)
            #expect(try await client.send(.get, "/v1/me", bearer: owner.token).status == .ok, "the token was not revoked")
            #expect(try await client.send(.get, "/v1/tokens", bearer: owner.token).decode(Tokens.self).data.map(\.name) == ["all"])
            #expect(try await client.send(.get, "/v1/users", bearer: owner.token).decode(Users.self).data.count == 2, "no one was invited")
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: other]).status == .ok, "the other session stays")
            _ = try await Self.signIn(client, owner.email, address: "203.0.113.9")

            // The same form with the session's token works: the refusals above were the token's.
            let page = try await client.execute(uri: "/account", method: .get, headers: [.cookie: cookie])
            let csrf = String(try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1))
            let removed = try await client.execute(
                uri: "/apps/\(shop.id)/members/\(member.id)/remove", method: .post, headers: Self.form.merging([.cookie: cookie]),
                body: ByteBuffer(string: "csrf=\(csrf)"))
            #expect(removed.status.code < 400, "\(removed.status)")
            #expect(try await client.send(.get, "/v1/apps/\(shop.id)", bearer: member.token).status == .notFound)
        }
    }

    /// Disabling a person stops their tokens and sessions; the last owner can be neither
    /// demoted nor disabled; nothing of it is lost on the way.
    @Test func disablingStopsEverythingAndTheLastOwnerStays() async throws {
        try await TestServer.run { client in
            let owner = try await Self.person(client, "olga@example.com", owner: true)
            let second = try await Self.person(client, "sam@example.com")
            let demote = try await client.send(.patch, "/v1/users/\(owner.id)", json: #"{"owner": false}"#, bearer: owner.token)
            #expect(demote.status == .conflict && demote.text.contains("last owner"), "\(demote.text)")
            let disable = try await client.send(.patch, "/v1/users/\(owner.id)", json: #"{"disabled": true}"#, bearer: owner.token)
            #expect(disable.status == .conflict)
            #expect(try await client.send(.get, "/v1/users/\(owner.id)", bearer: owner.token).text.contains("\"owner\":true"))

            let cookie = try await Self.signIn(client, second.email)
            #expect(try await client.send(.get, "/v1/me", bearer: second.token).status == .ok)
            #expect(try await client.send(.patch, "/v1/users/\(second.id)", json: #"{"disabled": true}"#, bearer: owner.token).status == .ok)
            let stopped = try await client.send(.get, "/v1/me", bearer: second.token)
            #expect(stopped.status == .unauthorized && stopped.text.contains("disabled"))
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: cookie]).headers[.location] == "/", "signed out")
            let again = try await client.execute(
                uri: "/sign-in", method: .post, headers: Self.form, body: ByteBuffer(string: Self.credentials(second.email)))
            #expect(again.status == .unauthorized, "a disabled account cannot sign in")
            // The second person may be made an owner; then the first may step down.
            #expect(
                try await client.send(.patch, "/v1/users/\(second.id)", json: #"{"disabled": false, "owner": true}"#, bearer: owner.token).status
                    == .ok)
            #expect(try await client.send(.patch, "/v1/users/\(owner.id)", json: #"{"owner": false}"#, bearer: owner.token).status == .ok)
            #expect(try await client.send(.get, "/v1/users", bearer: owner.token).status == .forbidden, "no longer an owner")
            let taken = try await client.send(.post, "/v1/users", json: #"{"email": "SAM@example.com"}"#, bearer: TestServer.adminToken)
            #expect(taken.status == .conflict && taken.errorCode == "email_taken")
            #expect(
                try await client.send(.post, "/v1/users", json: #"{"email": "no-at-sign"}"#, bearer: TestServer.adminToken).status
                    == .unprocessableContent)
        }
    }

    static func credentials(_ email: String, password: String = password) -> String {
        "email=\(email.replacingOccurrences(of: "@", with: "%40"))&password=\(password.replacingOccurrences(of: " ", with: "+"))"
    }

    static func signIn(_ client: any TestClientProtocol, _ email: String, address: String = "203.0.113.7") async throws -> String {
        let response = try await client.execute(
            uri: "/sign-in", method: .post, headers: form.merging([HTTPField.Name("X-Forwarded-For")!: address]),
            body: ByteBuffer(string: credentials(email)))
        #expect(response.status == .seeOther, "\(response.text)")
        return String(try #require(response.headers[HTTPField.Name("Set-Cookie")!]).split(separator: ";")[0])
    }

    /// A wrong password, an unknown address and a disabled account read the same; ten
    /// failures for one address stop it for everyone (the right password too) from any
    /// client address; the failed attempts are in the audit log.
    @Test func wrongPasswordsReadTheSameAndAreLimitedPerAccount() async throws {
        // Live: the server trusts loopback's X-Forwarded-For, so each attempt comes from its own address.
        try await TestServer.run(.live) { client in
            _ = try await Self.person(client, "olga@example.com", owner: true)
            var answers: [String] = []
            for (email, password) in [("olga@example.com", "wrong password!"), ("nobody@example.com", Self.password)] {
                let response = try await client.execute(
                    uri: "/sign-in", method: .post, headers: Self.form, body: ByteBuffer(string: Self.credentials(email, password: password)))
                #expect(response.status == .unauthorized)
                answers.append(try #require(response.text.firstMatch(of: /id="error">([^<]+)</)?.1).description)
            }
            #expect(answers[0] == answers[1], "the same answer: \(answers)")
            for attempt in 0..<9 {
                let response = try await client.execute(
                    uri: "/sign-in", method: .post, headers: Self.form.merging([HTTPField.Name("X-Forwarded-For")!: "198.51.100.\(attempt)"]),
                    body: ByteBuffer(string: Self.credentials("olga@example.com", password: "wrong password!")))
                #expect(response.status == .unauthorized)
            }
            let locked = try await client.execute(
                uri: "/sign-in", method: .post, headers: Self.form.merging([HTTPField.Name("X-Forwarded-For")!: "192.0.2.200"]),
                body: ByteBuffer(string: Self.credentials("olga@example.com")))
            #expect(locked.status == .tooManyRequests && locked.text.contains("this account"), "\(locked.status)")
            let audit = try await client.send(.get, "/v1/audit?action=dashboard.sign_in_failed", bearer: TestServer.adminToken)
            #expect(audit.text.components(separatedBy: "dashboard.sign_in_failed").count - 1 == 11, "\(audit.text.prefix(300))")
        }
    }

    /// Two-factor: turned on with a right code from the shown secret; signing in then needs
    /// the current code, refuses a wrong one and the same one twice.
    @Test func theSecondFactorIsAskedAfterTheRightPasswordAndAcceptsACodeOnce() async throws {
        try await TestServer.run { client in
            let person = try await Self.person(client, "olga@example.com", owner: true)
            let cookie = try await Self.signIn(client, person.email)
            let setup = try await client.execute(uri: "/account/two-factor", method: .get, headers: [.cookie: cookie])
            let secret = String(try #require(setup.text.firstMatch(of: /name="secret" value="([A-Za-z0-9]{20})"/)?.1))
            let csrf = String(try #require(setup.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1))
            #expect(setup.text.contains("<svg"), "a QR code to scan")
            let wrong = try await client.execute(
                uri: "/account/two-factor", method: .post, headers: Self.form.merging([.cookie: cookie]),
                body: ByteBuffer(string: "csrf=\(csrf)&secret=\(secret)&code=000000x"))
            #expect(wrong.status == .badRequest)
            let now = Date.now
            let enabled = try await client.execute(
                uri: "/account/two-factor", method: .post, headers: Self.form.merging([.cookie: cookie]),
                body: ByteBuffer(string: "csrf=\(csrf)&secret=\(secret)&code=\(SecondFactor.code(secret: secret, at: now))"))
            #expect(enabled.status == .ok && enabled.text.contains("Two-factor sign-in is on"), "\(enabled.status)")

            // The password alone now waits for the code; the waiting cookie is no session.
            let first = try await client.execute(
                uri: "/sign-in", method: .post, headers: Self.form, body: ByteBuffer(string: Self.credentials(person.email)))
            #expect(first.headers[.location] == "/sign-in/code")
            let pending = String(try #require(first.headers[HTTPField.Name("Set-Cookie")!]).split(separator: ";")[0])
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: pending]).headers[.location] == "/")
            let bad = try await client.execute(
                uri: "/sign-in/code", method: .post, headers: Self.form.merging([.cookie: pending]), body: ByteBuffer(string: "code=123"))
            #expect(bad.status == .unauthorized)
            // The code used to turn it on was used: the next step's code signs in, once.
            let next = SecondFactor.code(secret: secret, at: now.addingTimeInterval(30))
            let used = try await client.execute(
                uri: "/sign-in/code", method: .post, headers: Self.form.merging([.cookie: pending]),
                body: ByteBuffer(string: "code=\(SecondFactor.code(secret: secret, at: now))"))
            #expect(used.status == .unauthorized, "a code is good once")
            let right = try await client.execute(
                uri: "/sign-in/code", method: .post, headers: Self.form.merging([.cookie: pending]), body: ByteBuffer(string: "code=\(next)"))
            #expect(right.status == .seeOther && right.headers[.location] == "/")
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: pending]).status == .ok)
        }
    }

    /// A person another instance made a moment ago (not yet in this instance's directory:
    /// here, written straight to the database) is signed in by their session all the same.
    @Test func aPersonNotYetInTheDirectoryIsSignedInFromTheDatabase() async throws {
        let (app, parts) = try await buildApplicationAndParts(settings: TestServer.settings(), announce: { _ in })
        try await app.test(.router) { client in
            let now = Date.now, token = DashboardSession.newToken()
            let user = User(id: "usr_elsewhere", email: "new@example.com", name: "New", isOwner: false, createdAt: now, updatedAt: now)
            try await parts.store.insert(user: user, roles: [:], audit: [])
            #expect(parts.people.current.users[user.id] == nil, "this instance has not heard of them")
            try await parts.store.insert(
                session: DashboardSessionRecord(
                    tokenHash: Identifiers.hash(token), userID: user.id, appID: nil, createdAt: now, expiresAt: now.addingTimeInterval(600)))
            let page = try await client.execute(uri: "/account", method: .get, headers: [.cookie: "\(DashboardSession.cookieName)=\(token)"])
            #expect(page.status == .ok && page.text.contains("new@example.com"), "\(page.status)")
        }
    }

    /// The account page lists where the person is signed in; one session ends another, or
    /// all the others at once, and the log says so.
    @Test func sessionsAreListedAndEnded() async throws {
        try await TestServer.run { client in
            let person = try await Self.person(client, "olga@example.com", owner: true)
            let laptop = try await Self.signIn(client, person.email, address: "203.0.113.1")
            let phone = try await Self.signIn(client, person.email, address: "203.0.113.2")
            let tablet = try await Self.signIn(client, person.email, address: "203.0.113.3")
            let page = try await client.execute(uri: "/account", method: .get, headers: [.cookie: laptop])
            let ids = page.text.matches(of: /action="\/account\/sessions\/([A-Za-z0-9]{12})\/end"/).map { String($0.1) }
            #expect(ids.count == 4, "the invitation's session and three more: \(ids)")
            let csrf = String(try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1))
            // Newest first: the tablet's, the phone's, the laptop's, the invitation's.
            let ended = try await client.execute(
                uri: "/account/sessions/\(ids[1])/end", method: .post, headers: Self.form.merging([.cookie: laptop]),
                body: ByteBuffer(string: "csrf=\(csrf)"))
            #expect(ended.status == .ok)
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: phone]).headers[.location] == "/")
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: tablet]).status == .ok)
            let others = try await client.execute(
                uri: "/account/sessions/end-others", method: .post, headers: Self.form.merging([.cookie: laptop]),
                body: ByteBuffer(string: "csrf=\(csrf)"))
            #expect(others.text.contains("Signed out of 2 other sessions"))
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: tablet]).headers[.location] == "/")
            #expect(try await client.execute(uri: "/account", method: .get, headers: [.cookie: laptop]).status == .ok, "this one stays")
            let log = try await client.send(.get, "/v1/audit?user=\(person.id)", bearer: TestServer.adminToken).text
            #expect(log.contains("dashboard.session.end") && log.contains("dashboard.session.end_others"))
        }
    }

    /// Every change through the API and the dashboard leaves one entry naming the person
    /// (and, through a token, the token).
    @Test func everyChangeNamesThePersonOrTheirToken() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let owner = try await Self.person(client, "olga@example.com", owner: true)
            let before = try await client.send(.get, "/v1/audit?limit=200", bearer: owner.token).text.components(separatedBy: "\"action\"").count
            let created = try await client.send(.post, "/v1/links?app_id=\(shop.id)", json: #"{"path": "/u/9"}"#, bearer: owner.token)
            #expect(created.status == .created)
            #expect(
                try await client.send(
                    .post, "/v1/apps/\(shop.id)/members", json: #"{"user": "olga@example.com", "role": "viewer"}"#, bearer: owner.token
                )
                .status == .created)
            let entries = try await client.send(.get, "/v1/audit?limit=2", bearer: owner.token).text
            #expect(entries.contains("\"action\":\"member.add\"") && entries.contains("\"action\":\"link.create\""))
            #expect(entries.components(separatedBy: "\"kind\":\"api_token\"").count - 1 == 2 && entries.contains("\"user\":\"\(owner.id)\""))
            let after = try await client.send(.get, "/v1/audit?limit=200", bearer: owner.token).text.components(separatedBy: "\"action\"").count
            #expect(after - before == 2, "one entry per change")
            let mine = try await client.send(.get, "/v1/audit?user=\(owner.id)&limit=200", bearer: owner.token).text
            #expect(mine.contains("link.create") && mine.contains("dashboard.sign_in") && !mine.contains("app.create"))
        }
    }

    /// A fresh installation prints a one-time link that makes the first owner; it works
    /// once, and not at all once someone has an account.
    @Test func theSetupLinkMakesTheFirstOwnerOnce() async throws {
        let printed = Printed()
        let (app, _) = try await buildApplicationAndParts(settings: TestServer.settings(), announce: { printed.append($0) })
        try await app.test(.live) { client in
            _ = try await client.execute(uri: "/healthz", method: .get)
            let token = String(try #require(printed.text.firstMatch(of: /\/setup\/([A-Za-z0-9]{43})/)?.1))
            #expect(try await client.execute(uri: "/setup/\(token)", method: .get).status == .ok)
            #expect(try await client.execute(uri: "/setup/" + String(repeating: "A", count: 43), method: .get).status == .notFound)
            let short = try await client.execute(
                uri: "/setup/\(token)", method: .post, headers: Self.form,
                body: ByteBuffer(string: "email=olga%40example.com&name=Olga&password=short&confirm=short"))
            #expect(short.status == .badRequest && short.text.contains("at least 10"))
            let made = try await client.execute(
                uri: "/setup/\(token)", method: .post, headers: Self.form,
                body: ByteBuffer(
                    string: "email=olga%40example.com&name=Olga&" + Self.credentials("x").split(separator: "&")[1] + "&confirm=correct+horse+battery")
            )
            #expect(made.status == .seeOther, "\(made.text)")
            let cookie = String(try #require(made.headers[HTTPField.Name("Set-Cookie")!]).split(separator: ";")[0])
            #expect(try await client.execute(uri: "/people", method: .get, headers: [.cookie: cookie]).text.contains("olga@example.com"))
            #expect(try await client.execute(uri: "/setup/\(token)", method: .get).status == .notFound, "once")
        }
    }
}

/// What the server printed at start.
final class Printed: Sendable {
    private let lines = Mutex([String]())
    func append(_ line: String) { lines.withLock { $0.append(line) } }
    var text: String { lines.withLock { $0.joined(separator: "\n") } }
}
