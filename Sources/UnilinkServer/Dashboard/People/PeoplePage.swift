import UnilinkCore

/// The organisation's people, for its owners: who they are, what they have, and the
/// invitations to pass on.
struct PeoplePage: DashboardPage {
    struct Person: Sendable {
        let id: String
        let email: String
        let name: String
        let owner: Bool
        let disabled: Bool
        let twoFactor: Bool
        let pending: Bool
        let apps: String
    }

    static let template = "people"
    let title = "People"
    var people: [Person]
    /// A one-time link just made: shown this once.
    var invitationURL: String?
    var invitedEmail: String?
    var notice: String?
    var error: String?
    var session: PageSession?

    init(_ snapshot: PeopleDirectory.Snapshot, appNames: [String: String]) {
        people = snapshot.users.values.sorted { $0.email < $1.email }.map { user in
            let roles = (snapshot.roles[user.id] ?? [:]).sorted { $0.key < $1.key }
            return Person(
                id: user.id, email: user.email, name: user.name, owner: user.isOwner, disabled: user.isDisabled, twoFactor: user.totpSecret != nil,
                pending: user.passwordHash == nil,
                apps: user.isOwner ? "all (owner)" : roles.map { "\(appNames[$0.key] ?? $0.key): \($0.value.rawValue)" }.joined(separator: ", "))
        }
    }
}

/// The audit log, of the organisation or of one app.
struct AuditLogPage: DashboardPage {
    struct Entry: Sendable {
        let time: Moment
        let actor: String
        let action: String
        let object: String
        let changes: String
        let address: String
    }

    static let template = "audit"
    let title = "Audit log"
    var heading: String
    var entries: [Entry]
    /// The next, older page.
    var next: String?
    var session: PageSession?
}
