public import UnilinkCore

/// An app's webhook subscriptions. `SQLStore` is one on SQLite and PostgreSQL.
public protocol WebhookStore: Sendable {
    func webhooks(appID: String) async throws -> [WebhookSubscription]
    func webhook(id: String) async throws -> WebhookSubscription?
    func save(webhook: WebhookSubscription, audit: [AuditEntry]) async throws
    @discardableResult func deleteWebhook(id: String, audit: [AuditEntry]) async throws -> Bool
}

extension SQLStore: WebhookStore {}
