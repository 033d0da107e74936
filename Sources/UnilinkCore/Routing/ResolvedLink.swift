/// A request that landed on a link: the app, the stored link if any, and the content
/// after the request's own query parameters were applied.
public struct ResolvedLink: Sendable, Equatable {
    public var app: App
    /// `nil` for a long link nobody created through the API.
    public var link: Link?
    public var content: LinkContent
    public var host: String
    public var role: HostRole
    /// The app's allow-list, built once per app by whoever keeps the app (not per click).
    public var destinations: DestinationPolicy
    /// Set when the link is a Firebase Dynamic Link (its query or its stored parameters).
    public var dynamicLink: FirebaseDynamicLink?
    /// Which routing rule or A/B variant shaped `content` (0: none): kept pages are found by it.
    public var shaping: UInt16 = 0
    /// The A/B variant this visitor was given: the preview's open button carries it.
    public var variant: String?

    public init(app: App, link: Link?, content: LinkContent, host: String, role: HostRole, dynamicLink: FirebaseDynamicLink? = nil) {
        self.init(app: app, link: link, content: content, host: host, role: role, destinations: DestinationPolicy(app: app), dynamicLink: dynamicLink)
    }

    /// The click path's: built in place where it is inlined (each click resolves one).
    @inlinable
    public init(
        app: App, link: Link?, content: LinkContent, host: String, role: HostRole, destinations: DestinationPolicy,
        dynamicLink: FirebaseDynamicLink? = nil
    ) {
        self.app = app
        self.link = link
        self.content = content
        self.host = host
        self.role = role
        self.destinations = destinations
        self.dynamicLink = dynamicLink
    }

    /// A stored destination as the browser will follow it, if the app's allow-list as it
    /// is now still admits it (`DestinationPolicy.admitted`).
    public func allowed(_ url: String?, _ kind: DestinationPolicy.Kind) -> String? {
        guard let url else { return nil }
        return destinations.admitted(url, kind: kind)
    }

    /// The web page for people without the app: the link's own, else the app's fallback.
    public var webPage: String? {
        allowed(content.webURL, .web) ?? allowed(app.web.fallbackURL, .web)
    }

    /// The content path, `/` when the link only carries a `deep_link_value`.
    public var path: String { content.path.flatMap { $0.isEmpty ? nil : $0 } ?? "/" }

    /// The link's address on one of the app's hosts: its path plus the query that
    /// carries its content and identity.
    /// The query that carries the link's content and identity; `url(on:)` and
    /// `schemeURL` take it precomputed when one page needs several of them.
    public var longQuery: String { LinkParameters.longQuery(for: content, code: link?.code) }

    public func url(on host: String, addressing: HostAddressing, extra: [(String, String)] = [], longQuery: String? = nil) -> String {
        var query = longQuery ?? self.longQuery
        // An ad-hoc dynamic link carries its FDL parameters to the app's other hosts.
        let carried = link == nil ? dynamicLink?.items ?? [] : []
        for (name, value) in carried + extra {
            query += (query.isEmpty ? "" : "&") + "\(name)=\(URLText.queryValue(value))"
        }
        return addressing.url(host: host, path: path, query: query)
    }

    /// `scheme://path?query`, for Facebook App Links tags.
    public func schemeURL(_ scheme: String?, longQuery: String? = nil) -> String? {
        guard let scheme, !scheme.isEmpty else { return nil }
        let query = longQuery ?? self.longQuery
        return "\(scheme)://" + URLText.path(String(path.drop(while: { $0 == "/" }))) + (query.isEmpty ? "" : "?" + query)
    }
}
