import Foundation
import HTTPTypes
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// The dashboard's door: the home page (the sign-in form, or the apps), signing in and
/// out, and the page for an address the dashboard does not have.
struct SignInController {
    let store: any SessionStore & AuditStore
    let directory: HostDirectory
    let addresses: ClientAddressResolver
    let rateLimiter: RateLimiter
    let sessionHours: Int
    let pages: DashboardPages
    static let signInPolicy = RateLimitPolicy(name: "dashboard_sign_in", quota: 10, window: 60)

    /// Signing in reads no session, so it is registered on the router itself, outside the
    /// authenticator; signing out needs one.
    func register(on router: Router<AppRequestContext>, visitors: RouterGroup<DashboardContext>, signedIn: RouterGroup<SignedInContext>) {
        router.post("/sign-in", use: signIn)
        visitors.get("/", use: home)
        visitors.get("/**", use: notFound)
        signedIn.post("/sign-out", use: signOut)
    }

    @Sendable func home(_ request: Request, context: DashboardContext) async throws -> Response {
        guard let session = context.identity else { return pages.render(SignInPage(), session: nil) }
        if let appID = session.appID { return .redirect(to: "/apps/\(appID)") }
        return pages.render(AppListPage(directory.current.apps.values), session: session)
    }

    /// Every attempt counts against the visitor address's limit (10 a minute), right or
    /// wrong: counting only wrong tokens would check before the token is read and charge
    /// after, and guesses sent at once would all pass the check before any was charged. A
    /// person signs in a few times a day. A wrong token says nothing about which kind it
    /// was meant to be.
    @Sendable func signIn(_ request: Request, context: AppRequestContext) async throws -> Response {
        let address = addresses.address(request, context)
        let decision = rateLimiter.check(Self.signInPolicy, key: RateLimiter.key("dashboard_sign_in", address))
        guard decision.allowed else {
            return pages.render(
                SignInPage(error: "Too many sign-in attempts from this address; wait a minute and try again."),
                session: nil, status: .tooManyRequests)
        }
        struct Form: Decodable { var token: String? }
        let form = try await DashboardForm.decode(Form.self, request, context)
        let token = (form.token ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
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
            return pages.render(SignInPage(error: "That is not a valid admin token or secret key."), session: nil, status: .unauthorized)
        }
        let sessionToken = DashboardSession.newToken()
        let now = Date.now, lifetime = sessionHours * 3600
        let tokenHash = Identifiers.hash(sessionToken)
        try await store.insert(
            session: DashboardSessionRecord(
                tokenHash: tokenHash, appID: appID, createdAt: now, expiresAt: now.addingTimeInterval(TimeInterval(lifetime))
            ))
        let session = String(tokenHash.prefix(DashboardSession.auditIDLength))
        try await store.append(
            audit: ChangeAuthor(actor: AuditActor(.dashboard, id: session), address: address).entry(
                "dashboard.sign_in", "session", session, appID: appID,
                changes: ["credential": AuditChange(before: nil, after: .string(appID == nil ? "admin_token" : "secret_key"))], at: now))
        var response = Response.redirect(to: "/")
        response.setCookie(DashboardSession.cookie(token: sessionToken, maxAge: lifetime, secure: Self.cameOverTLS(request)))
        return response
    }

    @Sendable func signOut(_ request: Request, context: SignedInContext) async throws -> Response {
        struct Form: Decodable { var csrf: String? }
        try context.session.checkCSRF(try await DashboardForm.decode(Form.self, request, context).csrf)
        try await store.deleteSession(tokenHash: context.session.tokenHash)
        let author = context.author
        try await store.append(audit: author.entry("dashboard.sign_out", "session", author.actor.id, appID: context.session.appID))
        var response = Response.redirect(to: "/")
        response.setCookie(DashboardSession.cookie(token: "", maxAge: 0, secure: Self.cameOverTLS(request)))
        return response
    }

    @Sendable func notFound(_ request: Request, context: DashboardContext) async throws -> Response {
        pages.render(
            MessagePage(heading: "Not found", text: "There is no dashboard page at this address."), session: context.identity, status: .notFound)
    }

    static func cameOverTLS(_ request: Request) -> Bool {
        request.uri.scheme?.rawValue == "https" || request.headers[HTTPField.Name("X-Forwarded-Proto")!]?.lowercased() == "https"
    }
}
