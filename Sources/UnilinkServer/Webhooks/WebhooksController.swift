import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/apps/{id}/webhooks`: an app's webhook subscriptions, for its admins. The secret is
/// made here and shown once; a rotation keeps the old one signing for a grace period.
struct WebhooksController {
    let store: any WebhookStore & LinkStore
    let destination: WebhookDestination

    static let maxEvents = 50

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, .appsWrite, .appInPath, authorizer, use: create)
        group.on("", .get, .appsWrite, .appInPath, authorizer, use: list)
        group.on("{webhook}", .get, .appsWrite, .appInPath, authorizer, use: get)
        group.on("{webhook}", .patch, .appsWrite, .appInPath, authorizer, use: update)
        group.on("{webhook}", .delete, .appsWrite, .appInPath, authorizer, use: delete)
        group.on("{webhook}/secret/rotate", .post, .appsWrite, .appInPath, authorizer, use: rotate)
    }

    /// A subscription as it is asked for; absent fields keep their values in a change.
    struct Body: Decodable {
        var url: String?
        var events: [String]?
        var linkID: String?
        var campaign: String?
        var automated: Bool?
        var enabled: Bool?

        enum CodingKeys: String, CodingKey {
            case url, events, linkID = "link_id", campaign, automated, enabled
        }
    }

    /// A subscription as the API writes it; `secret` only in the answers that made one.
    struct Record: Encodable, Equatable {
        let id: String
        let appID: String
        let url: String
        let events: [String]
        let linkID: String?
        let campaign: String?
        let automated: Bool
        let enabled: Bool
        let createdAt: String
        let updatedAt: String
        var secret: String?
        var previousSecretExpiresAt: String?

        init(_ webhook: WebhookSubscription, secret: String? = nil) {
            id = webhook.id
            appID = webhook.appID
            url = webhook.url
            events = webhook.events.sorted().map(\.rawValue)
            linkID = webhook.linkID
            campaign = webhook.campaign
            automated = webhook.includesAutomated
            enabled = webhook.isEnabled
            createdAt = Timestamp.format(webhook.createdAt)
            updatedAt = Timestamp.format(webhook.updatedAt)
            self.secret = secret
            previousSecretExpiresAt = webhook.previousUntil.flatMap { $0 > .now ? Timestamp.format($0) : nil }
        }

        enum CodingKeys: String, CodingKey {
            case id, appID = "app_id", url, events, linkID = "link_id", campaign, automated, enabled, createdAt = "created_at",
                updatedAt = "updated_at", secret, previousSecretExpiresAt = "previous_secret_expires_at"
        }
    }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let body = try await request.decode(as: Body.self, context: context)
        guard let url = body.url else { throw APIError.badRequest("'url' is required") }
        guard let events = body.events else { throw APIError.badRequest("'events' is required") }
        let now = Date.now
        var webhook = WebhookSubscription(
            id: "whk_" + Identifiers.random(16), appID: app.id, url: url, events: [], secret: WebhookSigner.newSecret(), createdAt: now,
            updatedAt: now)
        try await apply(body, to: &webhook, events: events)
        let fields = ChangeAuthor.changes(before: nil, after: Record(webhook))
        try await store.save(webhook: webhook, audit: [context.author.entry("webhook.create", "webhook", webhook.id, appID: app.id, changes: fields)])
        return try HTTPBody.json(Record(webhook, secret: webhook.secret), status: .created)
    }

    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(DataList(data: try await store.webhooks(appID: try context.app.id).map { Record($0) }))
    }

    @Sendable func get(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(Record(try await webhook(context)))
    }

    @Sendable func update(_ request: Request, context: APIContext) async throws -> Response {
        let old = try await webhook(context)
        let body = try await request.decode(as: Body.self, context: context)
        var new = old
        try await apply(body, to: &new, events: body.events)
        new.updatedAt = .now
        let fields = ChangeAuthor.changes(before: Record(old), after: Record(new)).filter { $0.key != "updated_at" }
        if !fields.isEmpty {
            try await store.save(webhook: new, audit: [context.author.entry("webhook.update", "webhook", new.id, appID: new.appID, changes: fields)])
        }
        return try HTTPBody.json(Record(fields.isEmpty ? old : new))
    }

    @Sendable func delete(_ request: Request, context: APIContext) async throws -> Response {
        let webhook = try await webhook(context)
        try await store.deleteWebhook(
            id: webhook.id,
            audit: [
                context.author.entry(
                    "webhook.delete", "webhook", webhook.id, appID: webhook.appID, changes: ChangeAuthor.changes(before: Record(webhook), after: nil))
            ])
        return Response(status: .noContent)
    }

    /// A new secret; the old one signs beside it for `grace_seconds` (a day by default, 0
    /// to stop it now), so the receiver can move over without losing a delivery.
    @Sendable func rotate(_ request: Request, context: APIContext) async throws -> Response {
        var webhook = try await webhook(context)
        struct Rotation: Decodable {
            var graceSeconds: Int?
            enum CodingKeys: String, CodingKey { case graceSeconds = "grace_seconds" }
        }
        let grace = try await request.decodeIfSent(as: Rotation.self, context: context)?.graceSeconds ?? 86_400
        guard WireLimits.graceSeconds.contains(grace) else { throw APIError.badRequest("'grace_seconds' must be between 0 and 2592000 (30 days)") }
        let now = Date.now
        webhook.previousSecret = grace > 0 ? webhook.secret : nil
        webhook.previousUntil = grace > 0 ? now.addingTimeInterval(TimeInterval(grace)) : nil
        webhook.secret = WebhookSigner.newSecret()
        webhook.updatedAt = now
        try await store.save(
            webhook: webhook,
            audit: [
                context.author.entry(
                    "webhook.secret.rotate", "webhook", webhook.id, appID: webhook.appID,
                    changes: [
                        "previous_secret_expires_at": AuditChange(before: nil, after: webhook.previousUntil.map { .string(Timestamp.format($0)) })
                    ])
            ])
        return try HTTPBody.json(Record(webhook, secret: webhook.secret), status: .created)
    }

    private func webhook(_ context: APIContext) async throws -> WebhookSubscription {
        let id = try context.parameters.require("webhook")
        guard let webhook = try await store.webhook(id: id), webhook.appID == (try context.app.id) else {
            throw APIError.notFound("no webhook of this app has the id '\(id)'")
        }
        return webhook
    }

    /// The body's fields onto `webhook`, each checked: the shape is a 400, a rule the
    /// document states only in words a 422.
    private func apply(_ body: Body, to webhook: inout WebhookSubscription, events: [String]?) async throws {
        if let url = body.url {
            guard (1...WebhookDestination.maxURLBytes).contains(url.utf8.count) else {
                throw APIError.badRequest("'url' must be 1 to \(WebhookDestination.maxURLBytes) bytes")
            }
            if let problem = destination.problem(withURL: url) { throw APIError.unprocessable("invalid_webhook_url", "'url': \(problem)") }
            webhook.url = url
        }
        if let events {
            guard (1...Self.maxEvents).contains(events.count) else {
                throw APIError.badRequest("'events' must list 1 to \(Self.maxEvents) event types")
            }
            var types = Set<WebhookEventType>()
            for text in events {
                guard let type = WebhookEventType(rawValue: text) else {
                    throw APIError.badRequest(
                        "'\(text.prefix(80))' is not an event type (\(WebhookEventType.fixed.map(\.rawValue).joined(separator: ", ")), or custom.NAME)"
                    )
                }
                types.insert(type)
            }
            webhook.events = types
        }
        if let linkID = body.linkID {
            guard (0...64).contains(linkID.count) else { throw APIError.badRequest("'link_id' must be at most 64 characters") }
            if linkID.isEmpty {
                webhook.linkID = nil
            } else {
                guard let link = try await store.link(id: linkID), link.appID == webhook.appID else {
                    throw APIError.unprocessable("unknown_link", "no link of this app has the id '\(linkID)'")
                }
                webhook.linkID = link.id
            }
        }
        if let campaign = body.campaign {
            guard campaign.count <= 128 else { throw APIError.badRequest("'campaign' must be at most 128 characters") }
            webhook.campaign = campaign.isEmpty ? nil : campaign
        }
        if let automated = body.automated { webhook.includesAutomated = automated }
        if let enabled = body.enabled { webhook.isEnabled = enabled }
    }
}
