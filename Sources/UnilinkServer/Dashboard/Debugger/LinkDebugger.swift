import Foundation
import UnilinkCore

/// What each kind of visitor gets from one link, URL by URL, from `ClickRouter.route`: the
/// same `decide` and preview model the click path uses, so the debugger cannot drift from
/// what happens.
struct LinkDebugger {
    /// Stands for each click's own id; well-formed, so it resolves as one would.
    static let clickID = "debuggerclickid0000000"

    let router: ClickRouter

    /// - Parameters:
    ///   - alternate: the preview page's open button as the alternate host resolves it.
    ///   - opensApp: whether the iOS app's association file on the URL's host claims it.
    ///   - simulated: the visitor's country, languages and moment.
    ///   - rules: whether routing rules and the A/B test shape what each visitor gets, and
    ///     each visitor says which rule held and why (for the team, not FDL's public page).
    func visitors(
        _ link: ResolvedLink, url: String, alternate: ResolvedLink?, simulated: SimulatedVisitor, rules: Bool,
        kinds: [DebugVisitor] = DebugVisitor.all, opensApp: (String) -> Bool
    ) -> [DebuggerPage.Visitor] {
        let query = URLComponents(string: url)?.percentEncodedQuery.map { Substring($0) }
        return kinds.map { visitor in
            var link = link
            var alternate = alternate
            var trace: RuleTrace?
            if rules, LinkShaping.applies(to: link) {
                let agent = UserAgent(visitor.userAgent)
                let reader = RuleVisitor(
                    place: simulated.place, languages: simulated.acceptLanguages, userAgent: agent, time: simulated.time, query: query,
                    campaign: link.content.campaign)
                // One stable stand-in per kind of visitor: real visitors are split by their address.
                let key = LinkRouting.visitorKey(link.link?.id ?? "", "debugger", visitor.id)
                trace = RuleTrace.trace(link, visitor: reader, visitorKey: key)
                let shaping = LinkShaping.shape(&link, visitor: reader, variantCookie: nil, splits: !agent.isCrawler) { key }
                if var next = alternate {
                    _ = LinkShaping.shape(&next, visitor: reader, variantCookie: shaping.variant.map { Substring($0) }, splits: !agent.isCrawler) {
                        key
                    }
                    alternate = next
                }
                if agent.isCrawler { trace?.variant = nil }
            }
            let route = router.route(
                link, for: visitor, tappedURL: url, alternate: alternate, clickID: Self.clickID, time: simulated.time,
                languages: simulated.acceptLanguages, opensApp: opensApp)
            return DebuggerPage.Visitor(
                id: visitor.id, name: visitor.name, agent: visitor.userAgent, summary: route.summary,
                outcome: route.outcome?.rawValue ?? "not counted",
                destinations: route.destinations.map {
                    .init(step: $0.step.rawValue, label: $0.label, kind: $0.kind.rawValue, url: $0.url, why: $0.why.isEmpty ? nil : $0.why)
                },
                inAppBrowser: route.inAppBrowser, rules: trace.map { DebuggerPage.Rules($0) }
            )
        }
    }

    /// The link's addresses its preview page shows, the same on every phone but for the
    /// click id: `og:url` on the primary host, and the open button's on the alternate host
    /// (`nil` when the app has none).
    func addresses(_ link: ResolvedLink) -> (canonical: String, open: String?) {
        let audience = PreviewAudience(platform: .ios, language: .en, clickID: Self.clickID)
        let model = router.model(.page, for: audience, of: link)
        let open = link.app.host(for: .alternate) != nil && model.openURL != model.storeURL ? model.openURL : nil
        return (model.canonicalURL, open)
    }
}
