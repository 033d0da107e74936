public import Foundation

/// Dashboard sign-ins, by the SHA-256 of their cookie. `SQLStore` is one on SQLite and PostgreSQL.
public protocol SessionStore: Sendable {
    func insert(session: DashboardSessionRecord) async throws
    func session(tokenHash: String, at now: Date) async throws -> DashboardSessionRecord?
    func deleteSession(tokenHash: String) async throws
    func sessions(userID: String, at now: Date) async throws -> [DashboardSessionRecord]
    func confirmSecondFactor(tokenHash: String, expiresAt: Date) async throws
    @discardableResult func deleteSessions(userID: String, except kept: String?) async throws -> Int
}

extension SQLStore: SessionStore {}
