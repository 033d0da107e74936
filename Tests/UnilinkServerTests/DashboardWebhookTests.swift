import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkCore
import UnilinkStorage
import UnilinkTestSupport

@testable import UnilinkServer

/// An app's webhooks in the dashboard, for its admins: the secret shown once, the API's
/// refusals at the field they are about, nothing for anyone else, a subscription the
/// server turned off saying why, the delivery log with a test event and redelivery, and
/// every change in the audit log under the person who made it.
@Suite("Dashboard webhooks")
struct DashboardWebhookTests {
    /// A person signed in to the dashboard with a role in the shop app.
    struct SignedIn {
        let person: PeopleTests.Person
        let cookie: String
        let csrf: String
    }

    struct Record: Decodable {
        let id: String
        let url: String
        let events: [String]
        let campaign: String?
        let automated: Bool
        let enabled: Bool
        let failing_since: String?
        let disabled_reason: String?
    }

    struct Records: Decodable { let data: [Record] }

    /// The test server, with its store for what only the server does (turning a subscription off).
    static func run(_ test: @escaping @Sendable (any TestClientProtocol, SQLStore) async throws -> Void) async throws {
        let (app, parts) = try await buildApplicationAndParts(settings: TestServer.settings(), announce: { _ in })
        let store = parts.store
        try await app.test(.router) { client in try await test(client, store) }
    }

    static func signIn(_ client: any TestClientProtocol, _ email: String, role: String, in app: CreatedApp) async throws -> SignedIn {
        let person = try await PeopleTests.person(client, email, roles: [app.id: role])
        let cookie = try await PeopleTests.signIn(client, email)
        let page = try await client.execute(uri: "/debug", method: .get, headers: [.cookie: cookie])
        let csrf = try #require(page.text.firstMatch(of: /name="csrf" value="([^"]+)"/)?.1)
        return SignedIn(person: person, cookie: cookie, csrf: String(csrf))
    }

    static func get(_ client: any TestClientProtocol, _ path: String, as session: SignedIn) async throws -> TestResponse {
        try await client.execute(uri: path, method: .get, headers: [.cookie: session.cookie])
    }

    /// Posts a form as the browser does, with the session's CSRF token.
    static func post(_ client: any TestClientProtocol, _ path: String, _ fields: [(String, String)] = [], as session: SignedIn) async throws
        -> TestResponse
    {
        let body = ([("csrf", session.csrf)] + fields).map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: .alphanumerics)!)" }
        return try await client.execute(
            uri: path, method: .post, headers: DashboardTests.form.merging([.cookie: session.cookie]),
            body: ByteBuffer(string: body.joined(separator: "&")))
    }

    static func webhooks(_ client: any TestClientProtocol, _ app: CreatedApp) async throws -> [Record] {
        try await client.send(.get, "/v1/apps/\(app.id)/webhooks", bearer: TestServer.adminToken).decode(Records.self).data
    }

    static let subscription: [(String, String)] = [
        ("url", "https://hooks.example.com/unilink"), ("events[]", "click"), ("events[]", "install"), ("custom", "purchase, sign_up"),
        ("campaign", "spring"), ("automated", "on"),
    ]

    @Test func anAdminSubscribesAndSeesTheSecretOnce() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            let appPage = try await Self.get(client, "/apps/\(shop.id)", as: admin)
            #expect(appPage.text.contains("href=\"/apps/\(shop.id)/webhooks\""), "the app's page leads to its webhooks")

            let made = try await Self.post(client, "/apps/\(shop.id)/webhooks", Self.subscription, as: admin)
            #expect(made.status == .created, "\(made.text)")
            let secret = try #require(made.text.firstMatch(of: /<code id="secret">(whsec_[^<]+)<\/code>/)?.1)
            #expect(made.text.contains("Copy it now: it is not shown again"))
            let stored = try #require(try await Self.webhooks(client, shop).first)
            #expect(stored.url == "https://hooks.example.com/unilink" && stored.campaign == "spring" && stored.automated && stored.enabled)
            #expect(stored.events == ["click", "custom.purchase", "custom.sign_up", "install"])

            let list = try await Self.get(client, "/apps/\(shop.id)/webhooks", as: admin)
            #expect(list.status == .ok && list.text.contains(stored.id) && list.text.contains("click, custom.purchase, custom.sign_up, install"))
            #expect(!list.text.contains("whsec_"), "shown once")
            let form = try await Self.get(client, "/apps/\(shop.id)/webhooks/\(stored.id)/edit", as: admin)
            #expect(form.text.contains(#"value="click" checked"#) && !form.text.contains(#"value="open" checked"#))
            #expect(form.text.contains(#"value="purchase sign_up""#) && !form.text.contains(String(secret)))

            // A new secret is shown once too, and the old one keeps signing for a day.
            let rotated = try await Self.post(client, "/apps/\(shop.id)/webhooks/\(stored.id)/secret/rotate", as: admin)
            let next = try #require(rotated.text.firstMatch(of: /<code id="secret">(whsec_[^<]+)<\/code>/)?.1)
            #expect(rotated.status == .created && next != secret && rotated.text.contains("keeps signing beside it for 24 hours"))
        }
    }

    @Test(
        arguments: [
            ([("url", "http://10.0.0.1/")], "url-error", HTTPResponse.Status.unprocessableContent, "the URL must be https"),
            ([("url", "https://10.0.0.1/")], "url-error", .unprocessableContent, "the URL leads to 10.0.0.1, a private address"),
            ([("url", "https://169.254.169.254/latest")], "url-error", .unprocessableContent, "a link-local address"),
            ([("url", "not a url")], "url-error", .unprocessableContent, "is not a URL"),
            ([("url", "")], "url-error", .badRequest, "is required"),
            ([("url", "https://hooks.example.com/"), ("events[]", "clicks")], "events-error", .badRequest, "is not an event type"),
            ([("url", "https://hooks.example.com/"), ("custom", "bad!")], "events-error", .badRequest, "'custom.bad!' is not an event type"),
            ([("url", "https://hooks.example.com/"), ("custom", "")], "events-error", .badRequest, "must list 1 to 50 event types"),
            ([("url", "https://hooks.example.com/"), ("link_id", "lnk_none")], "link-id-error", .unprocessableContent, "no link of this app"),
        ] as [([(String, String)], String, HTTPResponse.Status, String)])
    func aRefusedFieldShowsTheAPIsMessageThereAndNothingIsMade(
        fields: [(String, String)], field: String, status: HTTPResponse.Status, message: String
    ) async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            var form = fields
            if !form.contains(where: { $0.0 == "events[]" || $0.0 == "custom" }) { form.append(("events[]", "click")) }
            let refused = try await Self.post(client, "/apps/\(shop.id)/webhooks", form, as: admin)
            #expect(refused.status == status, "\(refused.text)")
            let shown = try #require(refused.text.firstMatch(of: /id="([a-z-]+-error)">([^<]*)</), "no field error in \(refused.text)")
            #expect(shown.1 == field && shown.2.contains(Pages.escape(message)), "\(shown.1): \(shown.2)")
            #expect(refused.text.contains("Nothing was saved"))
            let typed = try #require(fields.first?.1)
            #expect(refused.text.contains(#"value="\#(Pages.escape(typed))""#), "what was typed is kept")
            #expect(try await Self.webhooks(client, shop).isEmpty)
        }
    }

    /// Signed out, a page sends the visitor to sign in; signed in, a form without its CSRF
    /// token, or sent from another site, changes nothing.
    @Test func formsNeedASessionAndTheirCSRFToken() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            for (method, path) in [(HTTPRequest.Method.get, "/apps/\(shop.id)/webhooks"), (.post, "/apps/\(shop.id)/webhooks")] {
                let answer = try await client.execute(uri: path, method: method, headers: DashboardTests.form, body: ByteBuffer(string: "csrf=x"))
                #expect(answer.status == .seeOther && answer.headers[.location] == "/", "\(method) \(path)")
            }
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            let forged = SignedIn(person: admin.person, cookie: admin.cookie, csrf: "nope")
            let refused = try await Self.post(client, "/apps/\(shop.id)/webhooks", Self.subscription, as: forged)
            #expect(refused.status == .forbidden && refused.text.contains("CSRF"))
            let crossSite = try await client.execute(
                uri: "/apps/\(shop.id)/webhooks", method: .post,
                headers: DashboardTests.form.merging([.cookie: admin.cookie, .origin: "https://evil.example"]),
                body: ByteBuffer(string: "csrf=\(admin.csrf)&url=https%3A%2F%2Fhooks.example.com%2F&events%5B%5D=click"))
            #expect(crossSite.status == .forbidden)
            #expect(try await Self.webhooks(client, shop).isEmpty)
        }
    }

    /// A viewer (or an editor) of the app neither sees its webhooks nor changes them.
    @Test(arguments: ["viewer", "editor"])
    func othersOfTheAppCannotSeeOrChangeWebhooks(role: String) async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let made = try await client.send(
                .post, "/v1/apps/\(shop.id)/webhooks", json: #"{"url": "https://hooks.example.com/a", "events": ["click"]}"#,
                bearer: TestServer.adminToken)
            let webhook = try made.decode(Record.self)
            let person = try await Self.signIn(client, "vic@example.com", role: role, in: shop)
            #expect(!(try await Self.get(client, "/apps/\(shop.id)", as: person).text.contains("/webhooks")), "no link to them")
            for path in ["/apps/\(shop.id)/webhooks", "/apps/\(shop.id)/webhooks/new", "/apps/\(shop.id)/webhooks/\(webhook.id)"] {
                let page = try await Self.get(client, path, as: person)
                #expect(page.status == .forbidden && page.text.contains("does not allow"), "\(path): \(page.status)")
                #expect(!page.text.contains("hooks.example.com"))
            }
            let posts: [(String, [(String, String)])] = [
                ("/apps/\(shop.id)/webhooks", Self.subscription), ("/apps/\(shop.id)/webhooks/\(webhook.id)", Self.subscription),
                ("/apps/\(shop.id)/webhooks/\(webhook.id)/enabled", [("value", "false")]), ("/apps/\(shop.id)/webhooks/\(webhook.id)/delete", []),
                ("/apps/\(shop.id)/webhooks/\(webhook.id)/secret/rotate", []), ("/apps/\(shop.id)/webhooks/\(webhook.id)/test", []),
                ("/apps/\(shop.id)/webhooks/\(webhook.id)/retry", []),
            ]
            for (path, fields) in posts {
                let answer = try await Self.post(client, path, fields, as: person)
                #expect(answer.status == .forbidden, "\(path): \(answer.status)")
                #expect(!answer.text.contains("whsec_"))
            }
            let stored = try await Self.webhooks(client, shop)
            #expect(stored.count == 1 && stored.first?.url == "https://hooks.example.com/a" && stored.first?.enabled == true)
            let log = try await client.send(.get, "/v1/audit?object_id=\(webhook.id)", bearer: TestServer.adminToken).decode(AuditListing.self)
            #expect(log.data.map(\.action) == ["webhook.create"], "nothing else was done")
        }
    }

    @Test func theLogListsATestEventAndSendsItAgain() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            _ = try await Self.post(client, "/apps/\(shop.id)/webhooks", Self.subscription, as: admin)
            let webhook = try #require(try await Self.webhooks(client, shop).first)
            let base = "/apps/\(shop.id)/webhooks/\(webhook.id)"
            let empty = try await Self.get(client, base, as: admin)
            #expect(empty.status == .ok && empty.text.contains("No messages yet") && !empty.text.contains("webhook.test"))

            let sent = try await Self.post(client, "\(base)/test", as: admin)
            #expect(sent.status == .ok && sent.text.contains("A test event is on its way"), "\(sent.text)")
            let messageID = try #require(sent.text.firstMatch(of: /\((msg_[A-Za-z0-9]+)\)/)?.1)
            let log = try await Self.get(client, base, as: admin)
            #expect(log.text.contains("<code>webhook.test</code>") && log.text.contains(String(messageID)))
            #expect(log.text.contains("\(base)/messages/\(messageID)/retry"), "a Retry button per message")
            #expect(try await Self.get(client, "\(base)?state=bogus", as: admin).status == .badRequest)

            let again = try await Self.post(client, "\(base)/messages/\(messageID)/retry", as: admin)
            #expect(again.status == .ok && again.text.contains("is sent again now"), "\(again.text)")
            let all = try await Self.post(client, "\(base)/retry", as: admin)
            #expect(all.status == .ok && all.text.contains("sent again"))
            let other = try await Self.post(client, "\(base)/messages/msg_nothing/retry", as: admin)
            #expect(other.status == .notFound)
        }
    }

    /// Set up as the delivery worker leaves it: off, with its reason and since when it fails.
    @Test func aSubscriptionTheServerTurnedOffSaysWhyUntilTurnedOn() async throws {
        try await Self.run { client, store in
            let shop = try await client.createApp()
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            let failingSince = Date.now.addingTimeInterval(-6 * 86_400)
            let reason = "turned off: every delivery failed for 5 days (last: HTTP 503)"
            try await store.save(
                webhook: WebhookSubscription(
                    id: "whk_off", appID: shop.id, url: "https://down.example.com/hook", events: [.install], isEnabled: false, secret: "whsec_x",
                    createdAt: failingSince, updatedAt: .now, failingSince: failingSince, disabledReason: reason), audit: [])
            try await store.save(
                webhook: WebhookSubscription(
                    id: "whk_flaky", appID: shop.id, url: "https://flaky.example.com/hook", events: [.click], secret: "whsec_y", createdAt: .now,
                    updatedAt: .now, failingSince: failingSince), audit: [])

            let list = try await Self.get(client, "/apps/\(shop.id)/webhooks", as: admin).text
            let since = Timestamp.format(failingSince)
            #expect(list.contains("Turned off: every delivery failed for 5 days (last: HTTP 503). Every delivery has failed since \(since)."))
            #expect(list.contains("Failing since \(since)"), "one still on but failing says so")
            let log = try await Self.get(client, "/apps/\(shop.id)/webhooks/whk_off", as: admin).text
            #expect(log.contains(#"id="turned-off">Turned off: every delivery failed for 5 days"#))
            let test = try await Self.post(client, "/apps/\(shop.id)/webhooks/whk_off/test", as: admin)
            #expect(test.status == .conflict && test.text.contains("turn it on to send a test event"))

            let on = try await Self.post(client, "/apps/\(shop.id)/webhooks/whk_off/enabled", [("value", "true")], as: admin)
            #expect(on.status == .seeOther)
            let stored = try #require(try await Self.webhooks(client, shop).first { $0.id == "whk_off" })
            #expect(stored.enabled && stored.failing_since == nil && stored.disabled_reason == nil, "a fresh start")
            #expect(!(try await Self.get(client, "/apps/\(shop.id)/webhooks", as: admin).text.contains("Turned off")))
        }
    }

    /// Each change through the dashboard leaves the API's entry, naming the person.
    @Test func everyChangeIsInTheAuditLogUnderThePerson() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let admin = try await Self.signIn(client, "ada@example.com", role: "admin", in: shop)
            _ = try await Self.post(client, "/apps/\(shop.id)/webhooks", Self.subscription, as: admin)
            let webhook = try #require(try await Self.webhooks(client, shop).first)
            let base = "/apps/\(shop.id)/webhooks/\(webhook.id)"
            let edited = try await Self.post(
                client, base, [("url", "https://hooks.example.com/v2"), ("events[]", "open"), ("link_id", ""), ("campaign", "")], as: admin)
            #expect(edited.status == .seeOther, "\(edited.text)")
            let changed = try #require(try await Self.webhooks(client, shop).first)
            #expect(changed.url == "https://hooks.example.com/v2" && changed.events == ["open"] && changed.campaign == nil && !changed.automated)
            let unchanged = try await Self.post(client, base, [("url", "https://hooks.example.com/v2"), ("events[]", "open")], as: admin)
            #expect(unchanged.status == .seeOther)
            #expect(try await Self.post(client, "\(base)/enabled", [("value", "false")], as: admin).status == .seeOther)
            #expect(try await Self.post(client, "\(base)/enabled", [("value", "true")], as: admin).status == .seeOther)
            #expect(try await Self.post(client, "\(base)/secret/rotate", as: admin).status == .created)
            let sent = try await Self.post(client, "\(base)/test", as: admin)
            let messageID = try #require(sent.text.firstMatch(of: /\((msg_[A-Za-z0-9]+)\)/)?.1)
            #expect(try await Self.post(client, "\(base)/messages/\(messageID)/retry", as: admin).status == .ok)
            #expect(try await Self.post(client, "\(base)/delete", as: admin).status == .seeOther)
            #expect(try await Self.webhooks(client, shop).isEmpty)

            let log = try await client.send(.get, "/v1/audit?object_id=\(webhook.id)&limit=200", bearer: TestServer.adminToken)
                .decode(AuditListing.self)
            // Newest first: one instance's entries keep the order they were made in.
            #expect(
                log.data.map(\.action) == [
                    "webhook.delete", "webhook.redeliver", "webhook.test", "webhook.secret.rotate", "webhook.update", "webhook.update",
                    "webhook.update", "webhook.create",
                ], "one entry per change, in order, none for a save that changes nothing")
            #expect(log.data.allSatisfy { $0.actor.kind == "user" && $0.actor.id == admin.person.id }, "\(log.data.map(\.actor.kind))")
            let page = try await Self.get(client, "/apps/\(shop.id)/audit", as: admin).text
            #expect(page.contains("webhook.secret.rotate") && page.contains("ada@example.com") && !page.contains("whsec_"))
        }
    }

    @Test(arguments: samples)
    func pageModelsMatchTheirTemplates(_ sample: PageModelTests.Sample) throws {
        try PageModelTests().everyValueIsOnThePage(sample)
        try PageModelTests().theTemplateAsksForEveryPropertyAndNothingElse(sample)
    }

    static var samples: [PageModelTests.Sample] {
        let v = PageModelTests.v
        let app = App(id: "x", name: "x", domains: [])
        let row = WebhookListPage.Row(
            id: v("id"), url: v("url"), events: v("events"), filters: v("filters"), enabled: false, turnedOff: v("turnedOff"), failing: v("failing"))
        var list = PageModelTests.signedIn(WebhookListPage(app: app, webhooks: []))
        list.title = v("title")
        list.appID = v("appID")
        list.appName = v("appName")
        list.webhooks = [row]
        list.secret = .init(url: v("secretURL"), value: v("secret"), note: v("note"))
        let fields = WebhookFormPage.Fields(
            url: v("url"), events: [.init(value: v("event"), checked: true)], custom: v("custom"), linkID: v("linkID"), campaign: v("campaign"),
            automated: true)
        var form = PageModelTests.signedIn(WebhookFormPage(creatingFor: app, form: fields))
        form.title = v("title")
        form.heading = v("heading")
        form.appID = v("appID")
        form.appName = v("appName")
        form.action = v("action")
        form.urlError = v("urlError")
        form.eventsError = v("eventsError")
        form.linkIDError = v("linkIDError")
        form.campaignError = v("campaignError")
        form.error = v("error")
        let webhook = WebhookSubscription(id: "w", appID: "x", url: "u", events: [], secret: "s", createdAt: .now, updatedAt: .now)
        var log = PageModelTests.signedIn(WebhookLogPage(app: app, webhook: webhook, messages: [], state: nil, next: nil))
        log.title = v("title")
        log.appID = v("appID")
        log.appName = v("appName")
        log.webhook = row
        log.messages = [
            .init(
                id: v("messageID"), type: v("type"), state: v("state"), attempts: 700_001, created: PageModelTests.moment("created"),
                nextAttempt: PageModelTests.moment("nextAttempt"),
                lastAttempt: PageModelTests.moment("lastAttempt"), lastStatus: v("lastStatus"), lastError: v("lastError"), duration: v("duration"),
                response: v("response"), delivered: PageModelTests.moment("delivered"))
        ]
        log.states = [.init(value: v("stateValue"), label: v("stateLabel"), selected: true)]
        log.filtered = v("filtered")
        log.next = v("next")
        log.notice = v("notice")
        log.error = v("error")
        var empty = log
        empty.messages = []
        return [
            Sample(name: "webhooks", page: list),
            Sample(name: "webhook form", page: form),
            Sample(name: "webhook log", page: log, unshown: ["filtered"]),
            Sample(name: "webhook log, nothing in it", page: empty),
        ]
    }

    typealias Sample = PageModelTests.Sample
}
