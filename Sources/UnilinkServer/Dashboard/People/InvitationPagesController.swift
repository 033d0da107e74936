import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// The one-time pages that make a password: the setup link of a fresh installation (the
/// first owner) and an invitation (a new person, or a reset from `unilink users create`).
/// Both sign the person in once the password is set.
struct InvitationPagesController {
    let store: SQLStore
    let people: PeopleService
    let signIn: SignInController
    let addresses: ClientAddressResolver
    let pages: DashboardPages

    func register(on router: Router<AppRequestContext>) {
        router.get("/setup/{token}", use: setupForm)
        router.post("/setup/{token}", use: setup)
        router.get("/invitations/{token}", use: invitationForm)
        router.post("/invitations/{token}", use: accept)
    }

    struct Form: Decodable {
        var email: String?
        var name: String?
        var password: String?
        var confirm: String?
    }

    @Sendable func setupForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard try await SetupLink.isValid(token, store: store) else { return expired(setup: true) }
        return pages.render(PasswordPage(setup: true, action: SetupLink.path(token)), session: nil)
    }

    @Sendable func setup(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard try await SetupLink.isValid(token, store: store) else { return expired(setup: true) }
        let form = try await DashboardForm.decode(Form.self, request, context)
        let page = PasswordPage(setup: true, action: SetupLink.path(token), email: form.email ?? "", name: form.name ?? "")
        let address = addresses.address(request, context)
        return try await choose(form, on: page, request: request, address: address, credential: "setup_link") {
            guard
                let user = try await people.createFirstOwner(
                    email: form.email ?? "", name: form.name ?? "", password: form.password ?? "", address: address)
            else { return nil }
            try await store.setSetting(SetupLink.settingName, to: "")
            return user
        }
    }

    @Sendable func invitationForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard let invitation = try await store.openInvitation(tokenHash: Identifiers.hash(token), at: .now) else { return expired(setup: false) }
        let existing = try await store.user(email: invitation.email)
        return pages.render(
            PasswordPage(setup: false, action: "/invitations/\(token)", email: invitation.email, name: existing?.name ?? "", fixedEmail: true),
            session: nil)
    }

    @Sendable func accept(_ request: Request, context: AppRequestContext) async throws -> Response {
        let token = try context.parameters.require("token")
        guard let invitation = try await store.openInvitation(tokenHash: Identifiers.hash(token), at: .now) else { return expired(setup: false) }
        let form = try await DashboardForm.decode(Form.self, request, context)
        let page = PasswordPage(setup: false, action: "/invitations/\(token)", email: invitation.email, name: form.name ?? "", fixedEmail: true)
        let address = addresses.address(request, context)
        return try await choose(form, on: page, request: request, address: address, credential: "invitation") {
            try await people.accept(token: token, name: form.name ?? "", password: form.password ?? "", address: address)
        }
    }

    /// A password chosen on `page`: checked, then `make` makes the account (nil: the link
    /// was used meanwhile), and the person is signed in; a refusal is the page again saying why.
    private func choose(
        _ form: Form, on page: PasswordPage, request: Request, address: String?, credential: String, make: () async throws -> User?
    ) async throws -> Response {
        var page = page
        if let problem = Self.mismatch(form) {
            page.error = problem
            return pages.render(page, session: nil, status: .badRequest)
        }
        let user: User?
        do {
            user = try await make()
        } catch let error as APIError {
            page.error = Self.sentence(error.message)
            return pages.render(page, session: nil, status: error.status)
        }
        guard let user else { return expired(setup: credential == "setup_link") }
        return try await signIn.open(user: user, awaitingCode: false, request: request, address: address, credential: credential)
    }

    private static func mismatch(_ form: Form) -> String? {
        if let problem = Passwords.problem(with: form.password ?? "") { return sentence(problem) }
        return form.password == form.confirm ? nil : "The two passwords differ."
    }

    private static func sentence(_ text: String) -> String { text.prefix(1).uppercased() + text.dropFirst() + "." }

    private func expired(setup: Bool) -> Response {
        let text =
            setup
            ? "This setup link is not valid: it was used, it expired, or someone has an account already. Restart the server for a new one while no one has an account, or run 'unilink users create --owner EMAIL'."
            : "This invitation is not valid: it was used or it expired. Ask for a new one."
        return pages.render(MessagePage(heading: "Link not valid", text: text), session: nil, status: .notFound)
    }
}

/// Choosing a password: the first owner's (with their e-mail address) or an invited person's.
struct PasswordPage: DashboardPage {
    static let template = "password"
    var title: String
    var heading: String
    var action: String
    var email: String
    var name: String
    /// An invitation is for one address; the setup link asks for it.
    var fixedEmail: Bool
    var error: String?
    var session: PageSession?

    init(setup: Bool, action: String, email: String = "", name: String = "", fixedEmail: Bool = false) {
        title = setup ? "Set up Unilink" : "Join Unilink"
        heading = setup ? "Create the first owner" : "Choose your password"
        self.action = action
        self.email = email
        self.name = name
        self.fixedEmail = fixedEmail
    }
}
