import Foundation
import HTTPTypes
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// The dashboard's door: the home page (the sign-in form, or the apps), signing in with
/// an e-mail address and password (and the second factor) or with a credential (the admin
/// token, an app's secret key), signing out, and the page for an address the dashboard
/// does not have.
struct SignInController {
    let store: any SessionStore & AuditStore
    let directory: HostDirectory
    let people: PeopleDirectory
    let passwords: PasswordSignIn
    let addresses: ClientAddressResolver
    let rateLimiter: RateLimiter
    let sessionHours: Int
    /// The organisation's provider's name, when single sign-on is set up.
    let provider: String?
    let pages: DashboardPages
    static let signInPolicy = RateLimitPolicy(name: "dashboard_sign_in", quota: 10, window: 60)
    /// How long a sign-in waits for its second factor.
    static let codeMinutes = 5

    /// Signing in reads no session, so it is registered on the router itself, outside the
    /// authenticator; signing out needs one.
    func register(on router: Router<AppRequestContext>, visitors: RouterGroup<DashboardContext>, signedIn: RouterGroup<SignedInContext>) {
        router.post("/sign-in", use: signIn)
        router.get("/sign-in/code", use: codeForm)
        router.post("/sign-in/code", use: code)
        visitors.get("/", use: home)
        visitors.get("/**", use: notFound)
        signedIn.post("/sign-out", use: signOut)
    }

    @Sendable func home(_ request: Request, context: DashboardContext) async throws -> Response {
        guard let session = context.identity else { return pages.render(SignInPage(provider: provider), session: nil) }
        let visible = directory.current.apps.values.filter { session.access.sees(app: $0.id) }
        if !session.access.isOwner, visible.count == 1, let only = visible.first { return .redirect(to: "/apps/\(only.id)") }
        return pages.render(AppListPage(visible, canCreate: session.allows(.appsWrite, app: nil)), session: session)
    }

    /// Every attempt counts against the visitor address's limit (10 a minute), right or
    /// wrong: counting only wrong ones would check before the password is read and charge
    /// after, and guesses sent at once would all pass the check before any was charged. A
    /// person signs in a few times a day. A refusal never says which part was wrong.
    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let address = addresses.address(request, context)
        guard rateLimiter.check(Self.signInPolicy, key: RateLimiter.key("dashboard_sign_in", address)).allowed else {
            return pages.render(
                SignInPage(error: "Too many sign-in attempts from this address; wait a minute and try again.", provider: provider),
                session: nil, status: .tooManyRequests)
        }
        struct Form: Decodable {
            var email: String?
            var password: String?
            var token: String?
        }
        let form = try await DashboardForm.decode(Form.self, request, context)
        if let email = form.email, !email.isEmpty {
            return try await signIn(email: email, password: form.password ?? "", request: request, address: address)
        }
        return try await signIn(credential: (form.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines), request: request, address: address)
    }

    private func signIn(email: String, password: String, request: Request, address: String?) async throws -> Response {
        switch try await passwords.attempt(email: email, password: password, address: address) {
        case .tooManyFailures:
            return pages.render(
                SignInPage(email: email, error: "Too many failed sign-ins for this account; wait 15 minutes and try again.", provider: provider),
                session: nil, status: .tooManyRequests)
        case .refused:
            return pages.render(
                SignInPage(email: email, error: "That e-mail address and password do not match an account that can sign in.", provider: provider),
                session: nil, status: .unauthorized)
        case .signedIn(let user):
            return try await open(user: user, awaitingCode: false, request: request, address: address, credential: "password")
        case .needsCode(let user):
            return try await open(user: user, awaitingCode: true, request: request, address: address, credential: "password")
        }
    }

    private func signIn(credential token: String, request: Request, address: String?) async throws -> Response {
        let snapshot = directory.current
        var appID: String??
        if snapshot.isAdminToken(token) {
            appID = .some(nil)
        } else if case .success(let app) = snapshot.app(forSecretKey: token) {
            appID = .some(app.id)
        }
        guard let appID else {
            try await store.append(
                audit: ChangeAuthor(actor: AuditActor(.anonymous, id: ""), address: address).entry(
                    "dashboard.sign_in_failed", "session", "", appID: nil))
            return pages.render(
                SignInPage(error: "That is not a valid admin token or secret key.", provider: provider), session: nil, status: .unauthorized)
        }
        let (record, token) = newSession(userID: nil, appID: appID, request: request, address: address, awaitingCode: false)
        try await store.insert(session: record)
        let session = String(record.tokenHash.prefix(DashboardSession.auditIDLength))
        try await store.append(
            audit: ChangeAuthor(actor: AuditActor(.dashboard, id: session), address: address).entry(
                "dashboard.sign_in", "session", session, appID: appID,
                changes: ["credential": AuditChange(before: nil, after: .string(appID == nil ? "admin_token" : "secret_key"))],
                at: record.createdAt))
        return signedIn(token: token, record: record, request: request)
    }

    /// A session for `user`: signed in, or waiting for the second factor for a few minutes.
    /// `landing` a page that moves on to `/` itself, for a sign-in that arrives from another
    /// site (the provider's redirect): the session's cookie is `SameSite=Strict`, so a
    /// redirect of that same navigation would arrive without it.
    func open(user: User, awaitingCode: Bool, request: Request, address: String?, credential: String, landing: Bool = false) async throws
        -> Response
    {
        let (record, token) = newSession(userID: user.id, appID: nil, request: request, address: address, awaitingCode: awaitingCode)
        try await store.insert(session: record)
        if awaitingCode {
            var response = Response.redirect(to: "/sign-in/code")
            response.setCookie(DashboardSession.cookie(token: token, maxAge: Self.codeMinutes * 60, secure: Self.cameOverTLS(request)))
            return response
        }
        try await auditSignIn(user: user, record: record, address: address, credential: credential)
        guard landing else { return signedIn(token: token, record: record, request: request) }
        var response = pages.render(LandingPage(), session: nil)
        response.setCookie(
            DashboardSession.cookie(
                token: token, maxAge: Int(record.expiresAt.timeIntervalSince(record.createdAt)), secure: Self.cameOverTLS(request)))
        return response
    }

    @Sendable func codeForm(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard try await pending(request) != nil else { return .redirect(to: "/") }
        return pages.render(CodePage(), session: nil)
    }

    /// The second factor: right, the waiting session is signed in; wrong five times, it ends.
    @Sendable func code(_ request: Request, context: AppRequestContext) async throws -> Response {
        let address = addresses.address(request, context)
        guard rateLimiter.check(Self.signInPolicy, key: RateLimiter.key("dashboard_sign_in", address)).allowed else {
            return pages.render(CodePage(error: "Too many attempts from this address; wait a minute."), session: nil, status: .tooManyRequests)
        }
        guard let (record, user) = try await pending(request) else { return .redirect(to: "/") }
        struct Form: Decodable { var code: String? }
        let form = try await DashboardForm.decode(Form.self, request, context)
        switch try await passwords.confirm(code: form.code ?? "", user: user, address: address) {
        case .accepted:
            let expiry = Date.now.addingTimeInterval(TimeInterval(sessionHours * 3600))
            try await store.confirmSecondFactor(tokenHash: record.tokenHash, expiresAt: expiry)
            try await auditSignIn(user: user, record: record, address: address, credential: "password+totp")
            var response = Response.redirect(to: "/")
            guard let token = DashboardSession.cookieToken(request) else { return response }
            response.setCookie(DashboardSession.cookie(token: token, maxAge: sessionHours * 3600, secure: Self.cameOverTLS(request)))
            return response
        case .wrong:
            return pages.render(
                CodePage(error: "That code is not right (or was used already). Try the current one."), session: nil, status: .unauthorized)
        case .exhausted:
            try await store.deleteSession(tokenHash: record.tokenHash)
            return pages.render(
                SignInPage(error: "Too many wrong codes; sign in again in 15 minutes.", provider: provider), session: nil, status: .tooManyRequests)
        }
    }

    /// The sign-in of the cookie that waits for its second factor, and its person.
    private func pending(_ request: Request) async throws -> (DashboardSessionRecord, User)? {
        guard let token = DashboardSession.cookieToken(request),
            let record = try await store.session(tokenHash: Identifiers.hash(token), at: .now), record.awaitingCode,
            let userID = record.userID, let user = people.current.users[userID], !user.isDisabled
        else { return nil }
        return (record, user)
    }

    @Sendable func signOut(_ request: Request, context: SignedInContext) async throws -> Response {
        struct Form: Decodable { var csrf: String? }
        try context.session.checkCSRF(try await DashboardForm.decode(Form.self, request, context).csrf)
        try await store.deleteSession(tokenHash: context.session.tokenHash)
        try await store.append(audit: context.author.entry("dashboard.sign_out", "session", context.session.shortID, appID: context.session.appID))
        var response = Response.redirect(to: "/")
        response.setCookie(DashboardSession.cookie(token: "", maxAge: 0, secure: Self.cameOverTLS(request)))
        return response
    }

    @Sendable func notFound(_ request: Request, context: DashboardContext) async throws -> Response {
        pages.render(
            MessagePage(heading: "Not found", text: "There is no dashboard page at this address."), session: context.identity, status: .notFound)
    }

    private func newSession(userID: String?, appID: String?, request: Request, address: String?, awaitingCode: Bool) -> (
        DashboardSessionRecord, String
    ) {
        let token = DashboardSession.newToken(), now = Date.now
        let lifetime = awaitingCode ? Self.codeMinutes * 60 : sessionHours * 3600
        let record = DashboardSessionRecord(
            tokenHash: Identifiers.hash(token), userID: userID, appID: appID, createdAt: now,
            expiresAt: now.addingTimeInterval(TimeInterval(lifetime)),
            address: address, userAgent: request.headers[.userAgent].map { String($0.prefix(300)) }, awaitingCode: awaitingCode)
        return (record, token)
    }

    private func auditSignIn(user: User, record: DashboardSessionRecord, address: String?, credential: String) async throws {
        let session = String(record.tokenHash.prefix(DashboardSession.auditIDLength))
        try await store.append(
            audit: ChangeAuthor(actor: AuditActor(.user, id: user.id, userID: user.id), address: address).entry(
                "dashboard.sign_in", "session", session, appID: nil, changes: ["credential": AuditChange(before: nil, after: .string(credential))]))
    }

    private func signedIn(token: String, record: DashboardSessionRecord, request: Request) -> Response {
        var response = Response.redirect(to: "/")
        response.setCookie(
            DashboardSession.cookie(
                token: token, maxAge: Int(record.expiresAt.timeIntervalSince(record.createdAt)), secure: Self.cameOverTLS(request)))
        return response
    }

    static func cameOverTLS(_ request: Request) -> Bool {
        request.uri.scheme?.rawValue == "https" || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }
}
