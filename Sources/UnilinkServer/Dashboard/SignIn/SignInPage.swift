/// The sign-in form (a person's e-mail and password; a credential below it), with why
/// the last attempt was refused.
struct SignInPage: DashboardPage {
    static let template = "sign_in"
    let title = "Sign in"
    var email: String?
    var error: String?
    /// The organisation's provider, when single sign-on is set up.
    var provider: String?
    var session: PageSession?
}

/// Signed in from another site: the page moves on to the dashboard by itself.
struct LandingPage: DashboardPage {
    static let template = "landing"
    let title = "Signed in"
    var session: PageSession?
}

/// The second factor's form, after a right password.
struct CodePage: DashboardPage {
    static let template = "sign_in_code"
    let title = "Two-factor code"
    var error: String?
    var session: PageSession?
}
