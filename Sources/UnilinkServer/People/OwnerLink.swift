import Foundation
import UnilinkCore
public import UnilinkStorage

/// The command line's way in: an owner's invitation for an address, written straight to
/// the database (the server need not run), its use recorded as the command line's.
public enum OwnerLink {
    /// The link's path, whether the address had an account, and the address as the account
    /// holds it (trimmed, lower case: the one to sign in with).
    public static func make(email: String, store: SQLStore, by systemUser: String) async throws -> (
        path: String, existed: Bool, email: String
    ) {
        let email = User.normalize(email: email)
        guard User.isPlausible(email: email) else { throw StoreError.invalidInput("'\(email)' is not an e-mail address") }
        let existing = try await store.user(email: email)
        let token = Identifiers.random(43), now = Date.now
        let invitation = Invitation(
            id: "inv_" + Identifiers.random(16), tokenHash: Identifiers.hash(token), email: email, isOwner: true, roles: [:],
            invitedBy: AuditActor.Kind.commandLine.rawValue, createdAt: now, expiresAt: now.addingTimeInterval(PeopleService.invitationLifetime))
        let entry = AuditEntry(
            id: Identifiers.auditID(at: now), time: now, actor: AuditActor(.commandLine, id: systemUser), action: "user.invitation.create",
            objectKind: "user", objectID: existing?.id ?? "", appID: nil,
            changes: ["email": AuditChange(before: nil, after: .string(email)), "owner": AuditChange(before: nil, after: .bool(true))],
            address: nil)
        try await store.insert(invitation: invitation, audit: [entry])
        return ("/invitations/\(token)", existing != nil, email)
    }
}
