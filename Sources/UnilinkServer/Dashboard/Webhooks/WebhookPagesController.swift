import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// An app's webhooks in the dashboard, for whoever may change the app (`apps:write`, as for
/// the API's `WebhooksController`): the list, the form that makes or changes one (the
/// API's rules and messages, at each field), turning one on or off, a new secret, deletion,
/// and each one's delivery log with a test event and redelivery. Every change goes through
/// the store with the audit entry the API writes for it, naming the signed-in person.
struct WebhookPagesController {
    let store: any WebhookStore & LinkStore & AuditStore
    let directory: HostDirectory
    let destination: WebhookDestination
    let pages: DashboardPages

    /// How long a rotated secret keeps signing beside the new one: the API's default.
    static let rotationGrace: TimeInterval = 86_400
    /// Messages on a page of the delivery log.
    static let pageSize = 50

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/apps/{id}/webhooks", use: list)
        group.get("/apps/{id}/webhooks/new", use: newWebhook)
        group.post("/apps/{id}/webhooks", use: create)
        group.get("/apps/{id}/webhooks/{webhook}", use: log)
        group.get("/apps/{id}/webhooks/{webhook}/edit", use: edit)
        group.post("/apps/{id}/webhooks/{webhook}", use: update)
        group.post("/apps/{id}/webhooks/{webhook}/enabled", use: setEnabled)
        group.post("/apps/{id}/webhooks/{webhook}/delete", use: delete)
        group.post("/apps/{id}/webhooks/{webhook}/secret/rotate", use: rotate)
        group.post("/apps/{id}/webhooks/{webhook}/test", use: test)
        group.post("/apps/{id}/webhooks/{webhook}/retry", use: retryFailed)
        group.post("/apps/{id}/webhooks/{webhook}/messages/{message}/retry", use: retryOne)
    }

    @Sendable func list(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        return pages.render(try await listPage(app), session: context.session)
    }

    @Sendable func newWebhook(_ request: Request, context: SignedInContext) async throws -> Response {
        pages.render(WebhookFormPage(creatingFor: try app(context)), session: context.session)
    }

    @Sendable func create(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let form = try await DashboardForm.decode(WebhookForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        let now = Date.now
        var webhook = WebhookSubscription(
            id: "whk_" + Identifiers.random(16), appID: app.id, url: "", events: [], secret: WebhookSigner.newSecret(), createdAt: now,
            updatedAt: now)
        let refusals = try await form.apply(to: &webhook, destination: destination, store: store)
        guard refusals.isEmpty else {
            return refused(WebhookFormPage(creatingFor: app, form: .init(form)), refusals, context)
        }
        let fields = ChangeAuthor.changes(before: nil, after: WebhooksController.Record(webhook))
        try await store.save(webhook: webhook, audit: [context.author.entry("webhook.create", "webhook", webhook.id, appID: app.id, changes: fields)])
        var page = try await listPage(app)
        page.secret = .init(webhook, note: "Copy it now: it is not shown again. The receiver checks each delivery's signature with it.")
        return pages.render(page, session: context.session, status: .created)
    }

    @Sendable func edit(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        return pages.render(WebhookFormPage(editing: try await webhook(context, of: app), of: app), session: context.session)
    }

    /// The edit form is the whole subscription: a box left unticked or a filter emptied is gone.
    @Sendable func update(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let old = try await webhook(context, of: app)
        let form = try await DashboardForm.decode(WebhookForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        var new = old
        let refusals = try await form.apply(to: &new, destination: destination, store: store)
        guard refusals.isEmpty else {
            return refused(WebhookFormPage(editing: old, of: app, form: .init(form)), refusals, context)
        }
        try await save(old, as: new, context)
        return .redirect(to: "/apps/\(app.id)/webhooks")
    }

    struct FlagForm: Decodable {
        var csrf: String?
        var value: String?
    }

    /// On or off; turned on again by a person, it starts afresh (no `failing_since`, no reason).
    @Sendable func setEnabled(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let old = try await webhook(context, of: app)
        let form = try await DashboardForm.decode(FlagForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        let enabled = form.value == "true"
        var new = old
        if enabled, !new.isEnabled { (new.failingSince, new.disabledReason) = (nil, nil) }
        new.isEnabled = enabled
        try await save(old, as: new, context)
        return .redirect(to: "/apps/\(app.id)/webhooks")
    }

    @Sendable func delete(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let webhook = try await webhook(context, of: app)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        let fields = ChangeAuthor.changes(before: WebhooksController.Record(webhook), after: nil)
        try await store.deleteWebhook(
            id: webhook.id, audit: [context.author.entry("webhook.delete", "webhook", webhook.id, appID: app.id, changes: fields)])
        return .redirect(to: "/apps/\(app.id)/webhooks")
    }

    /// A new secret, shown once; the old one signs beside it for a day, as the API's default.
    @Sendable func rotate(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        var webhook = try await webhook(context, of: app)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        let now = Date.now
        let until = now.addingTimeInterval(Self.rotationGrace)
        webhook.previousSecret = webhook.secret
        webhook.previousUntil = until
        webhook.secret = WebhookSigner.newSecret()
        webhook.updatedAt = now
        let change = AuditChange(before: nil, after: .string(Timestamp.format(until)))
        try await store.save(
            webhook: webhook,
            audit: [
                context.author.entry(
                    "webhook.secret.rotate", "webhook", webhook.id, appID: app.id, changes: ["previous_secret_expires_at": change])
            ])
        var page = try await listPage(app)
        page.secret = .init(
            webhook,
            note: "Copy it now: it is not shown again. The old secret keeps signing beside it for 24 hours (until \(Timestamp.format(until))), "
                + "so the receiver can move over without missing a delivery.")
        return pages.render(page, session: context.session, status: .created)
    }

    /// The delivery log: `?state=pending|delivered|failed`, `?before=msg_...` (older pages).
    @Sendable func log(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let webhook = try await webhook(context, of: app)
        let query = request.uri.queryParameters
        var state: WebhookMessage.State?
        if let text = query["state"].map(String.init), !text.isEmpty {
            guard let parsed = WebhookMessage.State(rawValue: text) else {
                throw DashboardError.badRequest("The state must be pending, delivered or failed.")
            }
            state = parsed
        }
        let before = query["before"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        if let before, before.utf8.count > 64 { throw DashboardError.badRequest("'before' must be a message id.") }
        return pages.render(try await logPage(app, webhook, state: state, before: before), session: context.session)
    }

    /// A `webhook.test` event for this subscription alone, as the API's test builds it; a
    /// turned-off subscription sends nothing, so it is refused as the API refuses it.
    @Sendable func test(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let webhook = try await webhook(context, of: app)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        guard webhook.isEnabled else {
            var page = try await logPage(app, webhook)
            page.error = "The webhook is turned off: turn it on to send a test event."
            return pages.render(page, session: context.session, status: .conflict)
        }
        let id = try await store.enqueue(
            test: .test(for: webhook), webhookID: webhook.id, audit: [context.author.entry("webhook.test", "webhook", webhook.id, appID: app.id)])
        var page = try await logPage(app, webhook)
        page.notice = "A test event is on its way (\(id)). Reload this page in a few seconds to see how it went."
        return pages.render(page, session: context.session)
    }

    /// Sends one message again now, delivered or not, under the same `webhook-id`.
    @Sendable func retryOne(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let webhook = try await webhook(context, of: app)
        let id = try context.parameters.require("message")
        guard let message = try await store.webhookMessage(id: id), message.webhookID == webhook.id else {
            throw DashboardError.notFound("No message of this webhook has the id '\(id.prefix(80))'.")
        }
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        let count = try await store.redeliver(
            webhookID: webhook.id, messageID: message.id, failedFrom: nil, to: nil,
            audit: [
                context.author.entry(
                    "webhook.redeliver", "webhook", webhook.id, appID: app.id, changes: ["message": .init(before: nil, after: .string(message.id))])
            ])
        var page = try await logPage(app, webhook)
        page.notice = count == 0 ? "Nothing was sent again." : "\(message.id) is sent again now."
        return pages.render(page, session: context.session)
    }

    /// Sends again every failed message of this webhook.
    @Sendable func retryFailed(_ request: Request, context: SignedInContext) async throws -> Response {
        let app = try app(context)
        let webhook = try await webhook(context, of: app)
        try context.session.checkCSRF(try await DashboardForm.decode(FlagForm.self, request, context).csrf)
        let count = try await store.redeliver(
            webhookID: webhook.id, messageID: nil, failedFrom: nil, to: nil,
            audit: [context.author.entry("webhook.redeliver", "webhook", webhook.id, appID: app.id)])
        var page = try await logPage(app, webhook)
        page.notice = count == 0 ? "No message has failed: nothing was sent again." : "\(count) failed message(s) are sent again now."
        return pages.render(page, session: context.session)
    }

    /// Saves a change with the API's `webhook.update` entry; a change that changes nothing saves nothing.
    private func save(_ old: WebhookSubscription, as new: WebhookSubscription, _ context: SignedInContext) async throws {
        var new = new
        new.updatedAt = .now
        let fields = ChangeAuthor.changes(before: WebhooksController.Record(old), after: WebhooksController.Record(new)).filter {
            $0.key != "updated_at"
        }
        guard !fields.isEmpty else { return }
        try await store.save(webhook: new, audit: [context.author.entry("webhook.update", "webhook", new.id, appID: new.appID, changes: fields)])
    }

    private func refused(_ page: WebhookFormPage, _ refusals: [WebhookForm.Field: APIError], _ context: SignedInContext) -> Response {
        var page = page
        page.show(refusals)
        let first = WebhookForm.Field.allCases.lazy.compactMap { refusals[$0] }.first
        return pages.render(page, session: context.session, status: first?.status ?? .badRequest)
    }

    private func listPage(_ app: App) async throws -> WebhookListPage {
        WebhookListPage(app: app, webhooks: try await store.webhooks(appID: app.id))
    }

    private func logPage(_ app: App, _ webhook: WebhookSubscription, state: WebhookMessage.State? = nil, before: String? = nil) async throws
        -> WebhookLogPage
    {
        let found = try await store.webhookMessages(webhookID: webhook.id, state: state, before: before, limit: Self.pageSize + 1)
        let shown = Array(found.prefix(Self.pageSize))
        let next =
            found.count > Self.pageSize
            ? shown.last.map { "/apps/\(app.id)/webhooks/\(webhook.id)?before=\($0.id)" + (state.map { "&state=\($0.rawValue)" } ?? "") } : nil
        return WebhookLogPage(app: app, webhook: webhook, messages: shown, state: state, next: next)
    }

    /// The app of the path, which the session must be allowed to change.
    private func app(_ context: SignedInContext) throws -> App {
        try context.session.app(try context.parameters.require("id"), .appsWrite, in: directory)
    }

    private func webhook(_ context: SignedInContext, of app: App) async throws -> WebhookSubscription {
        let id = try context.parameters.require("webhook")
        guard let webhook = try await store.webhook(id: id), webhook.appID == app.id else {
            throw DashboardError.notFound("No webhook of \(app.name) has the id '\(id.prefix(80))'.")
        }
        return webhook
    }
}
