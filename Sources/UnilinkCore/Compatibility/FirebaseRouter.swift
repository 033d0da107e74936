/// Routes a Firebase Dynamic Links long link as FDL did (DOMAIN.md section 10): desktop
/// to `ofl` else `link`; iPhone to the preview page unless `efr=1` (then `ifl` or the App
/// Store); iPad with `ipfl` when given; Android to the app through an intent, falling back
/// to `afl` or Play with the click as referrer; crawlers to the `st`/`sd`/`si` card. Every
/// destination passes the allow-list first, and is redirected to as the browser serializes it.
public struct FirebaseRouter: Sendable {
    public var router: ClickRouter

    public init(router: ClickRouter) {
        self.router = router
    }

    public func decide(_ link: ResolvedLink, _ given: FirebaseDynamicLink, for visit: Visit) -> ClickDecision {
        let appHosts = Set(link.app.domains.map { $0.host.lowercased() })
        let dynamicLink: FirebaseDynamicLink
        switch given.checked(policy: link.destinations, appHosts: appHosts) {
        case .success(let checked): dynamicLink = checked
        case .failure(let refusal): return .refused(refusal.description)
        }
        let agent = visit.userAgent
        if agent.isCrawler || visit.aiAgent { return router.decideOrdinary(link, for: visit) }
        if router.inAppBrowsers.row(for: agent)?.overlay == true, agent.isMobile { return router.decideOrdinary(link, for: visit) }
        let deepLink = dynamicLink.link ?? ""
        switch (agent.os, agent.isMobile) {
        case (.ios, true):
            let fallback = agent.device == .tablet ? (dynamicLink.iPadFallback ?? dynamicLink.iosFallback) : dynamicLink.iosFallback
            // The preview page's button lands on the alternate host: FDL's second step.
            if dynamicLink.forcedRedirect || link.role == .alternate || link.app.ios == nil {
                if let fallback { return .redirect(fallback, record: .platformURL) }
                if link.app.ios != nil, let store = link.app.appStoreURL { return .redirect(store, record: .store) }
                return .redirect(deepLink, record: .web)
            }
            return router.decideOrdinary(link, for: visit)
        case (.android, true):
            guard link.app.android != nil, let play = link.app.playStoreURL(referrer: visit.clickID) else {
                return .redirect(dynamicLink.androidFallback ?? deepLink, record: dynamicLink.androidFallback == nil ? .web : .platformURL)
            }
            let notInstalled = dynamicLink.androidFallback ?? play
            // In-app web views launch intents only where their row says so (`in-app-browsers.json`).
            if agent.app != nil, router.inAppBrowsers.row(for: agent)?.intents != .yes {
                return .redirect(notInstalled, record: dynamicLink.androidFallback == nil ? .store : .platformURL)
            }
            return .redirect(router.intentURL(link, visit, fallback: notInstalled), record: .intent)
        default:
            return .redirect(dynamicLink.desktopFallback ?? deepLink, record: .web)
        }
    }
}
