import UnilinkCore

/// What a signed-in page shows of its session: who is signed in, in the head, and the CSRF
/// token every form carries (`{{session.csrf}}`).
struct PageSession: Sendable {
    let who: String
    let csrf: String
    /// A person (not a credential): their account page.
    var person = false
    /// The organisation's owners: people and the organisation's audit log.
    var owner = false

    init(who: String, csrf: String) {
        self.who = who
        self.csrf = csrf
    }

    init(_ session: DashboardSession) {
        person = session.user != nil
        owner = session.access.isOwner
        who = session.user?.email ?? session.appID.map { "app \($0)" } ?? "admin token"
        csrf = session.csrfToken
    }
}
