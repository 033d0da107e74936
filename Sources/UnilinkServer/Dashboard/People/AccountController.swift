import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// A person's own account: their password, their second factor, where they are signed in
/// (each session can be ended, or all but this one), and their API tokens.
struct AccountController {
    let store: any SessionStore & PeopleStore & AuditStore
    let people: PeopleService
    let directory: HostDirectory
    let pages: DashboardPages

    func register(on group: RouterGroup<SignedInContext>) {
        group.get("/account", use: account)
        group.post("/account/password", use: changePassword)
        group.get("/account/two-factor", use: twoFactorForm)
        group.post("/account/two-factor", use: enableTwoFactor)
        group.post("/account/two-factor/disable", use: disableTwoFactor)
        group.post("/account/sessions/{id}/end", use: endSession)
        group.post("/account/sessions/end-others", use: endOtherSessions)
        group.post("/account/tokens", use: createToken)
        group.post("/account/tokens/{id}/revoke", use: revokeToken)
    }

    @Sendable func account(_ request: Request, context: SignedInContext) async throws -> Response {
        try await page(context)
    }

    struct PasswordForm: Decodable {
        var csrf: String?
        var current: String?
        var password: String?
        var confirm: String?
    }

    /// The current password first: a session left open on a shared screen does not give
    /// the account away.
    @Sendable func changePassword(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        let form = try await DashboardForm.decode(PasswordForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        guard try await people.passwords.verify(form.current ?? "", hash: user.passwordHash) else {
            return try await page(context, error: "The current password is not right.", status: .badRequest)
        }
        if let problem = Passwords.problem(with: form.password ?? "") { return try await page(context, error: problem, status: .badRequest) }
        guard form.password == form.confirm else { return try await page(context, error: "The two new passwords differ.", status: .badRequest) }
        var changed = user
        changed.passwordHash = try await people.passwords.hash(form.password ?? "")
        try await people.update(user, to: changed, by: context.author)
        // Anyone who knew the old password is signed out everywhere else.
        try await store.deleteSessions(userID: user.id, except: context.session.tokenHash)
        return try await page(context, notice: "Password changed; your other sessions were signed out.")
    }

    @Sendable func twoFactorForm(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        guard user.passwordHash != nil else {
            throw DashboardError.forbidden("You sign in through your organisation's provider: it asks for the second factor.")
        }
        return pages.render(TwoFactorPage(secret: SecondFactor.newSecret(), account: user.email), session: context.session)
    }

    struct TwoFactorForm: Decodable {
        var csrf: String?
        var secret: String?
        var code: String?
    }

    /// On only once a code from the new secret was right: a mistyped secret cannot lock
    /// the person out.
    @Sendable func enableTwoFactor(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        guard user.passwordHash != nil else {
            throw DashboardError.forbidden("You sign in through your organisation's provider: it asks for the second factor.")
        }
        let form = try await DashboardForm.decode(TwoFactorForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        let secret = form.secret ?? ""
        guard secret.count == 20, secret.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) }) else {
            throw DashboardError.badRequest("The form was changed; start again.")
        }
        guard let step = SecondFactor.step(of: form.code ?? "", secret: secret, at: .now) else {
            var page = TwoFactorPage(secret: secret, account: user.email)
            page.error = "That code is not right. Check the time on your phone and try the current code."
            return pages.render(page, session: context.session, status: .badRequest)
        }
        var changed = user
        changed.totpSecret = secret
        changed.totpLastStep = step
        try await people.update(user, to: changed, by: context.author)
        return try await page(context, notice: "Two-factor sign-in is on.")
    }

    @Sendable func disableTwoFactor(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        let form = try await DashboardForm.decode(PasswordForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        guard try await people.passwords.verify(form.current ?? "", hash: user.passwordHash) else {
            return try await page(context, error: "The password is not right.", status: .badRequest)
        }
        var changed = user
        changed.totpSecret = nil
        changed.totpLastStep = nil
        try await people.update(user, to: changed, by: context.author)
        return try await page(context, notice: "Two-factor sign-in is off.")
    }

    struct CSRFForm: Decodable { var csrf: String? }

    @Sendable func endSession(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        try context.session.checkCSRF(try await DashboardForm.decode(CSRFForm.self, request, context).csrf)
        let id = try context.parameters.require("id")
        guard let session = try await store.sessions(userID: user.id, at: .now).first(where: { $0.tokenHash.hasPrefix(id) && id.count >= 12 })
        else { throw DashboardError.notFound("No session of yours has that id.") }
        try await store.deleteSession(tokenHash: session.tokenHash)
        let ended = String(session.tokenHash.prefix(DashboardSession.auditIDLength))
        try await store.append(audit: context.author.entry("dashboard.session.end", "session", ended, appID: nil))
        if session.tokenHash == context.session.tokenHash { return .redirect(to: "/") }
        return try await page(context, notice: "That session is signed out.")
    }

    @Sendable func endOtherSessions(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        try context.session.checkCSRF(try await DashboardForm.decode(CSRFForm.self, request, context).csrf)
        let ended = try await store.deleteSessions(userID: user.id, except: context.session.tokenHash)
        try await store.append(
            audit: context.author.entry(
                "dashboard.session.end_others", "user", user.id, appID: nil,
                changes: ["sessions": AuditChange(before: .number(Double(ended)), after: .number(0))]))
        return try await page(context, notice: "Signed out of \(ended) other session\(ended == 1 ? "" : "s").")
    }

    struct TokenForm: Decodable {
        var csrf: String?
        var name: String?
        var scopes: [String]?
        var apps: [String]?
        var days: Int?
    }

    @Sendable func createToken(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        let form = try await DashboardForm.decode(TokenForm.self, request, context)
        try context.session.checkCSRF(form.csrf)
        let name = PeopleService.clean(form.name ?? "")
        let scopes = Set((form.scopes ?? []).compactMap(Scope.init))
        guard !name.isEmpty, !scopes.isEmpty else {
            return try await page(context, error: "A token needs a name and at least one scope.", status: .badRequest)
        }
        let apps = (form.apps ?? []).isEmpty ? nil : Set(form.apps ?? [])
        for app in apps ?? [] where !context.session.access.sees(app: app) {
            return try await page(context, error: "You are not a member of the app '\(app)'.", status: .badRequest)
        }
        let days = form.days ?? 90
        guard (0...3650).contains(days) else { return try await page(context, error: "Expiry must be 0 (never) to 3650 days.", status: .badRequest) }
        let expiry = days == 0 ? nil : Date.now.addingTimeInterval(TimeInterval(days) * 86_400)
        let (_, secret) = try await people.createToken(for: user, name: name, scopes: scopes, appIDs: apps, expiresAt: expiry, by: context.author)
        return try await page(context, newToken: secret)
    }

    @Sendable func revokeToken(_ request: Request, context: SignedInContext) async throws -> Response {
        let user = try person(context)
        try context.session.checkCSRF(try await DashboardForm.decode(CSRFForm.self, request, context).csrf)
        let id = try context.parameters.require("id")
        guard let token = try await store.apiToken(id: id), token.userID == user.id else {
            throw DashboardError.notFound("No token of yours has that id.")
        }
        _ = try await people.revokeToken(token, by: context.author)
        return try await page(context, notice: "Token “\(token.name)” revoked.")
    }

    private func person(_ context: SignedInContext) throws -> User {
        guard let user = context.session.user else {
            throw DashboardError.forbidden("A session opened with a token has no account. Sign in with your e-mail address.")
        }
        return user
    }

    private func page(
        _ context: SignedInContext, notice: String? = nil, error: String? = nil, newToken: String? = nil, status: HTTPResponse.Status = .ok
    ) async throws -> Response {
        let user = try person(context)
        let fresh = try await store.user(id: user.id) ?? user
        let sessions = try await store.sessions(userID: user.id, at: .now)
        let tokens = try await store.apiTokens(userID: user.id)
        let apps = directory.current.apps.values.filter { context.session.access.sees(app: $0.id) }.sorted { $0.name < $1.name }
        var page = AccountPage(user: fresh, sessions: sessions, current: context.session.tokenHash, tokens: tokens, apps: apps)
        page.notice = notice
        page.error = error
        page.newToken = newToken
        return pages.render(page, session: context.session, status: status)
    }
}
