public import Foundation
import SQLKit

/// A dashboard sign-in as stored: who it is (a person, the admin token, or one app's
/// secret key), until when, and where it was opened. The cookie's token itself is never
/// stored.
public struct DashboardSessionRecord: Sendable, Equatable {
    public var tokenHash: String
    /// The person signed in; `nil` for the admin token and secret keys.
    public var userID: String?
    /// A secret key's app; `nil` for a person and the admin token.
    public var appID: String?
    public var createdAt: Date
    public var expiresAt: Date
    public var address: String?
    public var userAgent: String?
    /// The password was right; the second factor is still to come.
    public var awaitingCode: Bool

    public init(
        tokenHash: String, userID: String? = nil, appID: String?, createdAt: Date, expiresAt: Date, address: String? = nil,
        userAgent: String? = nil, awaitingCode: Bool = false
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.appID = appID
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.address = address
        self.userAgent = userAgent
        self.awaitingCode = awaitingCode
    }
}

extension SQLStore {
    public func insert(session: DashboardSessionRecord) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO dashboard_sessions (token_hash, user_id, app_id, created_at, expires_at, address, user_agent, awaiting_code)
                VALUES (\(bind: session.tokenHash), \(bind: session.userID), \(bind: session.appID), \(bind: Self.milliseconds(session.createdAt)),
                  \(bind: Self.milliseconds(session.expiresAt)), \(bind: session.address), \(bind: session.userAgent), \(bind: session.awaitingCode ? 1 : 0))
                """
            ).run()
        }
    }

    private static let sessionColumns = "token_hash, user_id, app_id, created_at, expires_at, address, user_agent, awaiting_code"

    /// The session if it exists and has not expired at `now`.
    public func session(tokenHash: String, at now: Date) async throws -> DashboardSessionRecord? {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.sessionColumns) FROM dashboard_sessions
            WHERE token_hash = \(bind: tokenHash) AND expires_at > \(bind: Self.milliseconds(now))
            """
        ).first().map(Self.session)
    }

    /// A person's current sessions, newest first.
    public func sessions(userID: String, at now: Date) async throws -> [DashboardSessionRecord] {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.sessionColumns) FROM dashboard_sessions
            WHERE user_id = \(bind: userID) AND expires_at > \(bind: Self.milliseconds(now)) AND awaiting_code = 0 ORDER BY created_at DESC
            """
        ).all().map(Self.session)
    }

    /// The second factor was right: the session is signed in, until `expiresAt`.
    public func confirmSecondFactor(tokenHash: String, expiresAt: Date) async throws {
        try await transaction { database in
            try await database.raw(
                """
                UPDATE dashboard_sessions SET awaiting_code = 0, expires_at = \(bind: Self.milliseconds(expiresAt))
                WHERE token_hash = \(bind: tokenHash)
                """
            ).run()
        }
    }

    /// Signs a person out everywhere but `kept`; how many sessions ended.
    @discardableResult
    public func deleteSessions(userID: String, except kept: String?) async throws -> Int {
        try await transaction { database in
            let other: SQLQueryString = kept.map { "AND token_hash <> \(bind: $0)" } ?? ""
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM dashboard_sessions WHERE user_id = \(bind: userID) \(other)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            try await database.raw("DELETE FROM dashboard_sessions WHERE user_id = \(bind: userID) \(other)").run()
            return count
        }
    }

    private static func session(_ row: any SQLRow) throws -> DashboardSessionRecord {
        DashboardSessionRecord(
            tokenHash: try row.decode(column: "token_hash", as: String.self), userID: try row.decode(column: "user_id", as: String?.self),
            appID: try row.decode(column: "app_id", as: String?.self), createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: date(try row.decode(column: "expires_at", as: Int64.self)), address: try row.decode(column: "address", as: String?.self),
            userAgent: try row.decode(column: "user_agent", as: String?.self),
            awaitingCode: try row.decode(column: "awaiting_code", as: Int.self) != 0)
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
