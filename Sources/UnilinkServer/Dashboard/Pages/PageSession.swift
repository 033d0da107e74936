/// What a signed-in page shows of its session: who is signed in, in the head, and the CSRF
/// token every form carries (`{{session.csrf}}`).
struct PageSession: Sendable {
    let who: String
    let csrf: String

    init(who: String, csrf: String) {
        self.who = who
        self.csrf = csrf
    }

    init(_ session: DashboardSession) {
        who = session.isAdmin ? "admin" : "app \(session.appID ?? "")"
        csrf = session.csrfToken
    }
}
