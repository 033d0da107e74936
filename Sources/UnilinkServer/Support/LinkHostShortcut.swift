import Hummingbird

/// The two requests a link host answers most, straight after the error handling: a GET
/// of an association file, and a GET click. They skip the dashboard's host check, the
/// body limit and the router's path lookup, which otherwise cost them as much as their
/// own work. Anything else, HEAD included, and anything these do not answer (an unknown
/// host), goes down the router as before, where the same controllers answer it.
struct LinkHostShortcut: RouterMiddleware {
    typealias Context = AppRequestContext

    let state: ServerState
    let association: AssociationController
    let click: ClickController
    let clickLimit: RateLimitMiddleware?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.method == .get else { return try await next(request, context) }
        let path = request.uri.path
        switch path {
        case "/.well-known/apple-app-site-association", "/apple-app-site-association":
            if let response = association.appleAssociationIfServed(request) { return response }
            return try await next(request, context)
        case "/.well-known/assetlinks.json":
            if let response = association.assetLinksIfServed(request) { return response }
            return try await next(request, context)
        default:
            // The router's other routes on a link host all sit under these prefixes.
            let name = HostName.normalize(request.linkHost)
            guard !DashboardMiddleware.sharedPrefixes.contains(where: { path.hasPrefix($0) }), name != state.settings.dashboardHost,
                  let host = state.directory.host(name) else { return try await next(request, context) }
            guard let clickLimit else { return try await click.click(request, context: context, name: name, host: host) }
            return try await clickLimit.handle(request, context: context) { request, context in
                try await click.click(request, context: context, name: name, host: host)
            }
        }
    }
}
