import Hummingbird
import Logging
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The server's responder. On an app's host, a GET or HEAD of an association file or of
/// any other path (a click) is answered here, in front of the router: its path lookup,
/// middleware frames, dashboard host check and body limit would otherwise cost a click as
/// much as its own work. Everything else (the API, the SDK, the dashboard, an unknown
/// host) goes to the router.
///
/// What needs nothing but memory (an association file, a click on a cached link)
/// `LinkHostFastPath` answers with `answerFromMemory` before Hummingbird makes a request
/// of it; this responder sees the rest.
struct LinkHostResponder: HTTPResponder {
    typealias Context = AppRequestContext

    let directory: HostDirectory
    let dashboardHost: String?
    let router: RouterResponder<Context>
    let association: AssociationController
    let click: ClickController
    let errors: ErrorMiddleware<Context>

    /// What this responder answers itself, besides the router's routes, as the API
    /// describes them: every GET and HEAD on an app's host.
    static let routes: Set<String> = ["get /{path}", "head /{path}"]

    func respond(to request: Request, context: Context) async throws -> Response {
        switch target(request) {
        case .file(let file):
            return file.withoutBody(if: request.method == .head).response
        case .click(let name, let host):
            // Errors become the same responses the router's error middleware gives.
            return try await errors.handle(request, context: context) { request, context in
                try await click.answer(request, name: name, host: host, peer: context.peerAddress, logger: context.logger).response
            }
        case .notAllowed:
            var refusal = APIError(.methodNotAllowed, "method_not_allowed", "a link takes GET and HEAD, not \(request.method.rawValue)")
            refusal.headers[.allow] = "GET, HEAD"
            return refusal.buffered.response
        case .router:
            return try await router.respond(to: request, context: context)
        }
    }

    /// The answer `respond` would give, when memory alone gives it; `nil` sends the request
    /// the usual way.
    func answerFromMemory(_ request: Request, peer: String?, logger: Logger) -> BufferedResponse? {
        switch target(request) {
        case .file(let file):
            return file.withoutBody(if: request.method == .head)
        case .click(let name, let host):
            return click.answerFromMemory(request, name: name, host: host, peer: peer, logger: logger)
        case .router, .notAllowed:
            return nil
        }
    }

    /// Where a request goes.
    private enum Target {
        case file(BufferedResponse)
        case click(name: String, host: HostDirectory.Host)
        /// Another method on a link's path: links take GET and HEAD.
        case notAllowed
        case router
    }

    private func target(_ request: Request) -> Target {
        // An over-long URL goes down the router, whose error middleware refuses it.
        guard errors.accepts(request) else { return .router }
        let path = request.uri.path
        guard request.method == .get || request.method == .head else {
            let name = HostName.normalize(request.linkHost)
            let isLinkPath =
                !SharedPaths.contains(path) && name != dashboardHost
                && directory.host(name) != nil
            return isLinkPath ? .notAllowed : .router
        }
        if let file = association.served(path, request) { return .file(file) }
        // The router's other routes on a link host all sit under these prefixes.
        let name = HostName.normalize(request.linkHost)
        guard !SharedPaths.contains(path), name != dashboardHost, let host = directory.host(name) else { return .router }
        return .click(name: name, host: host)
    }
}
