import Foundation
import UnilinkAPI

/// Reads a link on the device, without the network: the content address of a long link
/// or scheme URL (DOMAIN.md section 7), so the app can show the screen's skeleton at once.
struct LinkDecoder {
    enum Kind: Equatable {
        /// On one of the app's hosts with a path: the content is in the URL.
        case long
        /// A single segment on one of the app's hosts: a short code or alias, the server knows.
        case short
        /// The app's custom scheme.
        case scheme
        /// Not one of the app's links.
        case foreign
    }

    let configuration: UnilinkConfiguration

    func kind(of url: URL) -> Kind {
        guard let scheme = url.scheme?.lowercased() else { return .foreign }
        if configuration.schemes.contains(scheme) { return .scheme }
        guard scheme == "https" || scheme == "http", let host = url.host?.lowercased(), configuration.linkHosts.contains(host) else {
            return .foreign
        }
        let segments = url.path.split(separator: "/")
        let query = URLComponents(url: url, resolvingAgainstBaseURL: false)?.queryItems ?? []
        let carriesContent = query.contains { $0.name == LinkParameterKey.deepLinkValue }
        return segments.count == 1 && !carriesContent ? .short : .long
    }

    /// The link as far as the URL itself tells.
    func decode(_ url: URL) -> DeepLink? {
        let kind = kind(of: url)
        guard kind == .long || kind == .scheme else { return nil }
        let components = URLComponents(url: url, resolvingAgainstBaseURL: false)
        var path = components?.percentEncodedPath ?? url.path
        if kind == .scheme {
            // `shop://u/42`: the "host" is the first path segment.
            path =
                "/"
                + ([components?.percentEncodedHost ?? ""] + path.split(separator: "/").map(String.init)).filter { !$0.isEmpty }.joined(separator: "/")
        }
        if path.isEmpty { path = "/" }
        var link = DeepLink(url: url, path: path.removingPercentEncoding ?? path, isProvisional: true)
        for item in components?.queryItems ?? [] {
            let value = item.value ?? ""
            if item.name == LinkParameterKey.deepLinkValue {
                link.deepLinkValue = value
            } else if let index = LinkParameterKey.deepLinkSubIndex(item.name) {
                link.deepLinkSubs[index] = value
            } else if ![
                LinkParameterKey.code, LinkParameterKey.click, LinkParameterKey.escaped, LinkParameterKey.touch, LinkParameterKey.variant,
                LinkParameterKey.rule, LinkParameterKey.lineExternalBrowser,
            ].contains(item.name) {
                link.clickEvent[item.name] = value
            }
        }
        return link
    }
}
