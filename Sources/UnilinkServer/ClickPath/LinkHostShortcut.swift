import Hummingbird
import Logging
import UnilinkCore

/// The server's responder. The two requests a link host answers most, a GET of an
/// association file and a GET click, are answered here, in front of the router: its path
/// lookup, middleware frames, dashboard host check and body limit otherwise cost them
/// as much as their own work. Anything else, HEAD included, and anything these do not
/// answer (an unknown host, an over-long URL), goes to the router, where the same
/// controllers answer it.
///
/// What needs nothing but memory (an association file, a click on a cached link)
/// `LinkHostFastPath` answers with `answerFromMemory` before Hummingbird makes a request
/// of it; this responder sees the rest.
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
        errors = ErrorMiddleware(maxURLBytes: state.settings.maxURLBytes, store: state.store)
    }

    func respond(to request: Request, context: Context) async throws -> Response {
        guard request.method == .get else { return try await router.respond(to: request, context: context) }
        switch target(request) {
        case .file(let file):
            return file.response
        case .click(let name, let host):
            // Errors become the same responses the router's error middleware gives.
            return try await errors.handle(request, context: context) { request, context in
                guard let clickLimit else { return try await click.click(request, context: context, name: name, host: host) }
                return try await clickLimit.handle(request, context: context) { request, context in
                    try await click.click(request, context: context, name: name, host: host)
                }
            }
        case .router:
            return try await router.respond(to: request, context: context)
        }
    }

    /// The answer `respond` would give, when memory alone gives it; `nil` sends the request
    /// the usual way: not a GET, not a link host's, a link only the store knows, the link
    /// debugger, or a visitor past the clicks' limit (the router's limiter answers the 429).
    func answerFromMemory(_ request: Request, peer: String?, logger: Logger) -> BufferedResponse? {
        guard request.method == .get else { return nil }
        switch target(request) {
        case .file(let file):
            return file
        case .click(let name, let host):
            guard !click.isDebugRequest(request) else { return nil }
            let link: ResolvedLink?
            do {
                link = try LinkResolver(cache: state.links).resolveFromMemory(host: host, name: name, path: request.uri.path, query: request.uri.query)
            } catch {
                return nil
            }
            let address = state.clientAddress(request, peer: peer, logger: logger)
            if let clickLimit, !clickLimit.admits(request, address: address) { return nil }
            return click.answer(request, name: name, host: host, link: link, clientAddress: address, logger: logger)
        case .router:
            return nil
        }
    }

    /// Where a GET goes.
    private enum Target {
        case file(BufferedResponse)
        case click(name: String, host: HostDirectory.Host)
        case router
    }

    private func target(_ request: Request) -> Target {
        // An over-long URL goes down the router, whose error middleware refuses it.
        guard errors.accepts(request) else { return .router }
        let path = request.uri.path
        switch path {
        case "/.well-known/apple-app-site-association", "/apple-app-site-association":
            return association.appleAssociationIfServed(request).map(Target.file) ?? .router
        case "/.well-known/assetlinks.json":
            return association.assetLinksIfServed(request).map(Target.file) ?? .router
        default:
            // The router's other routes on a link host all sit under these prefixes.
            let name = HostName.normalize(request.linkHost)
            guard !DashboardMiddleware.sharedPrefixes.contains(where: { path.hasPrefix($0) }), name != state.settings.dashboardHost,
                  let host = state.directory.host(name) else { return .router }
            return .click(name: name, host: host)
        }
    }
}
