public import Foundation
import SQLKit
public import UnilinkCore

/// People, their roles per app, their API tokens and invitations. Every change is written
/// with its audit entries in one transaction.
extension SQLStore {
    private static let userColumns =
        "id, email, name, password_hash, totp_secret, totp_last_step, is_owner, is_disabled, created_at, updated_at"

    public func users() async throws -> [User] {
        try await database.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users ORDER BY email").all().map(Self.user)
    }

    public func user(id: String) async throws -> User? {
        try await database.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users WHERE id = \(bind: id)").first().map(Self.user)
    }

    public func user(email: String) async throws -> User? {
        try await database.raw("SELECT \(unsafeRaw: Self.userColumns) FROM users WHERE email = \(bind: email)").first().map(Self.user)
    }

    public func userCount() async throws -> Int {
        try await database.raw("SELECT COUNT(*) AS n FROM users").first()?.decode(column: "n", as: Int.self) ?? 0
    }

    /// A new account with its roles. An e-mail address already taken is `emailTaken`.
    public func insert(user: User, roles: [String: Role], audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await Self.insert(user, roles: roles, on: database)
            try await Self.append(audit, on: database)
        }
    }

    /// Writes every field of `user`. Refused when it would leave the organisation without
    /// an owner who can sign in.
    public func update(user: User, audit: [AuditEntry]) async throws {
        try await transaction { database in
            if !user.isOwner || user.isDisabled { try await Self.keepAnOwner(besides: user.id, on: database) }
            try await database.raw(
                """
                UPDATE users SET email = \(bind: user.email), name = \(bind: user.name), password_hash = \(bind: user.passwordHash),
                  totp_secret = \(bind: user.totpSecret), totp_last_step = \(bind: user.totpLastStep), is_owner = \(bind: user.isOwner ? 1 : 0),
                  is_disabled = \(bind: user.isDisabled ? 1 : 0), updated_at = \(bind: Self.milliseconds(user.updatedAt))
                WHERE id = \(bind: user.id)
                """
            ).run()
            if user.isDisabled { try await database.raw("DELETE FROM dashboard_sessions WHERE user_id = \(bind: user.id)").run() }
            try await Self.append(audit, on: database)
        }
    }

    /// Takes a TOTP time step if it is later than the last one used: a code is good once,
    /// even when two instances see it at the same moment. Whether it was taken.
    public func useTOTPStep(_ step: Int64, userID: String) async throws -> Bool {
        try await transaction { database in
            // One statement: of two instances taking the same step, one updates the row.
            try await database.raw(
                """
                UPDATE users SET totp_last_step = \(bind: step)
                WHERE id = \(bind: userID) AND (totp_last_step IS NULL OR totp_last_step < \(bind: step))
                RETURNING id
                """
            ).first() != nil
        }
    }

    public func memberships() async throws -> [Membership] {
        try await database.raw("SELECT app_id, user_id, role, created_at FROM app_members ORDER BY app_id, user_id").all().map { row in
            Membership(
                appID: try row.decode(column: "app_id", as: String.self), userID: try row.decode(column: "user_id", as: String.self),
                role: Role(rawValue: try row.decode(column: "role", as: String.self)) ?? .viewer,
                createdAt: Self.date(try row.decode(column: "created_at", as: Int64.self)))
        }
    }

    /// Adds the person to the app or changes their role there.
    public func set(membership: Membership, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await Self.upsert(membership, on: database)
            try await Self.append(audit, on: database)
        }
    }

    /// Whether there was such a membership.
    @discardableResult
    public func removeMembership(appID: String, userID: String, audit: [AuditEntry]) async throws -> Bool {
        try await transaction { database in
            let exists =
                try await database.raw("SELECT 1 AS one FROM app_members WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)").first()
                != nil
            guard exists else { return false }
            try await database.raw("DELETE FROM app_members WHERE app_id = \(bind: appID) AND user_id = \(bind: userID)").run()
            try await Self.append(audit, on: database)
            return true
        }
    }

    // MARK: API tokens

    private static let tokenColumns = "id, user_id, name, token_hash, hint, scopes, app_ids, created_at, expires_at, last_used_at, revoked_at"

    /// Tokens that may still be used at `now` (not revoked, not expired), every person's.
    public func usableAPITokens(at now: Date) async throws -> [APIToken] {
        try await database.raw(
            """
            SELECT \(unsafeRaw: Self.tokenColumns) FROM api_tokens
            WHERE revoked_at IS NULL AND (expires_at IS NULL OR expires_at > \(bind: Self.milliseconds(now)))
            """
        ).all().map(Self.token)
    }

    /// A person's tokens, revoked and expired ones included, newest first.
    public func apiTokens(userID: String) async throws -> [APIToken] {
        try await database.raw("SELECT \(unsafeRaw: Self.tokenColumns) FROM api_tokens WHERE user_id = \(bind: userID) ORDER BY id DESC").all()
            .map(Self.token)
    }

    public func apiToken(id: String) async throws -> APIToken? {
        try await database.raw("SELECT \(unsafeRaw: Self.tokenColumns) FROM api_tokens WHERE id = \(bind: id)").first().map(Self.token)
    }

    public func insert(token: APIToken, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO api_tokens (id, user_id, name, token_hash, hint, scopes, app_ids, created_at, expires_at, last_used_at, revoked_at)
                VALUES (\(bind: token.id), \(bind: token.userID), \(bind: token.name), \(bind: token.tokenHash), \(bind: token.hint),
                  \(bind: try JSONDocument.encode(token.scopes.sorted())), \(bind: try token.appIDs.map { try JSONDocument.encode($0.sorted()) }),
                  \(bind: Self.milliseconds(token.createdAt)), \(bind: token.expiresAt.map(Self.milliseconds)), NULL, NULL)
                """
            ).run()
            try await Self.append(audit, on: database)
        }
    }

    /// Whether the token was usable until now.
    @discardableResult
    public func revokeToken(id: String, at now: Date, audit: [AuditEntry]) async throws -> Bool {
        try await transaction { database in
            let open =
                try await database.raw("SELECT 1 AS one FROM api_tokens WHERE id = \(bind: id) AND revoked_at IS NULL").first() != nil
            guard open else { return false }
            try await database.raw("UPDATE api_tokens SET revoked_at = \(bind: Self.milliseconds(now)) WHERE id = \(bind: id)").run()
            try await Self.append(audit, on: database)
            return true
        }
    }

    /// When tokens were last used, as the instances saw them (never moves back).
    public func noteTokensUsed(_ times: [String: Date]) async throws {
        guard !times.isEmpty else { return }
        try await transaction { database in
            for (id, time) in times.sorted(by: { $0.key < $1.key }) {
                let at = Self.milliseconds(time)
                try await database.raw(
                    "UPDATE api_tokens SET last_used_at = \(bind: at) WHERE id = \(bind: id) AND (last_used_at IS NULL OR last_used_at < \(bind: at))"
                ).run()
            }
        }
    }

    // MARK: Invitations

    public func insert(invitation: Invitation, audit: [AuditEntry]) async throws {
        try await transaction { database in
            try await database.raw(
                """
                INSERT INTO invitations (id, token_hash, email, is_owner, roles, invited_by, created_at, expires_at, accepted_at)
                VALUES (\(bind: invitation.id), \(bind: invitation.tokenHash), \(bind: invitation.email), \(bind: invitation.isOwner ? 1 : 0),
                  \(bind: try JSONDocument.encode(invitation.roles)), \(bind: invitation.invitedBy), \(bind: Self.milliseconds(invitation.createdAt)),
                  \(bind: Self.milliseconds(invitation.expiresAt)), NULL)
                """
            ).run()
            try await Self.append(audit, on: database)
        }
    }

    /// The invitation if it is still open (not accepted, not expired) at `now`.
    public func openInvitation(tokenHash: String, at now: Date) async throws -> Invitation? {
        try await database.raw(
            """
            SELECT id, token_hash, email, is_owner, roles, invited_by, created_at, expires_at, accepted_at FROM invitations
            WHERE token_hash = \(bind: tokenHash) AND accepted_at IS NULL AND expires_at > \(bind: Self.milliseconds(now))
            """
        ).first().map(Self.invitation)
    }

    /// Uses the invitation once: makes `user` (or, when the address has an account, writes
    /// its password, re-enables it and raises it to owner if the invitation says so) and
    /// gives it the invitation's roles. `false`: someone used it first.
    public func accept(_ invitation: Invitation, as user: User, at now: Date, audit: [AuditEntry]) async throws -> Bool {
        try await transaction { database in
            let open =
                try await database.raw("SELECT 1 AS one FROM invitations WHERE id = \(bind: invitation.id) AND accepted_at IS NULL").first() != nil
            guard open else { return false }
            try await database.raw("UPDATE invitations SET accepted_at = \(bind: Self.milliseconds(now)) WHERE id = \(bind: invitation.id)").run()
            if try await database.raw("SELECT 1 AS one FROM users WHERE id = \(bind: user.id)").first() != nil {
                try await database.raw(
                    """
                    UPDATE users SET name = \(bind: user.name), password_hash = \(bind: user.passwordHash), totp_secret = \(bind: user.totpSecret),
                      is_owner = \(bind: user.isOwner ? 1 : 0), is_disabled = 0, updated_at = \(bind: Self.milliseconds(now))
                    WHERE id = \(bind: user.id)
                    """
                ).run()
                for (appID, role) in invitation.roles.sorted(by: { $0.key < $1.key }) {
                    try await Self.upsert(Membership(appID: appID, userID: user.id, role: role, createdAt: now), on: database)
                }
            } else {
                try await Self.insert(user, roles: invitation.roles, on: database)
            }
            try await Self.append(audit, on: database)
            return true
        }
    }

    // MARK: Failed sign-ins

    public func recordSignInFailure(accountKey: String, at time: Date) async throws {
        try await transaction { database in
            try await database.raw(
                "INSERT INTO sign_in_failures (account_key, occurred_at) VALUES (\(bind: accountKey), \(bind: Self.milliseconds(time)))"
            ).run()
        }
    }

    public func signInFailures(accountKey: String, since: Date) async throws -> Int {
        try await database.raw(
            """
            SELECT COUNT(*) AS n FROM sign_in_failures WHERE account_key = \(bind: accountKey) AND occurred_at >= \(bind: Self.milliseconds(since))
            """
        ).first()?.decode(column: "n", as: Int.self) ?? 0
    }

    public func clearSignInFailures(accountKey: String) async throws {
        try await transaction { database in
            try await database.raw("DELETE FROM sign_in_failures WHERE account_key = \(bind: accountKey)").run()
        }
    }

    @discardableResult
    public func purgeSignInFailures(before cutoff: Date) async throws -> Int {
        try await transaction { database in
            let at = Self.milliseconds(cutoff)
            let count =
                try await database.raw("SELECT COUNT(*) AS n FROM sign_in_failures WHERE occurred_at < \(bind: at)").first()?
                .decode(column: "n", as: Int.self) ?? 0
            if count > 0 { try await database.raw("DELETE FROM sign_in_failures WHERE occurred_at < \(bind: at)").run() }
            return count
        }
    }

    // MARK: Rows

    private static func insert(_ user: User, roles: [String: Role], on database: any SQLDatabase) async throws {
        if try await database.raw("SELECT 1 AS one FROM users WHERE email = \(bind: user.email)").first() != nil {
            throw StoreError.emailTaken(user.email)
        }
        try await database.raw(
            """
            INSERT INTO users (id, email, name, password_hash, totp_secret, totp_last_step, is_owner, is_disabled, created_at, updated_at)
            VALUES (\(bind: user.id), \(bind: user.email), \(bind: user.name), \(bind: user.passwordHash), \(bind: user.totpSecret),
              \(bind: user.totpLastStep), \(bind: user.isOwner ? 1 : 0), \(bind: user.isDisabled ? 1 : 0),
              \(bind: milliseconds(user.createdAt)), \(bind: milliseconds(user.updatedAt)))
            """
        ).run()
        for (appID, role) in roles.sorted(by: { $0.key < $1.key }) {
            try await upsert(Membership(appID: appID, userID: user.id, role: role, createdAt: user.createdAt), on: database)
        }
    }

    private static func upsert(_ membership: Membership, on database: any SQLDatabase) async throws {
        guard try await database.raw("SELECT 1 AS one FROM apps WHERE id = \(bind: membership.appID)").first() != nil else {
            throw StoreError.notFound("no app has the id '\(membership.appID)'")
        }
        try await database.raw(
            """
            INSERT INTO app_members (app_id, user_id, role, created_at)
            VALUES (\(bind: membership.appID), \(bind: membership.userID), \(bind: membership.role.rawValue), \(bind: milliseconds(membership.createdAt)))
            ON CONFLICT (app_id, user_id) DO UPDATE SET role = excluded.role
            """
        ).run()
    }

    /// Refuses a change that leaves no owner who can sign in besides `userID`.
    private static func keepAnOwner(besides userID: String, on database: any SQLDatabase) async throws {
        let wasOwner =
            try await database.raw("SELECT 1 AS one FROM users WHERE id = \(bind: userID) AND is_owner = 1 AND is_disabled = 0").first() != nil
        guard wasOwner else { return }
        let others =
            try await database.raw("SELECT COUNT(*) AS n FROM users WHERE id <> \(bind: userID) AND is_owner = 1 AND is_disabled = 0").first()?
            .decode(column: "n", as: Int.self) ?? 0
        if others == 0 { throw StoreError.lastOwner }
    }

    private static func user(_ row: any SQLRow) throws -> User {
        User(
            id: try row.decode(column: "id", as: String.self), email: try row.decode(column: "email", as: String.self),
            name: try row.decode(column: "name", as: String.self), passwordHash: try row.decode(column: "password_hash", as: String?.self),
            totpSecret: try row.decode(column: "totp_secret", as: String?.self),
            totpLastStep: try row.decode(column: "totp_last_step", as: Int64?.self),
            isOwner: try row.decode(column: "is_owner", as: Int.self) != 0, isDisabled: try row.decode(column: "is_disabled", as: Int.self) != 0,
            createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            updatedAt: date(try row.decode(column: "updated_at", as: Int64.self)))
    }

    private static func token(_ row: any SQLRow) throws -> APIToken {
        APIToken(
            id: try row.decode(column: "id", as: String.self), userID: try row.decode(column: "user_id", as: String.self),
            name: try row.decode(column: "name", as: String.self), tokenHash: try row.decode(column: "token_hash", as: String.self),
            hint: try row.decode(column: "hint", as: String.self),
            scopes: Set(try JSONDocument.decode([String].self, from: row.decode(column: "scopes", as: String.self)).compactMap(Scope.init)),
            appIDs: try row.decode(column: "app_ids", as: String?.self).map { Set(try JSONDocument.decode([String].self, from: $0)) },
            createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: try row.decode(column: "expires_at", as: Int64?.self).map(date),
            lastUsedAt: try row.decode(column: "last_used_at", as: Int64?.self).map(date),
            revokedAt: try row.decode(column: "revoked_at", as: Int64?.self).map(date))
    }

    private static func invitation(_ row: any SQLRow) throws -> Invitation {
        Invitation(
            id: try row.decode(column: "id", as: String.self), tokenHash: try row.decode(column: "token_hash", as: String.self),
            email: try row.decode(column: "email", as: String.self), isOwner: try row.decode(column: "is_owner", as: Int.self) != 0,
            roles: try JSONDocument.decode([String: Role].self, from: row.decode(column: "roles", as: String.self)),
            invitedBy: try row.decode(column: "invited_by", as: String.self), createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            expiresAt: date(try row.decode(column: "expires_at", as: Int64.self)),
            acceptedAt: try row.decode(column: "accepted_at", as: Int64?.self).map(date))
    }
}
