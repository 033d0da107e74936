public import Foundation
public import UnilinkCore

/// People, their roles, tokens and invitations. `SQLStore` is one on SQLite and PostgreSQL.
public protocol PeopleStore: Sendable {
    func users() async throws -> [User]
    func user(id: String) async throws -> User?
    func user(email: String) async throws -> User?
    func userCount() async throws -> Int
    func insert(user: User, roles: [String: Role], audit: [AuditEntry]) async throws
    func update(user: User, audit: [AuditEntry]) async throws
    func useTOTPStep(_ step: Int64, userID: String) async throws -> Bool
    func memberships() async throws -> [Membership]
    func set(membership: Membership, audit: [AuditEntry]) async throws
    @discardableResult func removeMembership(appID: String, userID: String, audit: [AuditEntry]) async throws -> Bool
    func usableAPITokens(at now: Date) async throws -> [APIToken]
    func apiTokens(userID: String) async throws -> [APIToken]
    func apiToken(id: String) async throws -> APIToken?
    func insert(token: APIToken, audit: [AuditEntry]) async throws
    @discardableResult func revokeToken(id: String, at now: Date, audit: [AuditEntry]) async throws -> Bool
    func noteTokensUsed(_ times: [String: Date]) async throws
    func insert(invitation: Invitation, audit: [AuditEntry]) async throws
    func openInvitation(tokenHash: String, at now: Date) async throws -> Invitation?
    func accept(_ invitation: Invitation, as user: User, at now: Date, audit: [AuditEntry]) async throws -> Bool
    func recordSignInFailure(accountKey: String, at time: Date) async throws
    func signInFailures(accountKey: String, since: Date) async throws -> Int
    func clearSignInFailures(accountKey: String) async throws
}

extension SQLStore: PeopleStore {}
