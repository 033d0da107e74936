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

    /// Why a destination is refused. `invalid` is a URL no browser would follow (or one
    /// Unilink refuses on purpose, `Problem.isDeliberate`); the others are well-formed
    /// URLs outside the allow-list.
    public enum Refusal: Error, Equatable, Sendable, CustomStringConvertible {
        case invalid(String, DestinationURL.Problem)
        case notHTTP(String)
        case hostNotAllowed(String)

        /// The API's error code.
        public var code: String {
            switch self {
            case .invalid: "invalid_destination"
            case .notHTTP, .hostNotAllowed: "destination_not_allowed"
            }
        }

        public var description: String {
            switch self {
            case .invalid(let url, let problem): "'\(url.prefix(200))' \(problem)"
            case .notHTTP(let url): "'\(url.prefix(200))' must be an http or https URL"
            case .hostNotAllowed(let host): "the host '\(host)' is not among the app's allowed hosts (web.allowed_hosts)"
            }
        }
    }

    static let storeHosts: Set<String> = ["apps.apple.com", "itunes.apple.com", "play.google.com"]

    private let allowedHosts: [String]
    private let schemes: Set<String>

    public init(app: App) {
        var hosts = app.web.allowedHosts.map(Self.normalized) + app.domains.map { Self.normalized($0.host) }
        if let fallback = app.web.fallbackURL, case .success(let url) = DestinationURL.parse(fallback) {
            hosts.append(Self.withoutTrailingDot(url.host))
        }
        allowedHosts = hosts
        schemes = Set([app.ios?.scheme, app.android?.scheme].compactMap { $0?.lowercased() })
    }

    /// The URL as a browser will follow it (`DestinationURL.href`: what is stored and
    /// redirected to), or why it is refused. The host checked is the one the browser
    /// visits, not the text before the first `/`.
    public func check(_ url: String, kind: Kind) -> Result<String, Refusal> {
        let parsed: DestinationURL
        switch DestinationURL.parse(url) {
        case .success(let value): parsed = value
        case .failure(let problem): return .failure(.invalid(url, problem))
        }
        if kind == .platform, schemes.contains(parsed.scheme) { return .success(parsed.href) }
        guard parsed.scheme == "https" || parsed.scheme == "http" else { return .failure(.notHTTP(url)) }
        let host = Self.withoutTrailingDot(parsed.host)
        if kind == .platform, Self.storeHosts.contains(host) { return .success(parsed.href) }
        if allowedHosts.contains(where: { Self.host(host, matches: $0) }) { return .success(parsed.href) }
        return .failure(.hostNotAllowed(parsed.host))
    }

    /// `nil` when `url` is acceptable, otherwise a sentence naming the problem.
    public func problem(with url: String, kind: Kind) -> String? {
        if case .failure(let refusal) = check(url, kind: kind) { return refusal.description }
        return nil
    }

    /// A stored destination as the browser will follow it, if the app's allow-list as it is
    /// now still admits it: a narrowed `allowed_hosts` stops old links from redirecting
    /// there, and a destination stored before the parser agreed with browsers is
    /// redirected to its serialization, or not at all.
    public func admitted(_ url: String, kind: Kind) -> String? {
        if case .success(let href) = check(url, kind: kind) { return href }
        return nil
    }

    /// Allow-list entries as hosts: lowercase, IDN in Punycode, no trailing dot; `*.` kept.
    public static func normalized(_ entry: String) -> String {
        let wildcard = entry.hasPrefix("*.")
        let host = wildcard ? String(entry.dropFirst(2)) : entry
        let ascii = (try? URLHost.parse(host.utf8).get()).map(withoutTrailingDot) ?? host.lowercased()
        return wildcard ? "*." + ascii : ascii
    }

    /// `example.com.` and `example.com` are the same name to DNS.
    static func withoutTrailingDot(_ host: String) -> String {
        host.hasSuffix(".") && host.count > 1 ? String(host.dropLast()) : host
    }

    static func host(_ host: String, matches pattern: String) -> Bool {
        if pattern.hasPrefix("*.") {
            let suffix = pattern.dropFirst(1)
            return host.hasSuffix(suffix) && host.count > suffix.count
        }
        return host == pattern
    }
}
