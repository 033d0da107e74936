import UnilinkCore

/// `LinkResolution` over the link cache: from memory alone on the click path, or asking
/// the store for each link memory lacks (at most two: a code, then an alias).
struct LinkResolver {
    let cache: LinkCache

    func resolve(host: HostDirectory.Host, name: String, path: String, query: String?) async throws -> ResolvedLink? {
        let resolution = Self.resolution(host, name)
        var loaded: [LinkKey: Link?] = [:]
        while true {
            do {
                return try resolution.resolve(path: path, query: query) { key in
                    if let link = loaded[key] { return .known(link) }
                    return cache.memorized(key).map { .known($0) } ?? .notInMemory
                }
            } catch {
                loaded[error.key] = try await cache.link(error.key)
            }
        }
    }

    /// Without the store: throws `NotInMemory` when only the store can answer.
    func resolveFromMemory(host: HostDirectory.Host, name: String, path: String, query: String?) throws(LinkResolution.NotInMemory) -> ResolvedLink? {
        try Self.resolution(host, name).resolve(path: path, query: query) { key in
            cache.memorized(key).map { .known($0) } ?? .notInMemory
        }
    }

    private static func resolution(_ host: HostDirectory.Host, _ name: String) -> LinkResolution {
        LinkResolution(app: host.app, role: host.role, hostName: name, claims: host.claims, destinations: host.destinations)
    }
}
