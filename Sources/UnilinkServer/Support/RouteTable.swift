import Hummingbird

/// Registers routes and remembers them, so the OpenAPI document can be checked against
/// what the server really answers.
final class RouteTable {
    struct Route: Hashable, Sendable {
        let method: String
        let path: String
    }

    let router: Router<AppRequestContext>
    private(set) var routes: [Route] = []

    init(router: Router<AppRequestContext>) {
        self.router = router
    }

    func add(
        _ method: HTTPRequest.Method, _ path: String,
        use handler: @escaping @Sendable (Request, AppRequestContext) async throws -> Response
    ) {
        router.on(RouterPath(path), method: method, use: handler)
        routes.append(Route(method: method.rawValue, path: path))
    }
}
