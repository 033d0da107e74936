public import Foundation
public import UnilinkCore

/// An app's webhook subscriptions. `SQLStore` is one on SQLite and PostgreSQL.
public protocol WebhookStore: Sendable {
    func webhooks(appID: String) async throws -> [WebhookSubscription]
    func webhook(id: String) async throws -> WebhookSubscription?
    func save(webhook: WebhookSubscription, audit: [AuditEntry]) async throws
    @discardableResult func deleteWebhook(id: String, audit: [AuditEntry]) async throws -> Bool

    // The outbox (`SQLStore+WebhookOutbox`).
    func enqueue(test event: WebhookEvent, webhookID: String, audit: [AuditEntry]) async throws -> String
    func webhookMessagesDue(now: Date) async throws -> Bool
    func enabledWebhookIDs() async throws -> [String]
    func leaseWebhookMessages(_ wanted: [(webhookID: String, limit: Int)], now: Date, leaseFor: TimeInterval) async throws -> [WebhookMessage]
    @discardableResult func finish(_ attempts: [WebhookAttempt]) async throws -> [String]
    func webhookMessages(webhookID: String, state: WebhookMessage.State?, before cursor: String?, limit: Int) async throws -> [WebhookMessage]
    func webhookMessage(id: String) async throws -> WebhookMessage?
    func redeliver(webhookID: String, messageID: String?, failedFrom from: Date?, to: Date?, audit: [AuditEntry]) async throws -> Int
    func webhookBacklog() async throws -> WebhookBacklog
    func purgeWebhookMessages(before cutoff: Date) async throws -> Int
}

extension SQLStore: WebhookStore {}
