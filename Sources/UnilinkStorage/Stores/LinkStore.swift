public import Foundation
public import UnilinkCore

/// Stored links. `SQLStore` is one on SQLite and PostgreSQL.
public protocol LinkStore: Sendable {
    /// `webhooks`: the events the change makes, written to the outbox in its transaction.
    func insert(links: [Link], audit: [AuditEntry], webhooks: [WebhookEvent]) async throws
    func update(link: Link, audit: [AuditEntry], webhooks: [WebhookEvent]) async throws
    /// Several links together or none.
    func update(links: [Link], audit: [AuditEntry], webhooks: [WebhookEvent]) async throws
    func deleteLink(id: String, audit: [AuditEntry], webhooks: [WebhookEvent]) async throws
    func deleteLinks(ids: [String], audit: [AuditEntry], webhooks: [WebhookEvent]) async throws
    func link(id: String) async throws -> Link?
    func links(ids: [String]) async throws -> [Link]
    func link(code: String) async throws -> Link?
    func link(appID: String, alias: String) async throws -> Link?
    /// Newest first, before the link `cursor` names.
    func links(appID: String, before cursor: String?, limit: Int) async throws -> [Link]
    /// The links list: search, filters, order, keyset paging and each row's clicks.
    func links(appID: String, listing: LinkListing) async throws -> (rows: [ListedLink], next: LinkListing.Cursor?)
    /// People's clicks of each link in the last 7 and 30 UTC days.
    func clickTotals(linkIDs: [String], now: Date) async throws -> [String: (week: Int, month: Int)]
    func linkFacets(appID: String, limit: Int) async throws -> (tags: [(tag: String, links: Int)], campaigns: [String])
}

extension SQLStore: LinkStore {}

extension LinkStore {
    /// Without an audit entry: tests and the demo's set-up, which no one made.
    public func insert(links: [Link]) async throws { try await insert(links: links, audit: [], webhooks: []) }
    public func update(link: Link) async throws { try await update(link: link, audit: [], webhooks: []) }
    public func deleteLink(id: String) async throws { try await deleteLink(id: id, audit: [], webhooks: []) }
}
