public import Foundation
public import UnilinkCore

/// Apps, their hosts and their keys. `SQLStore` is one on SQLite and PostgreSQL.
public protocol AppStore: Sendable {
    func insert(app: App, keys: [AppKey]) async throws
    func update(app: App) async throws
    func apps() async throws -> [App]
    func keys(at now: Date) async throws -> [AppKey]
    func rotate(to new: AppKey, graceUntil: Date, now: Date) async throws
}

extension SQLStore: AppStore {}
