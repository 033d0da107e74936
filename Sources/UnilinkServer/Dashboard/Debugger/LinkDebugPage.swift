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
    func render(_ text: String, session: DashboardSession?) async throws -> BufferedResponse {
        guard !text.isEmpty else { return pages.page(DebuggerPage(url: text), session: session) }
        let parsed = URLComponents(string: text.contains("://") ? text : "https://\(text)")
        let name = HostName.normalize(parsed?.host ?? "")
        guard let host = directory.host(name) else {
            return pages.page(DebuggerPage(url: text, error: "No app serves the host '\(name)'."), session: session, status: .notFound)
        }
        if let session { _ = try session.app(host.app.id, .linksRead, in: directory) }
        let path = parsed?.percentEncodedPath.isEmpty == false ? parsed!.percentEncodedPath : "/"
        guard let resolved = try await LinkResolver(cache: links).resolve(host: host, name: name, path: path, query: parsed?.percentEncodedQuery)
        else {
            let error = "'\(path)' on \(name) is not a link of \(host.app.name): visitors get the not-found page."
            return pages.page(DebuggerPage(url: text, error: error), session: session, status: .notFound)
        }
        let url = "https://\(name)\(path)" + (parsed?.percentEncodedQuery.map { "?\($0)" } ?? "")
        let aasa = (try? AASADocument(json: Data(host.associationFile.readableBytesView))).map(AASAMatcher.init)
        let rows = LinkDebugger(router: ClickRouter(addressing: port.addressing)).rows(resolved, host: name, claims: aasa ?? host.claims, url: url)
        var claims: [DebuggerPage.Claim] = []
        for domain in host.app.domains {
            guard let other = directory.host(domain.host),
                let matcher = try? AASAMatcher(AASADocument(json: Data(other.associationFile.readableBytesView)))
            else { continue }
            for appID in matcher.appIDs {
                let verdict = matcher.decide(appID: appID, url: "https://\(domain.host)\(path)", host: domain.host)
                claims.append(
                    .init(
                        host: domain.host, appID: appID, decision: verdict.decision.rawValue, rule: verdict.rule?.description ?? "",
                        note: verdict.note ?? ""))
            }
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
            visitors: rows.map { .init(name: $0.name, agent: $0.userAgent, what: $0.what, outcome: $0.outcome) },
            claims: claims,
            clicks: recent.map { .init(time: Timestamp.format($0.time), platform: $0.platform, outcome: $0.outcome, inApp: $0.inAppBrowser ?? "") }
        )
        return pages.page(DebuggerPage(url: text, resolved: explained), session: session)
    }
}
