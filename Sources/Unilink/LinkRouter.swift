public import Foundation

/// Routes a deep link's path to a screen: `register("/u/:id") { match in ... }`.
/// `canOpen(url:)` lets `application(_:continue:restorationHandler:)` return `false` for
/// links this app version cannot show, so iOS opens Safari and the web page instead.
public final class LinkRouter: Sendable {
    /// Runs on the main actor: it shows a screen.
    public typealias Handler = @MainActor @Sendable (RouteMatch) -> Void

    struct Route {
        let segments: [Segment]
        let handler: Handler
    }

    enum Segment: Equatable {
        case literal(String)
        case parameter(String)
        /// `*` at the end: any rest of the path.
        case rest
    }

    private let routes = Locked<[Route]>([])

    public init() {}

    /// `/u/:id`, `/p/:slug/reviews`, `/help/*`. The first registered match wins.
    public func register(_ pattern: String, handler: @escaping Handler) {
        let segments = pattern.split(separator: "/").map { part -> Segment in
            if part == "*" { return .rest }
            if part.hasPrefix(":") { return .parameter(String(part.dropFirst())) }
            return .literal(String(part))
        }
        routes.withLock { $0.append(Route(segments: segments, handler: handler)) }
    }

    /// The match for a path, if a route takes it.
    public func match(path: String) -> RouteMatch? {
        let parts = path.split(separator: "/").map { String($0).removingPercentEncoding ?? String($0) }
        return routes.withLock { routes in
            for route in routes {
                if let parameters = Self.match(route.segments, parts) {
                    return RouteMatch(path: path, parameters: parameters, handler: route.handler)
                }
            }
            return nil
        }
    }

    static func match(_ segments: [Segment], _ parts: [String]) -> [String: String]? {
        var parameters: [String: String] = [:]
        for (index, segment) in segments.enumerated() {
            switch segment {
            case .rest: return parameters
            case .literal(let text):
                guard index < parts.count, parts[index] == text else { return nil }
            case .parameter(let name):
                guard index < parts.count, !parts[index].isEmpty else { return nil }
                parameters[name] = parts[index]
            }
        }
        return parts.count == segments.count ? parameters : nil
    }

    /// Runs the matching route's handler; `false` when no route takes the link.
    @MainActor
    @discardableResult
    public func route(_ link: DeepLink) -> Bool {
        guard var match = match(path: link.path) else { return false }
        match.deepLink = link
        match.handler(match)
        return true
    }
}

/// A path a route took, with its parameters.
public struct RouteMatch: Sendable {
    public let path: String
    public let parameters: [String: String]
    /// The link being routed (set by `LinkRouter.route(_:)`).
    public var deepLink: DeepLink?
    let handler: LinkRouter.Handler

    init(path: String, parameters: [String: String], handler: @escaping LinkRouter.Handler) {
        self.path = path
        self.parameters = parameters
        self.handler = handler
    }

    public func string(_ name: String) -> String? { parameters[name] }
    public func int(_ name: String) -> Int? { parameters[name].flatMap { Int($0) } }
    public func uuid(_ name: String) -> UUID? { parameters[name].flatMap { UUID(uuidString: $0) } }
}
