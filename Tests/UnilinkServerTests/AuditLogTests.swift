import Foundation
import HTTPTypes
import HummingbirdTesting
import Logging
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkStorage
import UnilinkTestSupport

/// Every change leaves one audit entry naming who made it, what it changed and from where,
/// through the API, the dashboard, the web SDK and FDL's endpoint; `GET /v1/audit` reads
/// them with the admin token and nothing writes through it.
@Suite("The audit log")
struct AuditLogTests {
    struct Page: Decodable {
        struct Entry: Decodable {
            struct Pair: Decodable {
                let kind: String
                let id: String
                /// An actor's person: the user themselves, or a token's owner.
                let user: String?
            }

            struct Change: Decodable, Equatable {
                let before: String?
                let after: String?
            }

            let id: String
            let actor: Pair
            let action: String
            let object: Pair
            let app_id: String?
            let address: String?
            let changes: [String: FlexibleChange]
        }

        let data: [Entry]
        let next_cursor: String?
    }

    /// A change's values, any JSON, read as text where they are strings.
    struct FlexibleChange: Decodable {
        let before: String?
        let after: String?

        enum Keys: String, CodingKey { case before, after }

        init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: Keys.self)
            before = try? container.decodeIfPresent(String.self, forKey: .before)
            after = try? container.decodeIfPresent(String.self, forKey: .after)
        }
    }

    static func audit(_ client: any TestClientProtocol, _ query: String = "") async throws -> Page {
        try await client.send(.get, "/v1/audit\(query)", bearer: TestServer.adminToken).decode(Page.self)
    }

    /// Over a real socket: the entries carry the client's address.
    @Test func everyAPIChangeNamesItsActorAndWhatItChanged() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            let created = try await client.createLink(#"{"path": "/u/1", "alias": "anna", "web_url": "https://www.example.com/a"}"#, app: app)
            let link = try #require(created.id)
            let patched = try await client.send(
                .patch, "/v1/links/\(link)", json: #"{"web_url": "https://www.example.com/b"}"#, bearer: app.secretKey)
            #expect(patched.status == .ok)
            #expect(try await client.send(.delete, "/v1/links/\(link)", bearer: app.secretKey).status == .noContent)
            let rotated = try await client.send(.post, "/v1/apps/\(app.id)/keys/rotate", json: "{}", bearer: TestServer.adminToken)
            #expect(rotated.status == .created)

            let all = try await Self.audit(client).data
            #expect(all.map(\.action) == ["app.key.rotate", "link.delete", "link.update", "link.create", "app.create"], "newest first")
            let (rotate, delete, update, create, appCreate) = (all[0], all[1], all[2], all[3], all[4])
            #expect(appCreate.actor.kind == "admin_token" && appCreate.object.id == app.id && appCreate.changes["name"]?.after != nil)
            #expect(create.actor.kind == "secret_key" && create.actor.id == app.id && create.object.id == link && create.app_id == app.id)
            #expect(create.changes["web_url"]?.after == "https://www.example.com/a" && create.changes["web_url"]?.before == nil)
            #expect(Set(update.changes.keys) == ["web_url"], "only what changed: \(update.changes.keys)")
            #expect(
                update.changes["web_url"]?.before == "https://www.example.com/a" && update.changes["web_url"]?.after == "https://www.example.com/b")
            #expect(delete.changes["alias"]?.before == "anna" && delete.changes["alias"]?.after == nil)
            #expect(rotate.actor.kind == "admin_token" && rotate.changes["kind"]?.after == "secret")
            #expect(all.allSatisfy { $0.address == "127.0.0.1" }, "each entry says where the change came from")

            // Filters, paging, and nothing else.
            #expect(try await Self.audit(client, "?object_id=\(link)").data.map(\.action) == ["link.delete", "link.update", "link.create"])
            #expect(try await Self.audit(client, "?actor=secret_key").data.count == 3)
            let first = try await Self.audit(client, "?limit=2")
            let second = try await Self.audit(client, "?limit=2&cursor=\(try #require(first.next_cursor))")
            #expect(first.data.map(\.id) + second.data.map(\.id) == all.prefix(4).map(\.id))
            let refused = try await client.send(.get, "/v1/audit?actor=robot", bearer: TestServer.adminToken)
            #expect(refused.status == .badRequest && refused.text.contains("'actor'"))
            #expect(try await client.send(.get, "/v1/audit?from=yesterday", bearer: TestServer.adminToken).status == .badRequest)
            #expect(try await client.send(.get, "/v1/audit", bearer: app.secretKey).status == .forbidden)
            for method: HTTPRequest.Method in [.post, .put, .patch, .delete] {
                #expect(try await client.send(method, "/v1/audit", json: "{}", bearer: TestServer.adminToken).status == .methodNotAllowed)
            }
            #expect(try await Self.audit(client).data.count == 5, "reading changed nothing")
        }
    }

    /// The entry is written in the change's transaction: a refused change leaves none.
    @Test func aRefusedChangeLeavesNoEntry() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            _ = try await client.createLink(#"{"path": "/u/1", "alias": "anna"}"#, app: app)
            let bob = try #require(try await client.createLink(#"{"path": "/u/2", "alias": "bob"}"#, app: app).id)
            let taken = try await client.send(.patch, "/v1/links/\(bob)", json: #"{"alias": "anna"}"#, bearer: app.secretKey)
            #expect(taken.status == .conflict)
            #expect(try await Self.audit(client).data.map(\.action) == ["link.create", "link.create", "app.create"])
        }
    }

    @Test func anUnchangedSaveAndAReadLeaveNoEntry() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try #require(try await client.createLink(#"{"path": "/u/1"}"#, app: app).id)
            #expect(try await client.send(.patch, "/v1/links/\(link)", json: "{}", bearer: app.secretKey).status == .ok)
            #expect(try await client.send(.get, "/v1/links/\(link)", bearer: app.secretKey).status == .ok)
            #expect(try await Self.audit(client).data.map(\.action) == ["link.create", "app.create"])
        }
    }

    @Test func theDashboardAndTheWebSDKAreActorsToo() async throws {
        try await TestServer.run(.live) { client in
            let app = try await client.createApp()
            let wrong = try await client.execute(
                uri: "/sign-in", method: .post, headers: DashboardTests.form.merging([.init("X-Forwarded-For")!: "198.51.100.4"]),
                body: ByteBuffer(string: "token=not-a-token"))
            #expect(wrong.status == .unauthorized)
            let session = try await DashboardTests.signIn(client, token: TestServer.adminToken)
            let form = try await client.execute(
                uri: "/apps/\(app.id)/links", method: .post, headers: DashboardTests.form.merging([.cookie: session.cookie]),
                body: ByteBuffer(string: "csrf=\(session.csrf)&path=%2Fu%2F9&web_url=https%3A%2F%2Fwww.example.com%2F9"))
            #expect(form.status == .seeOther || form.status == .found, "\(form.status)")
            let web = try await client.send(
                .post, "/v1/sdk/links", json: #"{"path": "/u/8"}"#,
                headers: [.init("X-Unilink-Key")!: app.publishableKey, .origin: "https://www.example.com"])
            #expect(web.status == .ok || web.status == .created, "\(web.status): \(web.text)")

            let all = try await Self.audit(client).data
            #expect(all.map(\.action) == ["link.create", "link.create", "dashboard.sign_in", "dashboard.sign_in_failed", "app.create"])
            let (sdk, dashboard, signIn, failed) = (all[0], all[1], all[2], all[3])
            #expect(failed.actor.kind == "anonymous" && failed.address == "198.51.100.4", "the address a trusted proxy named")
            #expect(signIn.actor.kind == "dashboard" && signIn.changes["credential"]?.after == "admin_token")
            #expect(dashboard.actor == signIn.actor, "the session that signed in made the link")
            #expect(sdk.actor.kind == "publishable_key" && sdk.actor.id == app.id)
        }
    }

    /// People's tokens, accounts and members, and Branch's and FDL's endpoints: each change
    /// is one entry naming who made it (the owner's token and its person, the admin token,
    /// the app's key the compatibility caller sent).
    @Test func tokensPeopleMembersAndTheCompatibilityEndpointsNameTheirActors() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let owner = try await PeopleTests.person(client, "olga@example.com", owner: true)
            let member = try await PeopleTests.person(client, "max@example.com", roles: [shop.id: "editor"])
            let ownersToken = try #require(
                try await client.send(.get, "/v1/tokens?user=\(owner.id)", bearer: TestServer.adminToken).decode(PeopleTests.Tokens.self).data.first?
                    .id)
            let given = try await Self.audit(client, "?object_id=\(ownersToken)").data
            #expect(given.map(\.action) == ["token.create"] && given.first?.actor.kind == "admin_token", "made for her with the admin token")

            let made = try await client.send(.post, "/v1/tokens", json: #"{"name": "CI", "scopes": ["links:read"]}"#, bearer: owner.token)
            #expect(made.status == .created, "\(made.text)")
            let ci = try made.decode(PeopleTests.Token.self).id
            #expect(try await client.send(.delete, "/v1/apps/\(shop.id)/members/\(member.id)", bearer: owner.token).status == .noContent)
            #expect(try await client.send(.patch, "/v1/users/\(member.id)", json: #"{"name": "Max M"}"#, bearer: owner.token).status == .ok)
            #expect(try await client.send(.delete, "/v1/tokens/\(ci)", bearer: owner.token).status == .noContent)
            let branch = try await client.send(
                .post, "/v1/url",
                json: #"{"branch_key": "\#(shop.secretKey)", "alias": "summer", "data": {"$fallback_url": "https://www.example.com/s"}}"#)
            #expect(branch.status == .ok, "\(branch.text)")
            let firebase = try await client.send(
                .post, "/v1/shortLinks?key=\(shop.publishableKey)",
                json: #"{"longDynamicLink": "https://exm.pl/?link=https%3A%2F%2Fwww.example.com%2Fitem%2F7"}"#)
            #expect(firebase.status == .ok, "\(firebase.text)")

            // Found by what they are: entries made within the same millisecond have no order between them.
            let all = try await Self.audit(client, "?limit=200").data
            let byOwnersToken = AuditLogTests.Page.Entry.Pair(kind: "api_token", id: ownersToken, user: owner.id)
            let mine = all.filter { $0.actor == byOwnersToken }
            #expect(mine.map(\.action).sorted() == ["member.remove", "token.create", "token.revoke", "user.update"], "one entry per change")
            let byAction = Dictionary(mine.map { ($0.action, $0) }, uniquingKeysWith: { first, _ in first })
            let revoke = try #require(byAction["token.revoke"]), update = try #require(byAction["user.update"])
            let remove = try #require(byAction["member.remove"]), create = try #require(byAction["token.create"])
            let links = all.filter { $0.action == "link.create" }
            #expect(links.count == 2)
            let fdl = try #require(links.first { $0.actor.kind == "publishable_key" })
            let viaBranch = try #require(links.first { $0.actor.kind == "secret_key" })
            #expect(create.object.id == ci && create.changes["name"]?.after == "CI")
            #expect(revoke.object.id == ci)
            #expect(remove.object.id == member.id && remove.app_id == shop.id && remove.changes["role"]?.before == "editor")
            #expect(update.object.id == member.id && Set(update.changes.keys) == ["name"] && update.changes["name"]?.after == "Max M")
            #expect(viaBranch.actor.id == shop.id && viaBranch.changes["alias"]?.after == "summer")
            #expect(fdl.actor.id == shop.id && fdl.app_id == shop.id)
        }
    }
}

extension AuditLogTests.Page.Entry.Pair: Equatable {}

/// The log on both databases: entries read back as written, and retention removes only
/// the old ones.
@Suite("The audit log's storage")
struct AuditStoreTests {
    @Test(arguments: TestDatabase.available)
    func entriesReadBackAndRetentionRemovesOnlyTheOld(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            do {
                let old = Date(timeIntervalSince1970: 1_700_000_000), new = Date(timeIntervalSince1970: 1_800_000_000)
                let entry = AuditEntry(
                    id: "aud_2", time: new, actor: AuditActor(.secretKey, id: "app_1"), action: "link.update", objectKind: "link", objectID: "lnk_1",
                    appID: "app_1", changes: ["web_url": AuditChange(before: .string("https://a.example/"), after: .string("https://b.example/"))],
                    address: "203.0.113.9")
                try await store.append(audit: entry)
                try await store.append(
                    audit: AuditEntry(
                        id: "aud_1", time: old, actor: AuditActor(.anonymous, id: ""), action: "dashboard.sign_in_failed", objectKind: "session",
                        objectID: "", appID: nil, address: nil))
                #expect(try await store.auditEntries(AuditFilter(), before: nil, limit: 10).map(\.id) == ["aud_2", "aud_1"])
                #expect(try await store.auditEntries(AuditFilter(appID: "app_1"), before: nil, limit: 10) == [entry])
                #expect(try await store.deleteAudit(before: Date(timeIntervalSince1970: 1_750_000_000)) == 1)
                #expect(try await store.auditEntries(AuditFilter(), before: nil, limit: 10) == [entry])
                try await store.close()
            } catch {
                try? await store.close()
                throw error
            }
        }
    }
}
