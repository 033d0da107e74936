import Foundation
import HTTPTypes
import Hummingbird
import Logging
import UnilinkCore
import UnilinkStorage

/// Signing in through the organisation's OpenID Connect provider: the authorization code
/// flow with PKCE, `state` bound to this browser by a cookie and usable once on any
/// instance, `nonce` checked in the ID token. A refusal is a page saying why, and nothing
/// is created; a first sign-in makes an account only for the allowed domains.
struct SingleSignOnController {
    let client: OpenIDClient
    let settings: SingleSignOnSettings
    let store: SQLStore
    let people: PeopleService
    let signIn: SignInController
    let address: DashboardAddress
    let addresses: ClientAddressResolver
    let rateLimiter: RateLimiter
    let pages: DashboardPages

    static let cookieName = "unilink_sso"
    /// How long the provider may take to send the person back.
    static let minutes = 10

    func register(on router: Router<AppRequestContext>) {
        router.get("/sign-in/sso", use: start)
        router.get("/sign-in/sso/callback", use: callback)
    }

    @Sendable func start(_ request: Request, context: AppRequestContext) async throws -> Response {
        let visitor = addresses.address(request, context)
        guard rateLimiter.check(SignInController.signInPolicy, key: RateLimiter.key("dashboard_sign_in", visitor)).allowed else {
            return refusal("Too many sign-in attempts from this address; wait a minute and try again.", status: .tooManyRequests)
        }
        let state = Identifiers.random(43), nonce = Identifiers.random(43), verifier = Identifiers.random(64)
        let redirect = address.url("/sign-in/sso/callback", for: request)
        let target: String
        do {
            target = try await client.authorizationURL(state: state, nonce: nonce, verifier: verifier, redirectURI: redirect)
        } catch let failure as OpenIDClient.Failure {
            context.logger.warning("single sign-on could not start", metadata: ["reason": "\(failure)"])
            return refusal("Single sign-on is not available: \(failure).", status: .badGateway)
        }
        try await store.insert(
            login: SingleSignOnLogin(
                stateHash: Identifiers.hash(state), nonce: nonce, verifier: verifier, redirectURI: redirect,
                expiresAt: .now.addingTimeInterval(TimeInterval(Self.minutes * 60))))
        var response = Response.redirect(to: target)
        // Lax: the provider's redirect back is a navigation from another site.
        response.setCookie(
            Cookie(
                name: Self.cookieName, value: state, maxAge: Self.minutes * 60, path: "/sign-in/sso", secure: SignInController.cameOverTLS(request),
                httpOnly: true, sameSite: .lax))
        return response
    }

    @Sendable func callback(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        let visitor = addresses.address(request, context)
        if let error = query["error"] {
            return try await refused("the provider refused the sign-in (\(String(error.prefix(100))))", address: visitor)
        }
        guard let state = query["state"].map(String.init), !state.isEmpty else {
            return try await refused("the provider's answer has no state", address: visitor)
        }
        guard let cookie = request.cookies[Self.cookieName]?.value, ConstantTime.equals(cookie, state) else {
            return try await refused("this sign-in was not started in this browser", address: visitor)
        }
        guard let login = try await store.takeLogin(stateHash: Identifiers.hash(state), at: .now) else {
            return try await refused("this sign-in was used already or took too long; start again", address: visitor)
        }
        guard let code = query["code"].map(String.init), !code.isEmpty else {
            return try await refused("the provider's answer has no code", address: visitor)
        }
        let claims: IDTokenClaims
        do {
            claims = try await client.claims(forCode: code, verifier: login.verifier, redirectURI: login.redirectURI).0
        } catch let failure as OpenIDClient.Failure {
            return try await refused(failure.description, address: visitor)
        }
        if let refusal = IDTokenCheck.refusal(
            claims, issuer: settings.issuer, clientID: settings.clientID, nonce: login.nonce, allowedDomains: settings.allowedDomains, now: .now)
        {
            return try await refused(refusal.description, address: visitor, email: claims.email)
        }
        let email = User.normalize(email: claims.email ?? "")
        let granted = settings.groupsClaim == nil ? (isOwner: false, roles: [:]) : settings.groupRoles.apply(claims.groups)
        var user = try await store.user(email: email)
        if user == nil {
            guard IDTokenCheck.mayCreateAccount(email: email, allowedDomains: settings.allowedDomains) else {
                return try await refused(
                    "no one has an account with \(email), and only addresses at the organisation's domains get one", address: visitor, email: email)
            }
            user = try await people.createFromSingleSignOn(
                email: email, name: claims.name ?? "", isOwner: granted.isOwner, roles: granted.roles, address: visitor)
        }
        guard var person = user, !person.isDisabled else { return try await refused("the account is disabled", address: visitor, email: email) }
        person = try await people.grant(
            person, isOwner: granted.isOwner, roles: granted.roles,
            by: ChangeAuthor(actor: AuditActor(.user, id: person.id, userID: person.id), address: visitor))
        var response = try await signIn.open(
            user: person, awaitingCode: false, request: request, address: visitor, credential: "single_sign_on", landing: true)
        response.setCookie(Cookie(name: Self.cookieName, value: "", maxAge: 0, path: "/sign-in/sso", httpOnly: true, sameSite: .lax))
        return response
    }

    /// A refused callback: recorded as a failed sign-in, answered with a page saying why.
    private func refused(_ reason: String, address: String?, email: String? = nil) async throws -> Response {
        var changes = ["single_sign_on": AuditChange(before: nil, after: .string(reason))]
        if let email { changes["email"] = AuditChange(before: nil, after: .string(String(email.prefix(254)))) }
        try await store.append(
            audit: ChangeAuthor(actor: AuditActor(.anonymous, id: ""), address: address).entry(
                "dashboard.sign_in_failed", "session", "", appID: nil, changes: changes))
        return refusal("Signing in through \(settings.name) was refused: \(reason). Nothing was changed.", status: .badRequest)
    }

    private func refusal(_ text: String, status: HTTPResponse.Status) -> Response {
        pages.render(MessagePage(heading: "Not signed in", text: text), session: nil, status: status)
    }
}
