import Hummingbird

/// The server's responder. The two requests a link host answers most, a GET of an
/// association file and a GET click, are answered here, in front of the router: its path
/// lookup, middleware frames, dashboard host check and body limit otherwise cost them
/// as much as their own work. Anything else, HEAD included, and anything these do not
/// answer (an unknown host, an over-long URL), goes to the router, where the same
/// controllers answer it.
struct LinkHostShortcut: HTTPResponder {
    typealias Context = AppRequestContext

    let state: ServerState
    let router: RouterResponder<Context>
    let association: AssociationController
    let click: ClickController
    let clickLimit: RateLimitMiddleware?
    let errors: ErrorMiddleware<Context>

    init(state: ServerState, router: RouterResponder<Context>, association: AssociationController, click: ClickController, clickLimit: RateLimitMiddleware?) {
        self.state = state
        self.router = router
        self.association = association
        self.click = click
        self.clickLimit = clickLimit
        errors = ErrorMiddleware(maxURLBytes: state.settings.maxURLBytes)
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get else { return try await router.respond(to: request, context: context) }
        let path = request.uri.path
        // An over-long URL for an association file goes down the router, whose error
        // middleware refuses it.
        switch path {
        case "/.well-known/apple-app-site-association", "/apple-app-site-association":
            if errors.accepts(request), let response = association.appleAssociationIfServed(request) { return response }
        case "/.well-known/assetlinks.json":
            if errors.accepts(request), let response = association.assetLinksIfServed(request) { return response }
        default:
            // The router's other routes on a link host all sit under these prefixes.
            let name = HostName.normalize(request.linkHost)
            guard !DashboardMiddleware.sharedPrefixes.contains(where: { path.hasPrefix($0) }), name != state.settings.dashboardHost,
                  let host = state.directory.host(name) else { break }
            // Errors become the same responses the router's error middleware gives.
            return try await errors.handle(request, context: context) { request, context in
                guard let clickLimit else { return try await click.click(request, context: context, name: name, host: host) }
                return try await clickLimit.handle(request, context: context) { request, context in
                    try await click.click(request, context: context, name: name, host: host)
                }
            }
        }
        return try await router.respond(to: request, context: context)
    }
}
