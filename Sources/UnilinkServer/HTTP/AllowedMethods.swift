import HTTPTypes
import Hummingbird
import Synchronization

/// A request for a path the router has, with a method it does not: `405 Method Not
/// Allowed` with `Allow` (RFC 9110 section 15.5.6), where the router alone would say 404.
/// The routes are read from the router once it is built; HEAD is allowed wherever GET is.
struct AllowedMethods<Context: RequestContext>: RouterMiddleware {
    let table: RouteTable

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            return try await next(request, context)
        } catch let error as HTTPError where error.status == .notFound {
            let methods = table.methods(for: request.uri.path)
            guard !methods.isEmpty, !methods.contains(request.method) else { throw error }
            var refusal = APIError(
                .methodNotAllowed, "method_not_allowed",
                "\(request.method.rawValue) is not allowed on \(request.uri.path.prefix(200)); it takes \(Self.list(methods))")
            refusal.headers[.allow] = Self.list(methods)
            throw refusal
        }
    }

    static func list(_ methods: [HTTPRequest.Method]) -> String {
        methods.map(\.rawValue).joined(separator: ", ")
    }
}

/// The router's routes as path templates (`/v1/links/{id}`, `/**`), for `AllowedMethods`.
final class RouteTable: Sendable {
    private let routes = Mutex<[(segments: [Substring], method: HTTPRequest.Method)]>([])

    /// Reads the routes of a built router (call once its routes are all registered).
    func load(_ routes: [(path: String, method: HTTPRequest.Method)]) {
        self.routes.withLock { table in
            table = routes.map { (segments: $0.path.split(separator: "/"), method: $0.method) }
        }
    }

    /// The methods the route the router would choose for `path` takes, in a stable order,
    /// HEAD beside GET. As in the router, a constant segment wins over a parameter, so
    /// `/v1/links/batch` takes what `batch` takes, not what `/v1/links/{id}` does.
    func methods(for path: String) -> [HTTPRequest.Method] {
        let requested = path.split(separator: "/")
        var found = Set<String>()
        var best: [Int] = []
        routes.withLock { table in
            for route in table where Self.matches(route.segments, requested) {
                let rank = Self.specificity(route.segments)
                if rank.lexicographicallyPrecedes(best) { continue }
                if best.lexicographicallyPrecedes(rank) { found = [] }
                best = rank
                found.insert(route.method.rawValue)
            }
        }
        if found.contains("GET") { found.insert("HEAD") }
        return found.sorted().compactMap { HTTPRequest.Method($0) }
    }

    /// Per segment: a constant 3, a parameter 2, `*` 1, `**` 0.
    private static func specificity(_ template: [Substring]) -> [Int] {
        template.map { segment in
            if segment == "**" { return 0 }
            if segment == "*" { return 1 }
            return segment.hasPrefix("{") && segment.hasSuffix("}") ? 2 : 3
        }
    }

    private static func matches(_ template: [Substring], _ path: [Substring]) -> Bool {
        var index = 0
        for (position, segment) in template.enumerated() {
            if segment == "**" { return true }
            guard index < path.count else { return false }
            if !(segment.hasPrefix("{") && segment.hasSuffix("}")) && segment != "*" && segment != path[index] { return false }
            index += 1
            if position == template.count - 1 { return index == path.count }
        }
        return template.isEmpty && path.isEmpty
    }
}
