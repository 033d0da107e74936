import Foundation
import SQLKit
public import UnilinkCore

/// An app's webhook subscriptions, each change written with its audit entries.
extension SQLStore {
    private static let webhookColumns =
        "id, app_id, url, events, link_id, campaign, automated, enabled, secret, previous_secret, previous_until, created_at, updated_at, failing_since, disabled_reason"

    public func webhooks(appID: String) async throws -> [WebhookSubscription] {
        try await database.raw("SELECT \(unsafeRaw: Self.webhookColumns) FROM webhooks WHERE app_id = \(bind: appID) ORDER BY id").all()
            .map(Self.webhook)
    }

    public func webhook(id: String) async throws -> WebhookSubscription? {
        try await database.raw("SELECT \(unsafeRaw: Self.webhookColumns) FROM webhooks WHERE id = \(bind: id)").first().map(Self.webhook)
    }

    /// Writes the subscription whole (a new one, or a change).
    public func save(webhook: WebhookSubscription, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO webhooks (id, app_id, url, events, link_id, campaign, automated, enabled, secret, previous_secret, previous_until,
                  created_at, updated_at, failing_since, disabled_reason)
                VALUES (\(bind: webhook.id), \(bind: webhook.appID), \(bind: webhook.url),
                  \(bind: try JSONDocument.encode(webhook.events.sorted().map(\.rawValue))), \(bind: webhook.linkID), \(bind: webhook.campaign),
                  \(bind: webhook.includesAutomated ? 1 : 0), \(bind: webhook.isEnabled ? 1 : 0), \(bind: webhook.secret),
                  \(bind: webhook.previousSecret), \(bind: webhook.previousUntil.map(Self.milliseconds)), \(bind: Self.milliseconds(webhook.createdAt)),
                  \(bind: Self.milliseconds(webhook.updatedAt)), \(bind: webhook.failingSince.map(Self.milliseconds)), \(bind: webhook.disabledReason))
                ON CONFLICT (id) DO UPDATE SET url = excluded.url, events = excluded.events, link_id = excluded.link_id,
                  campaign = excluded.campaign, automated = excluded.automated, enabled = excluded.enabled, secret = excluded.secret,
                  previous_secret = excluded.previous_secret, previous_until = excluded.previous_until, updated_at = excluded.updated_at,
                  failing_since = excluded.failing_since, disabled_reason = excluded.disabled_reason
                """
            ).run()
            try await Self.append(audit, on: database)
        }
    }

    /// Whether there was such a subscription.
    @discardableResult
    public func deleteWebhook(id: String, audit: [AuditEntry]) async throws -> Bool {
        try await transaction { database in
            guard try await database.raw("SELECT 1 AS one FROM webhooks WHERE id = \(bind: id)").first() != nil else { return false }
            try await database.raw("DELETE FROM webhooks WHERE id = \(bind: id)").run()
            // What it was still to get is not sent; the log keeps it until retention.
            try await database.raw(
                """
                UPDATE webhook_messages SET state = 'failed', last_error = 'the webhook was deleted', lease_until = NULL
                WHERE webhook_id = \(bind: id) AND state = 'pending'
                """
            ).run()
            try await Self.append(audit, on: database)
            return true
        }
    }

    private static func webhook(_ row: any SQLRow) throws -> WebhookSubscription {
        WebhookSubscription(
            id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self),
            url: try row.decode(column: "url", as: String.self),
            events: Set(
                try JSONDocument.decode([String].self, from: row.decode(column: "events", as: String.self)).compactMap(WebhookEventType.init)),
            linkID: try row.decode(column: "link_id", as: String?.self), campaign: try row.decode(column: "campaign", as: String?.self),
            includesAutomated: try row.decode(column: "automated", as: Int.self) != 0,
            isEnabled: try row.decode(column: "enabled", as: Int.self) != 0,
            secret: try row.decode(column: "secret", as: String.self), previousSecret: try row.decode(column: "previous_secret", as: String?.self),
            previousUntil: try row.decode(column: "previous_until", as: Int64?.self).map(date),
            createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: date(try row.decode(column: "updated_at", as: Int64.self)),
            failingSince: try row.decode(column: "failing_since", as: Int64?.self).map(date),
            disabledReason: try row.decode(column: "disabled_reason", as: String?.self))
    }
}
