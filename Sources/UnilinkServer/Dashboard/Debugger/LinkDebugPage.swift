import Foundation
import Hummingbird
import UnilinkCore
import UnilinkStorage

/// The link debugger's page: what every kind of visitor gets from one link, decided by
/// the click path's own resolver and router, and which AASA rule claims its path.
struct LinkDebugPage {
    let store: any ClickStore
    let directory: HostDirectory
    let links: LinkCache
    let port: BoundPort
    let pages: DashboardPages

    /// `session` nil is FDL's public `?d=1` page: the same explanation without the recent
    /// clicks, which only a signed-in team member sees.
    /// `simulated`: the visitor's country, languages and time the team typed (routing rules
    /// read them); FDL's public page has none and shows the link's own destinations.
    func render(_ text: String, session: DashboardSession?, simulated: SimulatedVisitor? = nil) async throws -> BufferedResponse {
        let simulated = session == nil ? nil : simulated ?? SimulatedVisitor(country: nil, languages: nil, at: nil)
        guard !text.isEmpty else { return pages.page(DebuggerPage(url: text, simulated: simulated), session: session) }
        let parsed = URLComponents(string: text.contains("://") ? text : "https://\(text)")
        let name = HostName.normalize(parsed?.host ?? "")
        guard let host = directory.host(name) else {
            return pages.page(
                DebuggerPage(url: text, error: "No app serves the host '\(name)'.", simulated: simulated), session: session, status: .notFound)
        }
        if let session { _ = try session.app(host.app.id, .linksRead, in: directory) }
        let path = parsed?.percentEncodedPath.isEmpty == false ? parsed!.percentEncodedPath : "/"
        guard let resolved = try await LinkResolver(cache: links).resolve(host: host, name: name, path: path, query: parsed?.percentEncodedQuery)
        else {
            let error = "'\(path)' on \(name) is not a link of \(host.app.name): visitors get the not-found page."
            return pages.page(DebuggerPage(url: text, error: error, simulated: simulated), session: session, status: .notFound)
        }
        let query = parsed?.percentEncodedQuery.map { "?\($0)" } ?? ""
        let url = "https://\(name)\(path)\(query)"
        let router = ClickRouter(addressing: port.addressing)
        let debugger = LinkDebugger(router: router)
        let matchers = associationMatchers(of: host.app)
        let iosAppID = host.app.ios?.appID
        let opensApp: (String) -> Bool = { url in
            guard let iosAppID, let link = LinkURL(url), let matcher = matchers[HostName.normalize(link.host)] else { return false }
            return matcher.decide(appID: iosAppID, url: link, host: HostName.normalize(link.host)).decision == .match
        }
        let addresses = debugger.addresses(resolved)
        let alternate = try await openButtonLink(addresses.open)
        let visitors = debugger.visitors(
            resolved, url: url, alternate: alternate, simulated: simulated ?? SimulatedVisitor(country: nil, languages: nil, at: nil),
            rules: simulated != nil, opensApp: opensApp)
        let claims = host.app.domains.flatMap { domain in
            // What a device is asked to open on each host: the link as given, the page's
            // og:url on the primary host and its open button on the alternate host.
            let checked: String =
                switch domain.role {
                case _ where domain.host == name: url
                case .primary: addresses.canonical
                case .alternate: addresses.open ?? "https://\(domain.host)\(path)\(query)"
                case .short: "https://\(domain.host)\(path)\(query)"
                }
            return Self.claims(on: domain.host, url: checked, matcher: matchers[domain.host], appID: iosAppID)
        }
        var recent: [RecentClick] = []
        if let link = resolved.link, session != nil { recent = try await store.recentClicks(linkID: link.id, limit: 20) }
        let explained = DebuggerPage.Explanation(
            host: name, role: host.role.rawValue, appID: host.app.id, appName: host.app.name, signedIn: session != nil,
            linkID: resolved.link?.id, path: resolved.content.path ?? "", value: resolved.content.deepLinkValue,
            warnings: resolved.dynamicLink?.warnings(for: host.app) ?? [],
            ignored: LinkParameters.ignored(URLText.queryItems(Substring(parsed?.percentEncodedQuery ?? ""))).map {
                .init(name: $0.name, reason: $0.reason)
            },
            clickID: LinkDebugger.clickID, visitors: visitors,
            claims: claims,
            clicks: recent.map { .init(time: Moment($0.time), platform: $0.platform, outcome: $0.outcome, inApp: $0.inAppBrowser ?? "") }
        )
        return pages.page(DebuggerPage(url: text, resolved: explained, simulated: simulated), session: session)
    }

    /// One row per app id the host's association file names, each with why it claims the
    /// URL or not.
    private static func claims(on host: String, url: String, matcher: AASAMatcher?, appID: String?) -> [DebuggerPage.Claim] {
        guard let matcher else {
            return [
                .init(
                    host: host, url: url, appID: appID ?? "", decision: AASADecision.noMatch.rawValue,
                    reason: "this host serves no association file the server can read")
            ]
        }
        return matcher.appIDs.map { appID in
            let explained = matcher.explain(appID: appID, url: url, host: host)
            return .init(
                host: host, url: url, appID: appID, decision: explained.verdict.decision.rawValue,
                reason: explained.reason)
        }
    }

    /// The association file each of the app's hosts serves, as the device reads it.
    private func associationMatchers(of app: App) -> [String: AASAMatcher] {
        var matchers: [String: AASAMatcher] = [:]
        for domain in app.domains {
            guard let served = directory.host(domain.host), served.app.id == app.id,
                let document = try? AASADocument(json: Data(served.associationFile.readableBytesView))
            else { continue }
            matchers[domain.host] = AASAMatcher(document)
        }
        return matchers
    }

    /// The open button's link as the alternate host resolves it: the request the tap makes.
    private func openButtonLink(_ openURL: String?) async throws -> ResolvedLink? {
        guard let openURL, let parsed = URLComponents(string: openURL), let name = parsed.host.map(HostName.normalize),
            let host = directory.host(name)
        else { return nil }
        let path = parsed.percentEncodedPath.isEmpty ? "/" : parsed.percentEncodedPath
        return try await LinkResolver(cache: links).resolve(host: host, name: name, path: path, query: parsed.percentEncodedQuery)
    }
}
