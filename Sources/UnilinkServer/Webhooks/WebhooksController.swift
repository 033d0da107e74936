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

    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, .appsWrite, .appInPath, authorizer, use: create)
        group.on("", .get, .appsWrite, .appInPath, authorizer, use: list)
        group.on("{webhook}", .get, .appsWrite, .appInPath, authorizer, use: get)
        group.on("{webhook}", .patch, .appsWrite, .appInPath, authorizer, use: update)
        group.on("{webhook}", .delete, .appsWrite, .appInPath, authorizer, use: delete)
        group.on("{webhook}/secret/rotate", .post, .appsWrite, .appInPath, authorizer, use: rotate)
        group.on("{webhook}/messages", .get, .appsWrite, .appInPath, authorizer, use: messages)
        group.on("{webhook}/messages/{message}", .get, .appsWrite, .appInPath, authorizer, use: message)
        group.on("{webhook}/messages/{message}/retry", .post, .appsWrite, .appInPath, authorizer, use: retryOne)
        group.on("{webhook}/retry", .post, .appsWrite, .appInPath, authorizer, use: retryFailed)
        group.on("{webhook}/test", .post, .appsWrite, .appInPath, authorizer, use: test)
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
        let failingSince: String?
        let disabledReason: String?

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
            failingSince = webhook.failingSince.map(Timestamp.format)
            disabledReason = webhook.disabledReason
        }

        enum CodingKeys: String, CodingKey {
            case id, appID = "app_id", url, events, linkID = "link_id", campaign, automated, enabled, createdAt = "created_at",
                updatedAt = "updated_at", secret, previousSecretExpiresAt = "previous_secret_expires_at", failingSince = "failing_since",
                disabledReason = "disabled_reason"
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

    /// One delivery as the log shows it; `payload` only for one message.
    struct MessageRecord: Encodable {
        let id: String
        let type: String
        let state: String
        let attempts: Int
        let createdAt: String
        let nextAttemptAt: String?
        let lastAttemptAt: String?
        let lastStatus: Int?
        let lastError: String?
        let lastDurationMS: Int?
        let lastResponse: String?
        let deliveredAt: String?
        var payload: String?

        init(_ message: WebhookMessage, payload: Bool = false) {
            id = message.id
            type = message.type
            state = message.state.rawValue
            attempts = message.attempts
            createdAt = Timestamp.format(message.createdAt)
            nextAttemptAt = message.state == .pending ? Timestamp.format(message.nextAt) : nil
            lastAttemptAt = message.lastAt.map(Timestamp.format)
            lastStatus = message.lastStatus
            lastError = message.lastError
            lastDurationMS = message.lastMilliseconds
            lastResponse = message.lastResponse
            deliveredAt = message.deliveredAt.map(Timestamp.format)
            self.payload = payload ? String(decoding: message.body, as: UTF8.self) : nil
        }

        enum CodingKeys: String, CodingKey {
            case id, type, state, attempts, createdAt = "created_at", nextAttemptAt = "next_attempt_at", lastAttemptAt = "last_attempt_at",
                lastStatus = "last_status", lastError = "last_error", lastDurationMS = "last_duration_ms", lastResponse = "last_response",
                deliveredAt = "delivered_at", payload
        }
    }

    /// The delivery log, newest first: `?state=pending|delivered|failed`, `?before=msg_...`, `?limit=` (1 to 200, 50).
    @Sendable func messages(_ request: Request, context: APIContext) async throws -> Response {
        let webhook = try await webhook(context)
        let query = request.uri.queryParameters
        var state: WebhookMessage.State?
        if let text = query["state"].map(String.init) {
            guard let parsed = WebhookMessage.State(rawValue: text) else { throw APIError.badRequest("'state' must be pending, delivered or failed") }
            state = parsed
        }
        let limit =
            try query["limit"].map { text in
                guard let number = Int(text), (1...200).contains(number) else { throw APIError.badRequest("'limit' must be 1 to 200") }
                return number
            } ?? 50
        let before = query["before"].map(String.init)
        if let before, before.utf8.count > 64 { throw APIError.badRequest("'before' must be a message id") }
        let found = try await store.webhookMessages(webhookID: webhook.id, state: state, before: before, limit: limit)
        return try HTTPBody.json(DataList(data: found.map { MessageRecord($0) }))
    }

    @Sendable func message(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(MessageRecord(try await message(context), payload: true))
    }

    /// Sends one message again now, delivered or not, under the same `webhook-id`.
    @Sendable func retryOne(_ request: Request, context: APIContext) async throws -> Response {
        let message = try await message(context)
        let count = try await store.redeliver(
            webhookID: message.webhookID, messageID: message.id, failedFrom: nil, to: nil,
            audit: [
                context.author.entry(
                    "webhook.redeliver", "webhook", message.webhookID, appID: message.appID,
                    changes: ["message": .init(before: nil, after: .string(message.id))])
            ])
        return try HTTPBody.json(["count": count], status: .accepted)
    }

    /// Sends again every failed message created in `[from, to)` (both optional, RFC 3339).
    @Sendable func retryFailed(_ request: Request, context: APIContext) async throws -> Response {
        let webhook = try await webhook(context)
        struct Range: Decodable {
            var from: String?
            var to: String?
        }
        let range = try await request.decodeIfSent(as: Range.self, context: context)
        func date(_ text: String?, _ name: String) throws -> Date? {
            guard let text else { return nil }
            guard let date = Timestamp.parse(text) else { throw APIError.badRequest("'\(name)' must be a time like 2026-11-26T09:00:00Z") }
            return date
        }
        let from = try date(range?.from, "from"), to = try date(range?.to, "to")
        var changes: [String: AuditChange] = [:]
        if let from { changes["from"] = AuditChange(before: nil, after: .string(Timestamp.format(from))) }
        if let to { changes["to"] = AuditChange(before: nil, after: .string(Timestamp.format(to))) }
        let count = try await store.redeliver(
            webhookID: webhook.id, messageID: nil, failedFrom: from, to: to,
            audit: [context.author.entry("webhook.redeliver", "webhook", webhook.id, appID: webhook.appID, changes: changes)])
        return try HTTPBody.json(["count": count], status: .accepted)
    }

    /// A `webhook.test` event for this subscription alone, whatever it subscribed to; a
    /// turned-off subscription sends nothing, so it is a 409.
    @Sendable func test(_ request: Request, context: APIContext) async throws -> Response {
        let webhook = try await webhook(context)
        guard webhook.isEnabled else { throw APIError.conflict("webhook_disabled", "the webhook is turned off: turn it on to send a test event") }
        let id = try await store.enqueue(
            test: .test(for: webhook), webhookID: webhook.id,
            audit: [context.author.entry("webhook.test", "webhook", webhook.id, appID: webhook.appID)])
        return try HTTPBody.json(["message_id": id], status: .accepted)
    }

    private func message(_ context: APIContext) async throws -> WebhookMessage {
        let webhook = try await webhook(context)
        let id = try context.parameters.require("message")
        guard let message = try await store.webhookMessage(id: id), message.webhookID == webhook.id else {
            throw APIError.notFound("no message of this webhook has the id '\(id.prefix(80))'")
        }
        return message
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
        let rules = WebhookRules(destination: destination, links: store)
        if let url = body.url { webhook.url = try rules.url(url) }
        if let events { webhook.events = try rules.events(events) }
        if let linkID = body.linkID { webhook.linkID = try await rules.linkID(linkID, app: webhook.appID) }
        if let campaign = body.campaign { webhook.campaign = try rules.campaign(campaign) }
        if let automated = body.automated { webhook.includesAutomated = automated }
        if let enabled = body.enabled {
            // Turned on again by a person: a fresh start.
            if enabled, !webhook.isEnabled { (webhook.failingSince, webhook.disabledReason) = (nil, nil) }
            webhook.isEnabled = enabled
        }
    }
}
