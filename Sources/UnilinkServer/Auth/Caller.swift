import UnilinkCore

/// Who is calling, once a route group's authenticator has checked the credential.
enum Caller: Sendable {
    /// The admin token: an owner of everything, no person.
    case admin
    /// An app's secret key: its links and numbers, from the team's backend.
    case secretKey(App)
    /// An app's publishable key: the SDK inside the app.
    case publishableKey(App)
    /// A person's API token, with what it may do now.
    case person(APIToken, User, Access)

    /// What the caller may do over the management API (nothing for a publishable key).
    var access: Access {
        switch self {
        case .admin: .everything
        case .secretKey(let app): .secretKey(of: app.id)
        case .publishableKey: Access(isOwner: false)
        case .person(_, _, let access): access
        }
    }

    /// How the audit log names the caller.
    var actor: AuditActor {
        switch self {
        case .admin: AuditActor(.adminToken, id: "admin")
        case .secretKey(let app): AuditActor(.secretKey, id: app.id)
        case .publishableKey(let app): AuditActor(.publishableKey, id: app.id)
        case .person(let token, let user, _): AuditActor(.apiToken, id: token.id, userID: user.id)
        }
    }
}
