/// Finds the link a request on one of an app's hosts stands for: a code or alias on a
/// short host; a claimed path (optionally naming a stored link with `ul_code`) on a
/// primary or alternate host. The request's query overrides the stored values, and a
/// dynamic link's parameters (in the query or stored) apply on top. Pure: stored links
/// come from `lookup`, which says when only the store knows one (`NotInMemory`); the
/// caller loads it and asks again.
public struct LinkResolution: Sendable {
    /// The host the request came to, as the host directory keeps it.
    public var app: App
    public var role: HostRole
    /// The host's name as the request gave it (lowercase, no port).
    public var hostName: String
    public var claims: AASAMatcher
    public var destinations: DestinationPolicy

    public init(app: App, role: HostRole, hostName: String, claims: AASAMatcher, destinations: DestinationPolicy) {
        self.app = app
        self.role = role
        self.hostName = hostName
        self.claims = claims
        self.destinations = destinations
    }

    /// What memory says of a stored link: there (`nil` when known not to exist), or unknown.
    public enum Lookup: Sendable {
        case known(Link?)
        case notInMemory
    }

    /// A stored link the resolution needs that memory does not hold.
    public struct NotInMemory: Error, Sendable {
        public let key: LinkKey
    }

    public func resolve(path: String, query: String?, lookup: (LinkKey) -> Lookup) throws(NotInMemory) -> ResolvedLink? {
        var items = query.map { URLText.queryItems(Substring($0)) } ?? []
        let requested = FirebaseDynamicLink(items: items)
        if requested != nil { items.removeAll { FirebaseDynamicLink.keys.contains($0.name) } }
        let stored: Link?
        var content: LinkContent
        switch role {
        case .short:
            var segment = Substring(path.drop(while: { $0 == "/" }))
            while segment.hasSuffix("/") { segment = segment.dropLast() }
            if segment.isEmpty {
                // FDL's long link on its own domain (`https://links.example.com/?link=...`), or a
                // stored link's long form there (`/?deep_link_value=...&ul_code=...`, as intents carry it).
                let code = items.last { $0.name == LinkParameters.codeKey }?.value
                stored = try code.map { code throws(NotInMemory) in try find(code: Substring(code), alias: nil, lookup) } ?? nil
                guard stored != nil || requested != nil else { return nil }
                content = stored?.content ?? LinkContent(path: "/")
                break
            }
            guard !segment.contains("/"), segment.count <= Alias.maxLength else { return nil }
            stored = try find(code: segment, alias: String(segment), lookup)
            guard let stored else { return nil }
            content = stored.content
        case .primary, .alternate:
            let code = items.last { $0.name == LinkParameters.codeKey }?.value
            stored = try code.map { code throws(NotInMemory) in try find(code: Substring(code), alias: nil, lookup) } ?? nil
            guard stored != nil || requested != nil || claims.claims(path: path, query: query) else { return nil }
            content = stored?.content ?? LinkContent(path: path)
            if content.path == nil { content.path = path }
        }
        LinkParameters.apply(items, to: &content)
        let dynamicLink = requested ?? stored?.content.dynamicLinkQuery.flatMap { FirebaseDynamicLink(items: URLText.queryItems(Substring($0))) }
        dynamicLink?.apply(to: &content)
        return ResolvedLink(
            app: app, link: stored, content: content, host: hostName, role: role, destinations: destinations, dynamicLink: dynamicLink)
    }

    /// A code first, then the alias; a link of another app is no link here.
    private func find(code: Substring, alias: String?, _ lookup: (LinkKey) -> Lookup) throws(NotInMemory) -> Link? {
        if ShortCode.isWellFormed(code), let link = try known(.code(String(code)), lookup), link.appID == app.id {
            return link
        }
        guard let alias, Alias.problem(with: alias) == nil else { return nil }
        return try known(.alias(appID: app.id, alias: alias), lookup)
    }

    private func known(_ key: LinkKey, _ lookup: (LinkKey) -> Lookup) throws(NotInMemory) -> Link? {
        switch lookup(key) {
        case .known(let link): return link
        case .notInMemory: throw NotInMemory(key: key)
        }
    }
}
