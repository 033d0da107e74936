public import Foundation
import SQLKit

/// A single sign-on between the redirect to the provider and its callback.
public struct SingleSignOnLogin: Sendable, Equatable {
    public var stateHash: String
    public var nonce: String
    /// PKCE's code verifier.
    public var verifier: String
    public var redirectURI: String
    public var expiresAt: Date

    public init(stateHash: String, nonce: String, verifier: String, redirectURI: String, expiresAt: Date) {
        self.stateHash = stateHash
        self.nonce = nonce
        self.verifier = verifier
        self.redirectURI = redirectURI
        self.expiresAt = expiresAt
    }
}

extension SQLStore {
    public func insert(login: SingleSignOnLogin) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO sso_logins (state_hash, nonce, verifier, redirect_uri, expires_at)
                VALUES (\(bind: login.stateHash), \(bind: login.nonce), \(bind: login.verifier), \(bind: login.redirectURI),
                  \(bind: Self.milliseconds(login.expiresAt)))
                """
            ).run()
        }
    }

    /// The sign-in of `stateHash` if it is current, taken once: a replayed state finds none.
    public func takeLogin(stateHash: String, at now: Date) async throws -> SingleSignOnLogin? {
        try await transaction { database in
            // One statement: of two callbacks with the same state, one gets the row.
            try await database.raw(
                """
                DELETE FROM sso_logins WHERE state_hash = \(bind: stateHash) AND expires_at > \(bind: Self.milliseconds(now))
                RETURNING nonce, verifier, redirect_uri, expires_at
                """
            ).first().map { row in
                SingleSignOnLogin(
                    stateHash: stateHash, nonce: try row.decode(column: "nonce", as: String.self),
                    verifier: try row.decode(column: "verifier", as: String.self),
                    redirectURI: try row.decode(column: "redirect_uri", as: String.self),
                    expiresAt: Self.date(try row.decode(column: "expires_at", as: Int64.self)))
            }
        }
    }

    @discardableResult
    public func purgeLogins(before cutoff: Date) async throws -> Int {
        try await transaction { database in
            let at = Self.milliseconds(cutoff)
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM sso_logins WHERE expires_at <= \(bind: at)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            if count > 0 { try await database.raw("DELETE FROM sso_logins WHERE expires_at <= \(bind: at)").run() }
            return count
        }
    }
}
