public import Foundation
import SQLKit

/// A dashboard sign-in as stored: who it is (the admin, or one app's secret key) and
/// until when. The cookie's token itself is never stored.
public struct DashboardSessionRecord: Sendable, Equatable {
    public var tokenHash: String
    /// `nil` for the admin token.
    public var appID: String?
    public var createdAt: Date
    public var expiresAt: Date

    public init(tokenHash: String, appID: String?, createdAt: Date, expiresAt: Date) {
        self.tokenHash = tokenHash
        self.appID = appID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
    }
}

extension SQLStore {
    public func insert(session: DashboardSessionRecord) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO dashboard_sessions (token_hash, app_id, created_at, expires_at)
                VALUES (\(bind: session.tokenHash), \(bind: session.appID), \(bind: Self.milliseconds(session.createdAt)), \(bind: Self.milliseconds(session.expiresAt)))
                """
            ).run()
        }
    }

    /// The session if it exists and has not expired at `now`.
    public func session(tokenHash: String, at now: Date) async throws -> DashboardSessionRecord? {
        guard
            let row = try await database.raw(
                """
                SELECT app_id, created_at, expires_at FROM dashboard_sessions
                WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: Self.milliseconds(now))
                """
            ).first()
        else { return nil }
        return DashboardSessionRecord(
            tokenHash: tokenHash, appID: try row.decode(column: "app_id", as: String?.self),
            createdAt: Self.date(try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: Self.date(try row.decode(column: "expires_at", as: Int64.self))
        )
    }

    public func deleteSession(tokenHash: String) async throws {
        try await transaction { database in
            try await database.raw("DELETE FROM dashboard_sessions WHERE token_hash = \(bind: tokenHash)").run()
        }
    }

    /// Removes expired sessions; returns how many.
    @discardableResult
    public func purgeSessions(before cutoff: Date) async throws -> Int {
        try await transaction { database in
            let expired = Self.milliseconds(cutoff)
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM dashboard_sessions WHERE expires_at <= \(bind: expired)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await database.raw("DELETE FROM dashboard_sessions WHERE expires_at <= \(bind: expired)").run()
            return count
        }
    }
}
