import Foundation
import UnilinkCore
import UnilinkStorage

/// The one writer of people, roles, tokens and invitations: the API, the dashboard and
/// the command line go through it, every change leaves its audit entries, and the people
/// directory reloads here and on the other instances.
struct PeopleService: Sendable {
    let store: any PeopleStore & SessionStore
    let people: PeopleDirectory
    let changes: ChangeFeed
    let passwords: Passwords

    /// How long an invitation link works.
    static let invitationLifetime: TimeInterval = 7 * 86_400

    /// A person's account with the given roles, without a password yet: the answer's
    /// invitation token (shown once) lets them choose one.
    func invite(email: String, name: String, isOwner: Bool, roles: [String: Role], by author: ChangeAuthor) async throws -> (User, String) {
        let email = User.normalize(email: email)
        guard User.isPlausible(email: email) else { throw APIError.unprocessable("invalid_email", "'email' is not an e-mail address") }
        let now = Date.now
        let user = User(id: "usr_" + Identifiers.random(16), email: email, name: Self.clean(name), isOwner: isOwner, createdAt: now, updatedAt: now)
        let (invitation, token) = makeInvitation(for: user, roles: [:], by: author, at: now)
        var fields: [String: AuditChange] = [
            "email": AuditChange(before: nil, after: .string(email)), "owner": AuditChange(before: nil, after: .bool(isOwner)),
        ]
        for (app, role) in roles { fields["role:\(app)"] = AuditChange(before: nil, after: .string(role.rawValue)) }
        try await store.insert(user: user, roles: roles, audit: [author.entry("user.create", "user", user.id, appID: nil, changes: fields, at: now)])
        try await store.insert(
            invitation: invitation, audit: [author.entry("user.invitation.create", "user", user.id, appID: nil, at: now)])
        try await changes.peopleChanged()
        return (user, token)
    }

    /// A new one-time link for an existing account: to choose a first password, or a new
    /// one when the old is lost (its second factor is removed on use).
    func reinvite(_ user: User, by author: ChangeAuthor) async throws -> String {
        let now = Date.now
        let (invitation, token) = makeInvitation(for: user, roles: [:], by: author, at: now)
        try await store.insert(invitation: invitation, audit: [author.entry("user.invitation.create", "user", user.id, appID: nil, at: now)])
        return token
    }

    private func makeInvitation(for user: User, roles: [String: Role], by author: ChangeAuthor, at now: Date) -> (Invitation, String) {
        let token = Identifiers.random(43)
        let invitation = Invitation(
            id: "inv_" + Identifiers.random(16), tokenHash: Identifiers.hash(token), email: user.email, isOwner: user.isOwner, roles: roles,
            invitedBy: author.actor.userID ?? author.actor.kind.rawValue, createdAt: now, expiresAt: now.addingTimeInterval(Self.invitationLifetime))
        return (invitation, token)
    }

    /// Uses an invitation: the account gets its name and password and is enabled. Nil when
    /// the link is unknown, used or expired.
    func accept(token: String, name: String, password: String, address: String?) async throws -> User? {
        if let problem = Passwords.problem(with: password) { throw APIError.badRequest(problem) }
        let now = Date.now
        guard let invitation = try await store.openInvitation(tokenHash: Identifiers.hash(token), at: now) else { return nil }
        let hash = try await passwords.hash(password)
        var user =
            try await store.user(email: invitation.email)
            ?? User(
                id: "usr_" + Identifiers.random(16), email: invitation.email, name: "", isOwner: invitation.isOwner, createdAt: now, updatedAt: now)
        if !name.trimmingCharacters(in: .whitespaces).isEmpty { user.name = Self.clean(name) }
        user.passwordHash = hash
        // A reset link is how someone who lost their authenticator gets back in.
        user.totpSecret = nil
        user.isOwner = user.isOwner || invitation.isOwner
        user.isDisabled = false
        let author = ChangeAuthor(actor: AuditActor(.user, id: user.id, userID: user.id), address: address)
        guard
            try await store.accept(
                invitation, as: user, at: now, audit: [author.entry("user.invitation.accept", "user", user.id, appID: nil, at: now)])
        else { return nil }
        try await changes.peopleChanged()
        return user
    }

    /// The first owner of a fresh installation, from the setup link: nil when someone made
    /// an account meanwhile.
    func createFirstOwner(email: String, name: String, password: String, address: String?) async throws -> User? {
        let email = User.normalize(email: email)
        guard User.isPlausible(email: email) else { throw APIError.badRequest("that is not an e-mail address") }
        if let problem = Passwords.problem(with: password) { throw APIError.badRequest(problem) }
        guard try await store.userCount() == 0 else { return nil }
        let now = Date.now
        let user = User(
            id: "usr_" + Identifiers.random(16), email: email, name: Self.clean(name), passwordHash: try await passwords.hash(password),
            isOwner: true, createdAt: now, updatedAt: now)
        let author = ChangeAuthor(actor: AuditActor(.user, id: user.id, userID: user.id), address: address)
        try await store.insert(
            user: user, roles: [:],
            audit: [
                author.entry(
                    "user.create", "user", user.id, appID: nil,
                    changes: ["email": AuditChange(before: nil, after: .string(email)), "owner": AuditChange(before: nil, after: .bool(true))],
                    at: now)
            ])
        try await changes.peopleChanged()
        return user
    }

    /// A person's first sign-in through the organisation's provider: an account without a
    /// password, with what their groups grant.
    func createFromSingleSignOn(email: String, name: String, isOwner: Bool, roles: [String: Role], address: String?) async throws -> User {
        let now = Date.now
        let user = User(
            id: "usr_" + Identifiers.random(16), email: User.normalize(email: email), name: Self.clean(name), isOwner: isOwner, createdAt: now,
            updatedAt: now)
        let known = roles.filter { changes.directory.current.apps[$0.key] != nil }
        var fields: [String: AuditChange] = [
            "email": AuditChange(before: nil, after: .string(user.email)), "owner": AuditChange(before: nil, after: .bool(isOwner)),
            "via": AuditChange(before: nil, after: .string("single_sign_on")),
        ]
        for (app, role) in known { fields["role:\(app)"] = AuditChange(before: nil, after: .string(role.rawValue)) }
        let author = ChangeAuthor(actor: AuditActor(.user, id: user.id, userID: user.id), address: address)
        try await store.insert(user: user, roles: known, audit: [author.entry("user.create", "user", user.id, appID: nil, changes: fields, at: now)])
        try await changes.peopleChanged()
        return user
    }

    /// What the provider's groups grant a person at a sign-in: an owner stays one, a role is
    /// raised, never lowered (what an admin gave by hand stays).
    func grant(_ user: User, isOwner: Bool, roles: [String: Role], by author: ChangeAuthor) async throws -> User {
        var user = user
        if isOwner, !user.isOwner {
            var raised = user
            raised.isOwner = true
            try await update(user, to: raised, by: author)
            user = raised
        }
        let current = people.current.roles[user.id] ?? [:]
        for (app, role) in roles where changes.directory.current.apps[app] != nil && (current[app].map { $0 < role } ?? true) {
            try await setMember(appID: app, user: user, role: role, by: author)
        }
        return user
    }

    /// Writes a changed account (name, owner, disabled, password, second factor) with the
    /// fields it changed.
    func update(_ old: User, to new: User, by author: ChangeAuthor) async throws {
        var new = new
        new.updatedAt = .now
        var fields: [String: AuditChange] = [:]
        if old.name != new.name { fields["name"] = AuditChange(before: .string(old.name), after: .string(new.name)) }
        if old.isOwner != new.isOwner { fields["owner"] = AuditChange(before: .bool(old.isOwner), after: .bool(new.isOwner)) }
        if old.isDisabled != new.isDisabled { fields["disabled"] = AuditChange(before: .bool(old.isDisabled), after: .bool(new.isDisabled)) }
        // Secrets are never written to the log: only that they changed.
        if old.passwordHash != new.passwordHash { fields["password"] = AuditChange(before: nil, after: .string("changed")) }
        if (old.totpSecret == nil) != (new.totpSecret == nil) {
            fields["two_factor"] = AuditChange(before: .bool(old.totpSecret != nil), after: .bool(new.totpSecret != nil))
        }
        guard !fields.isEmpty else { return }
        try await store.update(user: new, audit: [author.entry("user.update", "user", new.id, appID: nil, changes: fields)])
        try await changes.peopleChanged()
    }

    func setMember(appID: String, user: User, role: Role, by author: ChangeAuthor) async throws {
        let before = people.current.roles[user.id]?[appID]
        guard before != role else { return }
        try await store.set(
            membership: Membership(appID: appID, userID: user.id, role: role, createdAt: .now),
            audit: [
                author.entry(
                    before == nil ? "member.add" : "member.update", "member", user.id, appID: appID,
                    changes: ["role": AuditChange(before: before.map { .string($0.rawValue) }, after: .string(role.rawValue))])
            ])
        try await changes.peopleChanged()
    }

    /// Whether the person was a member.
    func removeMember(appID: String, userID: String, by author: ChangeAuthor) async throws -> Bool {
        let before = people.current.roles[userID]?[appID]
        let removed = try await store.removeMembership(
            appID: appID, userID: userID,
            audit: [
                author.entry(
                    "member.remove", "member", userID, appID: appID,
                    changes: ["role": AuditChange(before: before.map { .string($0.rawValue) }, after: nil)])
            ])
        if removed { try await changes.peopleChanged() }
        return removed
    }

    /// A new token for `user`; the answer's secret is the only time it is shown.
    func createToken(
        for user: User, name: String, scopes: Set<Scope>, appIDs: Set<String>?, expiresAt: Date?, by author: ChangeAuthor
    ) async throws -> (APIToken, String) {
        let secret = PersonalToken.make(), now = Date.now
        let token = APIToken(
            id: PersonalToken.id(), userID: user.id, name: Self.clean(name), tokenHash: Identifiers.hash(secret),
            hint: PersonalToken.hint(of: secret),
            scopes: scopes, appIDs: appIDs, createdAt: now, expiresAt: expiresAt)
        var fields: [String: AuditChange] = [
            "name": AuditChange(before: nil, after: .string(token.name)),
            "scopes": AuditChange(before: nil, after: .array(scopes.sorted().map { .string($0.rawValue) })),
            "apps": AuditChange(before: nil, after: appIDs.map { .array($0.sorted().map(JSONValue.string)) } ?? .string("all")),
        ]
        if let expiresAt { fields["expires_at"] = AuditChange(before: nil, after: .string(Timestamp.format(expiresAt))) }
        try await store.insert(token: token, audit: [author.entry("token.create", "token", token.id, appID: nil, changes: fields, at: now)])
        try await changes.peopleChanged()
        return (token, secret)
    }

    /// Whether it was usable until now.
    func revokeToken(_ token: APIToken, by author: ChangeAuthor) async throws -> Bool {
        let revoked = try await store.revokeToken(id: token.id, at: .now, audit: [author.entry("token.revoke", "token", token.id, appID: nil)])
        if revoked { try await changes.peopleChanged() }
        return revoked
    }

    /// Names keep to one line and a sensible length.
    static func clean(_ name: String) -> String {
        String(name.trimmingCharacters(in: .whitespacesAndNewlines).filter { !$0.isNewline }.prefix(120))
    }
}
