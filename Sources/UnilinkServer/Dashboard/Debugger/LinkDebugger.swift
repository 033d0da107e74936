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
    func visitors(_ link: ResolvedLink, url: String, alternate: ResolvedLink?, opensApp: (String) -> Bool) -> [DebuggerPage.Visitor] {
        DebugVisitor.all.map { visitor in
            let route = router.route(
                link, for: visitor, tappedURL: url, alternate: alternate, clickID: Self.clickID, time: .now, opensApp: opensApp)
            return DebuggerPage.Visitor(
                id: visitor.id, name: visitor.name, agent: visitor.userAgent, summary: route.summary,
                outcome: route.outcome?.rawValue ?? "not counted",
                destinations: route.destinations.map {
                    .init(step: $0.step.rawValue, label: $0.label, kind: $0.kind.rawValue, url: $0.url, why: $0.why.isEmpty ? nil : $0.why)
                },
                inAppBrowser: route.inAppBrowser
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
