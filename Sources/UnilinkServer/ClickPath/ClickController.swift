import HTTPTypes
import Foundation
import Hummingbird
import Logging
import NIOCore
import UnilinkCore

/// Every other GET or HEAD on an app's host: a click. Resolves the link from memory,
/// lets `ClickRouter` decide, queues the click and answers; the database is touched only
/// on a cache miss.
struct ClickController {
    let state: ServerState
    let pages: DashboardPages

    /// `group` is the root with the clicks' rate limit; the router generates HEAD, which
    /// `click` answers without counting.
    func register(on group: RouterGroup<AppRequestContext>) {
        group.get("/**", use: click)
    }

    @Sendable func click(_ request: Request, context: AppRequestContext) async throws -> Response {
        let name = HostName.normalize(request.linkHost)
        guard let host = state.directory.host(name) else {
            throw APIError.notFound("no app serves the host '\(name)'")
        }
        return try await click(request, context: context, name: name, host: host)
    }

    /// A click on `host` (named `name`), already found in the directory.
    func click(_ request: Request, context: AppRequestContext, name: String, host: HostDirectory.Host) async throws -> Response {
        if isDebugRequest(request) {
            return try await debugPage(name: name, path: request.uri.path, query: request.uri.query ?? "")
        }
        let link = try await LinkResolver(cache: state.links).resolve(host: host, name: name, path: request.uri.path, query: request.uri.query)
        return answer(request, name: name, host: host, link: link, clientAddress: state.clientAddress(request, context), logger: context.logger).response
    }

    /// FDL's `?d=1` asks for the link debugger instead of following the link.
    func isDebugRequest(_ request: Request) -> Bool {
        guard let query = request.uri.query, query.contains("d=1") else { return false }
        return URLText.queryItems(Substring(query)).contains { $0.name == "d" && $0.value == "1" }
    }

    /// The answer to a click on `link` (`nil`: no link there), which is queued for recording.
    /// Needs nothing but memory, so `LinkHostFastPath` answers with it too.
    func answer(
        _ request: Request, name: String, host: HostDirectory.Host, link: consuming ResolvedLink?, clientAddress: String?, logger: Logger
    ) -> BufferedResponse {
        guard let link else {
            return Pages.notFound(appName: host.app.name, webURL: host.app.web.fallbackURL)
        }
        let path = request.uri.path
        let query = request.uri.query
        let userAgentHeader = request.headers.value(.userAgent) ?? ""
        let carriedClickID = carriedClickID(query, role: host.role)
        let now = Date.now
        let visit = Visit(
            userAgent: UserAgent(userAgentHeader),
            isHead: request.method == .head,
            languages: Visit.languages(fromAcceptLanguage: request.headers.value(.acceptLanguage)),
            clickID: carriedClickID ?? Identifiers.clickID(at: now),
            time: now,
            clientAddress: clientAddress,
            knownInstalled: knownInstalled(query, link: link.link)
        )
        let router = ClickRouter(addressing: state.addressing)
        let decision = router.decide(link, for: visit)
        logger.debug("click", metadata: ["host": "\(name)", "client": "\(visit.clientAddress ?? "-")", "outcome": "\(decision.outcome?.rawValue ?? "none")"])
        let platform = ClickPlatform(visit.userAgent)
        if !visit.isHead { state.clickMetrics.count(decision.outcome, platform) }
        if let outcome = decision.outcome, !visit.isHead {
            state.clicks.enqueue(ClickRecord(
                clickID: visit.clickID, appID: link.app.id, linkID: link.link?.id, time: visit.time, host: name, path: path,
                platform: platform, outcome: outcome, inAppBrowser: visit.userAgent.app?.rawValue,
                pending: pendingClick(link, visit, outcome: outcome, userAgentHeader: userAgentHeader),
                continuesClick: carriedClickID != nil
            ))
        }
        return respond(decision, head: visit.isHead) { form, audience in
            state.previews.page(form, for: audience, of: link, on: host, router: router)
        }
    }

    /// FDL's `?d=1`: the link debugger for this link, public (no recent clicks), not a click.
    private func debugPage(name: String, path: String, query: String) async throws -> Response {
        let kept = URLText.queryItems(Substring(query)).filter { !($0.name == "d" && $0.value == "1") }
        let rest = kept.map { "\(URLText.queryValue($0.name))=\(URLText.queryValue($0.value))" }.joined(separator: "&")
        let url = "https://\(name)\(path)" + (rest.isEmpty ? "" : "?" + rest)
        do {
            return try await LinkDebugPage(state: state, pages: pages).render(url, session: nil)
        } catch let error as DashboardError {
            throw APIError.notFound("\(error)")
        }
    }

    /// A mobile click that may end in an install waits for it, with what matching needs.
    private func pendingClick(_ link: ResolvedLink, _ visit: Visit, outcome: ClickOutcome, userAgentHeader: String) -> PendingClick? {
        let agent = visit.userAgent
        guard agent.os == .ios || agent.os == .android, agent.isMobile,
              [.preview, .store, .intent, .browserHint].contains(outcome) else { return nil }
        let window = link.link?.matchWindowSeconds ?? link.app.matchWindowSeconds
        let keys = state.networkKeys.keys(for: visit.clientAddress)
        return PendingClick(
            clickID: visit.clickID, appID: link.app.id, linkID: link.link?.id, content: link.content, time: visit.time,
            expiresAt: visit.time.addingTimeInterval(TimeInterval(window)), networkKey: keys.network, prefixKey: keys.prefix,
            os: agent.os, osVersion: agent.osVersion, model: agent.model, acceptLanguages: visit.languages,
            safariVersion: agent.app == nil ? UserAgent.safariVersion(userAgentHeader) : nil,
            reachedStore: outcome == .store || outcome == .intent
        )
    }

    /// The preview page's button carries its click id to the alternate host, so the
    /// store redirect continues the same click (and the Play referrer names it).
    /// The sender's signed word that this visitor has the app; a marker for another link is no marker.
    private func knownInstalled(_ query: String?, link: Link?) -> Bool {
        guard let link, let query, query.contains(LinkParameters.installedKey),
              let marker = URLText.queryItems(Substring(query)).last(where: { $0.name == LinkParameters.installedKey })?.value else { return false }
        return state.installedMarker.isValid(Substring(marker), for: link)
    }

    private func carriedClickID(_ query: String?, role: HostRole) -> String? {
        guard role == .alternate, let query,
              let carried = URLText.queryItems(Substring(query)).last(where: { $0.name == LinkParameters.clickKey })?.value,
              ClickID.isWellFormed(Substring(carried)) else { return nil }
        return carried
    }

    private func respond(
        _ decision: ClickDecision, head: Bool, page: (PreviewForm, PreviewAudience) -> ByteBuffer
    ) -> BufferedResponse {
        switch decision {
        case .redirect(let location, _):
            // The destination learns nothing of the link (its code, campaign or the click id).
            return Self.redirect(location)
        case .previewPage(let audience):
            return Pages.html(page(.page, audience), head: head, cache: "no-store")
        case .openInBrowserHint(let audience):
            return Pages.html(page(.browserHint, audience), head: head, cache: "no-store")
        case .crawlerPage(let audience):
            // The same URL answers people differently: no shared cache may keep the crawler's page.
            var response = Pages.html(page(.crawlerCard, audience), head: head, cache: "private, max-age=300")
            response.headers[.vary] = "User-Agent"
            return response
        case .gone:
            return Pages.gone()
        case .scheme(let location):
            return Self.redirect(location)
        case .refused(let reason):
            return Pages.refused(reason)
        }
    }

    private static func redirect(_ location: String) -> BufferedResponse {
        BufferedResponse(status: .found, headers: [.location: location, .cacheControl: "no-store", referrerPolicy: "no-referrer"], body: ByteBuffer())
    }

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
