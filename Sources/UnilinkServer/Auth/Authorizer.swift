import Hummingbird
import UnilinkCore
import UnilinkStorage

/// The one place that decides what a caller may do, for the API and the dashboard alike:
/// every management route is registered with the scope it needs and where its app is
/// (`route`), and a handler runs only after `grant` allowed it. The decision itself is
/// `Access.refusal`; this finds the app it is about.
struct Authorizer: Sendable {
    let directory: HostDirectory
    let links: any LinkStore

    /// Where a route's app comes from.
    enum Target: Sendable {
        /// Across the organisation (creating apps, people).
        case organisation
        /// The `{id}` of an `/v1/apps/{id}/...` path.
        case appInPath
        /// The app of the link whose id is the path's `{id}`.
        case linkInPath
        /// A secret key's own app; for a person, `?app_id=`, or the one app they have.
        case chosenApp
        /// `?app_id=` when given, else the organisation.
        case appInQueryOrOrganisation
        /// A list the handler filters to what the caller sees: only a token's scope is checked.
        case visibleApps
        /// The caller's own account and tokens (a person's token, or the admin token that
        /// names a person): no scope, the handler acts on no one else's.
        case ownAccount
    }

    /// What `scope` on `target` grants `access`, or the error that refuses it: an app the
    /// caller cannot see is not found (its existence is not told), a scope it lacks is a
    /// 403 naming the scope.
    func grant(
        _ scope: Scope?, _ target: Target, caller: Caller, access: Access, request: Request, parameters: Parameters
    ) async throws -> APIContext.Grant {
        var grant = APIContext.Grant()
        let appID: String?
        switch target {
        case .ownAccount:
            if case .secretKey = caller { throw APIError.forbidden("an app's secret key is no one's account: use a person's API token") }
            return grant
        case _ where scope == nil:
            throw APIError(.internalServerError, "internal", "the route needs a scope")
        case .organisation:
            appID = nil
        case .visibleApps:
            if let scopes = access.scopes, let scope, !scopes.contains(scope) { throw Self.refused(.missingScope(scope)) }
            return grant
        case .appInPath:
            appID = try parameters.require("id")
        case .linkInPath:
            let id = try parameters.require("id")
            guard let link = try await links.link(id: id) else { throw APIError.notFound("no link has the id '\(id)'") }
            // Link ids are random: saying that one exists tells nothing about its app.
            if let appIDs = access.appIDs, !appIDs.contains(link.appID) { throw Self.refused(.appNotListed(link.appID)) }
            guard access.sees(app: link.appID) else { throw APIError.forbidden("the link '\(id)' belongs to an app you do not have") }
            grant.link = link
            appID = link.appID
        case .chosenApp:
            appID = try chosenApp(access: access, request: request)
        case .appInQueryOrOrganisation:
            appID = request.uri.queryParameters["app_id"].map(String.init)
        }
        if let appID {
            guard let app = directory.current.apps[appID] else { throw APIError.notFound("no app has the id '\(appID)'") }
            // A token limited to some apps is told so; an app a person does not have is not theirs to know of.
            if let appIDs = access.appIDs, !appIDs.contains(appID) { throw Self.refused(.appNotListed(appID)) }
            guard access.sees(app: appID) else { throw APIError.notFound("no app has the id '\(appID)'") }
            grant.app = app
        }
        if let scope, let refusal = access.refusal(scope, app: appID) { throw Self.refused(refusal) }
        return grant
    }

    private func chosenApp(access: Access, request: Request) throws -> String {
        if let named = request.uri.queryParameters["app_id"] {
            guard !named.isEmpty else { throw APIError.badRequest("'app_id' must not be empty") }
            return String(named)
        }
        let visible = access.visible(directory.current.apps.keys)
        guard visible.count == 1 else {
            throw APIError.unprocessable(
                "app_needed", visible.isEmpty ? "you have no app" : "name the app with '?app_id=': you have \(visible.count) apps")
        }
        return visible[0]
    }

    static func refused(_ refusal: Access.Refusal) -> APIError {
        APIError(.forbidden, "forbidden", refusal.description)
    }
}

/// `Authorizer` in front of one route: the handler runs with the grant on its context.
struct AuthorizeMiddleware: RouterMiddleware {
    typealias Context = APIContext

    let authorizer: Authorizer
    let scope: Scope?
    let target: Authorizer.Target

    func handle(_ request: Request, context: APIContext, next: (Request, APIContext) async throws -> Response) async throws -> Response {
        var context = context
        context.grant = try await authorizer.grant(
            scope, target, caller: context.caller, access: context.access, request: request, parameters: context.parameters)
        return try await next(request, context)
    }
}

extension RouterGroup where Context == APIContext {
    /// A route that runs only when `authorizer` grants `scope` on `target` (`nil` with
    /// `.ownAccount` alone).
    @discardableResult
    func on(
        _ path: RouterPath = "", _ method: HTTPRequest.Method, _ scope: Scope?, _ target: Authorizer.Target, _ authorizer: Authorizer,
        use handler: @escaping @Sendable (Request, APIContext) async throws -> some ResponseGenerator
    ) -> Self {
        group().add(middleware: AuthorizeMiddleware(authorizer: authorizer, scope: scope, target: target)).on(path, method: method, use: handler)
        return self
    }
}
