import Foundation
import HTTPTypes
import Hummingbird
import Logging
import NIOCore
import UnilinkAPI
import UnilinkCore

/// Every GET or HEAD on an app's host that is not an association file: a click. The one
/// click handler, for both ways a click arrives: `LinkHostFastPath` asks `answerFromMemory`
/// in the channel, and `LinkHostResponder` calls `answer` for what only the store answers
/// (a link not in memory, the debugger). Either way the rate limit is checked once, the
/// link resolved, `ClickRouter` decides, the click is queued, and the answer is built here.
struct ClickController: Sendable {
    let links: LinkCache
    let clicks: ClickQueue
    let previews: PreviewPageCache
    let port: BoundPort
    let metrics: ClickMetrics
    let networkKeys: NetworkKeys
    let installedMarker: InstalledMarker
    let addresses: ClientAddressResolver
    /// The clicks' rate limit; `nil` when limits are off.
    let limit: RateLimitMiddleware?
    let debugPage: LinkDebugPage
    let automated: AutomatedTraffic
    /// Addresses opening every link of a message at once: a scanner.
    let bursts: BurstWatch
    /// The visitor's country and region, for routing rules and the by-country numbers (`GeoLocator`).
    var place: @Sendable (String) -> VisitorPlace? = { _ in nil }
    /// Whether a country database is open: only then is a click counted by country.
    var locates: @Sendable () -> Bool = { false }

    /// The answer memory alone gives, or `nil` when only the store can (a link memory does
    /// not hold, the debugger): then `answer` is asked, and the limit is counted there.
    func answerFromMemory(_ request: Request, name: String, host: HostDirectory.Host, peer: String?, logger: Logger) -> BufferedResponse? {
        guard !isDebugRequest(request) else { return nil }
        let link: ResolvedLink?
        do {
            link = try LinkResolver(cache: links).resolveFromMemory(host: host, name: name, path: request.uri.path, query: request.uri.query)
        } catch {
            return nil
        }
        metrics.countAnsweredFromMemory()
        let address = addresses.address(request, peer: peer, logger: logger)
        if let refusal = limit?.refusal(request, address: address) { return refusal }
        return answer(request, name: name, host: host, link: link, clientAddress: address, logger: logger)
    }

    /// The answer with the store's help.
    func answer(_ request: Request, name: String, host: HostDirectory.Host, peer: String?, logger: Logger) async throws -> BufferedResponse {
        let address = addresses.address(request, peer: peer, logger: logger)
        if let refusal = limit?.refusal(request, address: address) { return refusal }
        if isDebugRequest(request) {
            return try await debugAnswer(name: name, path: request.uri.path, query: request.uri.query ?? "", head: request.method == .head)
        }
        let link = try await LinkResolver(cache: links).resolve(host: host, name: name, path: request.uri.path, query: request.uri.query)
        return answer(request, name: name, host: host, link: link, clientAddress: address, logger: logger)
    }

    /// A browser loading the link ahead of a tap that may never come (`Sec-Purpose:
    /// prefetch`, and the older `Purpose` and `X-Purpose`).
    static func isPrefetch(_ request: Request) -> Bool {
        // One pass over the few fields a click has, not a look-up per name.
        for field in request.headers where prefetchFields.contains(field.name) {
            if field.value.contains("prefetch") || field.value.contains("preview") { return true }
        }
        return false
    }

    private static let prefetchFields = Set(["Sec-Purpose", "Purpose", "X-Purpose", "X-Moz"].compactMap { HTTPField.Name($0) })

    /// FDL's `?d=1` asks for the link debugger instead of following the link.
    func isDebugRequest(_ request: Request) -> Bool {
        guard let query = request.uri.query, query.contains("d=1") else { return false }
        return URLText.queryItems(Substring(query)).contains { $0.name == "d" && $0.value == "1" }
    }

    /// The answer to a click on `link` (`nil`: no link there), which is queued for recording
    /// unless it is a HEAD (a link check, not a click).
    private func answer(
        _ request: Request, name: String, host: HostDirectory.Host, link: consuming ResolvedLink?, clientAddress: String?, logger: Logger
    ) -> BufferedResponse {
        let head = request.method == .head
        guard var link else {
            return Pages.notFound(appName: host.app.name, webURL: host.app.web.fallbackURL).withoutBody(if: head)
        }
        let path = request.uri.path
        let query = request.uri.query
        let userAgentHeader = request.headers.value(.userAgent) ?? ""
        let carriedClickID = ClickRecording.carriedClickID(query: query, role: host.role)
        let now = Date.now
        let userAgent = UserAgent(userAgentHeader)
        // Scanners and robots (`AutomatedTraffic`): AI crawlers and fetchers get the card.
        let verdict = automated.verdict(userAgent, header: userAgentHeader, address: clientAddress, prefetch: Self.isPrefetch(request))
        let visit = Visit(
            userAgent: userAgent,
            isHead: head,
            languages: Visit.languages(fromAcceptLanguage: request.headers.value(.acceptLanguage)),
            clickID: carriedClickID ?? Identifiers.clickID(at: now),
            time: now,
            clientAddress: clientAddress,
            knownInstalled: knownInstalled(query, link: link.link),
            escaped: query?.contains(LinkParameters.escapedKey) == true,
            touchScreen: query?.contains(LinkParameters.touchKey) == true,
            aiAgent: verdict.getsCard
        )
        var shaping = LinkShaping()
        // Looked up once: for the rules that read it, and for the numbers by country of a
        // click that is counted (only the country is kept).
        let locating = !head && locates()
        let visitorPlace = locating || LinkShaping.needsPlace(link) ? clientAddress.flatMap(place) : nil
        let rules = LinkShaping.applies(to: link)
        if rules {
            let visitor = RuleVisitor(
                place: visitorPlace, languages: visit.languages,
                userAgent: visit.userAgent, time: now, query: query.map { Substring($0) }, campaign: link.content.campaign)
            // The alternate host gets no cookie of the short host, nor the query its rules read,
            // and the system browser an in-app browser's escape opens has neither the cookie nor
            // the in-app User-Agent: the preview's button and the escape carry the variant and
            // the rule decision with the click.
            var carriedVariant: String?
            var carriedRule: CarriedRule?
            if carriedClickID != nil, host.role == .alternate || query?.contains(LinkParameters.escapedKey) == true, let query {
                for item in URLText.queryItems(Substring(query)) {
                    if item.name == LinkParameterKey.variant { carriedVariant = item.value }
                    if item.name == LinkParameterKey.rule { carriedRule = CarriedRule(parameter: Substring(item.value)) }
                }
            }
            let code = link.link?.code
            let cookie =
                request.headers[.cookie].flatMap { header in
                    code.flatMap { VariantCookie.value(in: Substring(header), name: VariantCookie.name(code: $0)) }
                }
                ?? carriedVariant.map { Substring($0) }
            let linkID = link.link?.id ?? ""
            shaping = LinkShaping.shape(
                &link, visitor: visitor, variantCookie: cookie, carried: carriedRule, splits: !head && !visit.userAgent.isCrawler
            ) {
                LinkRouting.visitorKey(linkID, clientAddress ?? "", userAgentHeader)
            }
        }
        let router = ClickRouter(addressing: port.addressing)
        let decision = router.decide(link, for: visit)
        logger.debug(
            "click", metadata: ["host": "\(name)", "client": "\(visit.clientAddress ?? "-")", "outcome": "\(decision.outcome?.rawValue ?? "none")"])
        let platform = ClickPlatform(visit.userAgent)
        if !head { metrics.count(decision.outcome, platform) }
        // An AI agent's card is no click, but is counted with the robots (as a preview).
        if let outcome = decision.outcome ?? (visit.aiAgent ? .preview : nil), !head {
            // A scanner or a robot gets the person's answer (a mail gateway must not flag the
            // link), but is counted apart and leaves nothing deferred matching could draw.
            var traffic = verdict.traffic
            if traffic == .person, let clientAddress, let linkID = link.link?.id, bursts.click(address: clientAddress, link: linkID) {
                traffic = .scanner
            }
            var pending =
                traffic.isAutomated
                ? nil
                : ClickRecording.pendingClick(
                    link, visit, outcome: outcome, network: networkKeys.network(of: visit.clientAddress), userAgentHeader: userAgentHeader,
                    variant: shaping.variant)
            // Whether Play's referrer will name the click (not when an FDL link's `afl` is the fallback).
            pending?.referredToPlay = PlayReferral.namesClick(decision, clickID: visit.clickID, os: visit.userAgent.os)
            clicks.enqueue(
                ClickRecord(
                    clickID: visit.clickID, appID: link.app.id, linkID: link.link?.id, time: visit.time, host: name, path: path,
                    platform: platform, outcome: outcome, inAppBrowser: visit.userAgent.app?.rawValue,
                    pending: pending,
                    continuesClick: carriedClickID != nil, campaign: link.link?.content.campaign?.campaign,
                    traffic: traffic.isAutomated ? traffic : nil, variant: shaping.variant,
                    country: locating ? visitorPlace?.country ?? "" : nil, rule: rules ? RuleHit(shaping) : nil
                ))
        }
        var response = respond(decision, head: head) { form, audience in
            previews.page(form, for: audience, of: link, on: host, router: router)
        }
        if shaping.assignsVariant, let variant = shaping.variant, let code = link.link?.code {
            response.headers[.setCookie] = VariantCookie.setCookie(
                name: VariantCookie.name(code: code), value: variant, secure: port.addressing.origin(of: name).hasPrefix("https:"))
        }
        return response
    }

    /// FDL's `?d=1`: the link debugger for this link, public (no recent clicks), not a click.
    private func debugAnswer(name: String, path: String, query: String, head: Bool) async throws -> BufferedResponse {
        let kept = URLText.queryItems(Substring(query)).filter { !($0.name == "d" && $0.value == "1") }
        let rest = kept.map { "\(URLText.queryValue($0.name))=\(URLText.queryValue($0.value))" }.joined(separator: "&")
        let url = "https://\(name)\(path)" + (rest.isEmpty ? "" : "?" + rest)
        do {
            return try await debugPage.render(url, session: nil).withoutBody(if: head)
        } catch let error as DashboardError {
            throw APIError.notFound("\(error)")
        }
    }

    /// The sender's signed word that this visitor has the app; a marker for another link is no marker.
    private func knownInstalled(_ query: String?, link: Link?) -> Bool {
        guard let link, let query, query.contains(LinkParameters.installedKey),
            let marker = URLText.queryItems(Substring(query)).last(where: { $0.name == LinkParameters.installedKey })?.value
        else { return false }
        return installedMarker.isValid(Substring(marker), for: link)
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
            return Pages.gone().withoutBody(if: head)
        case .scheme(let location):
            return Self.redirect(location)
        case .touchCheck(let desktop, let touch):
            return Pages.touchCheck(desktop: desktop, touch: touch, head: head)
        case .refused(let reason):
            return Pages.refused(reason).withoutBody(if: head)
        }
    }

    private static func redirect(_ location: String) -> BufferedResponse {
        BufferedResponse(
            status: .found, headers: [.location: location, .cacheControl: "no-store", referrerPolicy: "no-referrer"], body: ByteBuffer())
    }

    private static let referrerPolicy = HTTPField.Name("Referrer-Policy")!
}
