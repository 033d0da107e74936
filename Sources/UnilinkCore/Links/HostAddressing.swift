/// How the server spells its own URLs: `https://host` in production, and
/// `http://host:port` for `*.localhost` demo hosts, which browsers resolve to loopback.
public struct HostAddressing: Sendable, Equatable {
    /// The port the server listens on, used for local hosts only.
    public var localPort: Int

    public init(localPort: Int) {
        self.localPort = localPort
    }

    public func origin(of host: String) -> String {
        if host == "localhost" || host.hasSuffix(".localhost") {
            return localPort == 80 ? "http://\(host)" : "http://\(host):\(localPort)"
        }
        return "https://\(host)"
    }

    /// `origin + path + ?query`, the path percent-encoded where needed.
    public func url(host: String, path: String, query: String?) -> String {
        let path = path.startsWithSlash ? path : "/" + path
        let query = query.flatMap { $0.isEmpty ? nil : "?" + $0 } ?? ""
        return origin(of: host) + URLText.path(path) + query
    }
}
