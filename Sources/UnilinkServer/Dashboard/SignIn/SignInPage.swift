/// The sign-in form, with why the last attempt was refused.
struct SignInPage: DashboardPage {
    static let template = "sign_in"
    let title = "Sign in"
    var error: String?
    var session: PageSession?
}
