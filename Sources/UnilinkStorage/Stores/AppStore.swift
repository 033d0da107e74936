public import Foundation
public import UnilinkCore

/// Apps, their hosts and their keys. `SQLStore` is one on SQLite and PostgreSQL.
public protocol AppStore: Sendable {
    func insert(app: App, keys: [AppKey], audit: [AuditEntry]) async throws
    func update(app: App, audit: [AuditEntry]) async throws
    func apps() async throws -> [App]
    func keys(at now: Date) async throws -> [AppKey]
    func rotate(to new: AppKey, graceUntil: Date, now: Date, audit: [AuditEntry]) async throws
}

extension SQLStore: AppStore {}

extension AppStore {
    /// Without an audit entry: tests and the demo's set-up, which no one made.
    public func insert(app: App, keys: [AppKey]) async throws { try await insert(app: app, keys: keys, audit: []) }
    public func update(app: App) async throws { try await update(app: app, audit: []) }
}
