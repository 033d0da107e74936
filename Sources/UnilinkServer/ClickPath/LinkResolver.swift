import UnilinkCore

/// Finds the link a request on one of an app's hosts stands for: a code or alias on a
/// short host; a claimed path (optionally naming a stored link with `ul_code`) on a
/// primary or alternate host. The request's query overrides the stored values.
struct LinkResolver {
    let cache: LinkCache

    /// A stored link the resolution needs that memory does not hold.
    struct NotInMemory: Error {
        let key: LinkCache.Key
    }

    /// Asks the store for each link memory lacks, then resolves again with what it said
    /// (at most two: a code, then an alias).
    func resolve(host: HostDirectory.Host, name: String, path: String, query: String?) async throws -> ResolvedLink? {
        var loaded: [LinkCache.Key: Link?] = [:]
        while true {
            do {
                return try resolve(host: host, name: name, path: path, query: query, loaded: loaded)
            } catch {
                loaded[error.key] = try await cache.link(error.key)
            }
        }
    }

    /// Without the store: throws `NotInMemory` when only the store can answer.
    func resolveFromMemory(host: HostDirectory.Host, name: String, path: String, query: String?) throws(NotInMemory) -> ResolvedLink? {
        try resolve(host: host, name: name, path: path, query: query, loaded: [:])
    }

    private func resolve(
        host: HostDirectory.Host, name: String, path: String, query: String?, loaded: [LinkCache.Key: Link?]
    ) throws(NotInMemory) -> ResolvedLink? {
        var items = query.map { URLText.queryItems(Substring($0)) } ?? []
        let requested = FirebaseDynamicLink(items: items)
        if requested != nil { items.removeAll { FirebaseDynamicLink.keys.contains($0.name) } }
        let stored: Link?
        var content: LinkContent
        switch host.role {
        case .short:
            var segment = Substring(path.drop(while: { $0 == "/" }))
            while segment.hasSuffix("/") { segment = segment.dropLast() }
            if segment.isEmpty {
                // FDL's long link on its own domain (`https://links.example.com/?link=...`), or a
                // stored link's long form there (`/?deep_link_value=...&ul_code=...`, as intents carry it).
                let code = items.last { $0.name == LinkParameters.codeKey }?.value
                stored = try code.map { code throws(NotInMemory) in try find(code: Substring(code), alias: nil, appID: host.app.id, loaded: loaded) } ?? nil
                guard stored != nil || requested != nil else { return nil }
                content = stored?.content ?? LinkContent(path: "/")
                break
            }
            guard !segment.isEmpty, !segment.contains("/"), segment.count <= Alias.maxLength else { return nil }
            stored = try find(code: segment, alias: String(segment), appID: host.app.id, loaded: loaded)
            guard let stored else { return nil }
            content = stored.content
        case .primary, .alternate:
            let code = items.last { $0.name == LinkParameters.codeKey }?.value
            stored = try code.map { code throws(NotInMemory) in try find(code: Substring(code), alias: nil, appID: host.app.id, loaded: loaded) } ?? nil
            guard stored != nil || requested != nil || host.claims.claims(path: path, query: query) else { return nil }
            content = stored?.content ?? LinkContent(path: path)
            if content.path == nil { content.path = path }
        }
        LinkParameters.apply(items, to: &content)
        let dynamicLink = requested ?? stored?.content.dynamicLinkQuery.flatMap { FirebaseDynamicLink(items: URLText.queryItems(Substring($0))) }
        dynamicLink?.apply(to: &content)
        return ResolvedLink(app: host.app, link: stored, content: content, host: name, role: host.role, destinations: host.destinations,
                            dynamicLink: dynamicLink)
    }

    private func find(code: Substring, alias: String?, appID: String, loaded: [LinkCache.Key: Link?]) throws(NotInMemory) -> Link? {
        if ShortCode.isWellFormed(code), let link = try lookup(.code(String(code)), loaded: loaded), link.appID == appID {
            return link
        }
        guard let alias, Alias.problem(with: alias) == nil else { return nil }
        return try lookup(.alias(appID: appID, alias: alias), loaded: loaded)
    }

    private func lookup(_ key: LinkCache.Key, loaded: [LinkCache.Key: Link?]) throws(NotInMemory) -> Link? {
        if let link = loaded[key] { return link }
        if let link = cache.memorized(key) { return link }
        throw NotInMemory(key: key)
    }
}
