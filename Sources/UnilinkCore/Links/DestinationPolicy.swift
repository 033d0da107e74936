/// Where links may send people: the app's declared web hosts, its own link hosts, the
/// stores, and its own schemes. Anything else is refused, so Unilink never becomes an
/// open redirector.
public struct DestinationPolicy: Sendable {
    public enum Kind: Sendable {
        /// A web page (`web_url`, `desktop_url`, the app's fallback).
        case web
        /// A platform override (`ios_url`, `android_url`): a store page or the app's scheme too.
        case platform
    }

    static let storeHosts: Set<String> = ["apps.apple.com", "itunes.apple.com", "play.google.com"]

    private let allowedHosts: [String]
    private let schemes: Set<String>

    public init(app: App) {
        var hosts = app.web.allowedHosts.map { $0.lowercased() } + app.domains.map { $0.host.lowercased() }
        if let fallback = app.web.fallbackURL, let url = LinkURL(fallback) { hosts.append(url.host.lowercased()) }
        allowedHosts = hosts
        schemes = Set([app.ios?.scheme, app.android?.scheme].compactMap { $0?.lowercased() })
    }

    /// `nil` when `url` is acceptable, otherwise a sentence naming the problem.
    public func problem(with url: String, kind: Kind) -> String? {
        guard let parsed = LinkURL(url), !parsed.host.isEmpty || schemes.contains(parsed.scheme) else {
            return "'\(url)' is not an absolute URL"
        }
        if kind == .platform, schemes.contains(parsed.scheme) { return nil }
        guard parsed.scheme == "https" || parsed.scheme == "http" else {
            return "'\(url)' must be an http or https URL"
        }
        let host = parsed.host.lowercased()
        if kind == .platform, Self.storeHosts.contains(host) { return nil }
        if allowedHosts.contains(where: { Self.host(host, matches: $0) }) { return nil }
        return "the host '\(host)' is not among the app's allowed hosts (web.allowed_hosts)"
    }

    static func host(_ host: String, matches pattern: String) -> Bool {
        if pattern.hasPrefix("*.") {
            let suffix = pattern.dropFirst(1)
            return host.hasSuffix(suffix) && host.count > suffix.count
        }
        return host == pattern
    }
}
