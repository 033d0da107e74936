/// Where links may send people: the app's declared web hosts, its own link hosts, the
/// stores, and its own schemes. Anything else is refused, so Unilink never becomes an
/// open redirector.
public struct DestinationPolicy: Sendable, Equatable {
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
        var hosts = app.web.allowedHosts.map(Self.normalized) + app.domains.map { Self.normalized($0.host) }
        if let fallback = app.web.fallbackURL, case .success(let url) = DestinationURL.parse(fallback) { hosts.append(url.host) }
        allowedHosts = hosts
        schemes = Set([app.ios?.scheme, app.android?.scheme].compactMap { $0?.lowercased() })
    }

    /// `nil` when `url` is acceptable, otherwise a sentence naming the problem. The host is
    /// the one a browser will visit (`DestinationURL`), not the text before the first `/`.
    public func problem(with url: String, kind: Kind) -> String? {
        let parsed: DestinationURL
        switch DestinationURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let problem): return "'\(url.prefix(200))' \(problem)"
        }
        if kind == .platform, schemes.contains(parsed.scheme) { return nil }
        guard parsed.scheme == "https" || parsed.scheme == "http" else {
            return "'\(url.prefix(200))' must be an http or https URL"
        }
        if kind == .platform, Self.storeHosts.contains(parsed.host) { return nil }
        if allowedHosts.contains(where: { Self.host(parsed.host, matches: $0) }) { return nil }
        return "the host '\(parsed.host)' is not among the app's allowed hosts (web.allowed_hosts)"
    }

    /// Whether a stored destination may still be used now: the allow-list may have
    /// narrowed since the link was written.
    public func allows(_ url: String, kind: Kind) -> Bool {
        problem(with: url, kind: kind) == nil
    }

    /// Allow-list entries as hosts: lowercase, IDN in Punycode, no trailing dot; `*.` kept.
    static func normalized(_ entry: String) -> String {
        let wildcard = entry.hasPrefix("*.")
        let host = String(wildcard ? entry.dropFirst(2) : Substring(entry))
        let ascii = DestinationURL.host(host) ?? host.lowercased()
        return wildcard ? "*." + ascii : ascii
    }

    static func host(_ host: String, matches pattern: String) -> Bool {
        if pattern.hasPrefix("*.") {
            let suffix = pattern.dropFirst(1)
            return host.hasSuffix(suffix) && host.count > suffix.count
        }
        return host == pattern
    }
}
