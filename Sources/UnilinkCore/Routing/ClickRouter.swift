import UnilinkAPI

/// Decides what one click gets (Docs/ARCHITECTURE.md section 3a). Pure: no I/O, no clock, no
/// randomness; the click id and time come in with the visit.
public struct ClickRouter: Sendable {
    public var addressing: HostAddressing
    /// What each named in-app browser can open (`in-app-browsers.json`).
    public var inAppBrowsers: InAppBrowserTable

    public init(addressing: HostAddressing, inAppBrowsers: InAppBrowserTable = .builtIn) {
        self.addressing = addressing
        self.inAppBrowsers = inAppBrowsers
    }

    public func decide(_ link: ResolvedLink, for visit: Visit) -> ClickDecision {
        if let dynamicLink = link.dynamicLink { return FirebaseRouter(router: self).decide(link, dynamicLink, for: visit) }
        return decideOrdinary(link, for: visit)
    }

    /// Unilink's own routing, which FDL's defers to for previews and crawlers.
    func decideOrdinary(_ link: ResolvedLink, for visit: Visit) -> ClickDecision {
        let agent = visit.userAgent
        if agent.isCrawler || visit.aiAgent { return .crawlerPage(PreviewAudience(visit)) }
        if let stored = link.link, stored.isExpired(at: visit.time) {
            return link.webPage.map { .redirect($0, record: .expired) } ?? .gone
        }
        // The in-app browser's row: on a phone WeChat and its kind block app links; on a
        // desktop they open the web page as any browser does (no row).
        let inApp = inAppBrowsers.row(for: agent)
        if let inApp, agent.isMobile, !visit.escaped, let escape = inApp.usableEscape, opensAnApp(link, on: agent.os) {
            return .redirect(escapeURL(link, visit, escape), record: .browserHint)
        }
        if let inApp, inApp.overlay, agent.isMobile { return .openInBrowserHint(PreviewAudience(visit)) }
        switch (agent.os, agent.isMobile) {
        case (.ios, true): return iOS(link, visit, inApp)
        case (.android, true): return android(link, visit, inApp)
        case (.harmony, _) where agent.isHarmonyMobile: return harmony(link, visit)
        default: return desktop(link, visit)
        }
    }

    /// A HarmonyOS NEXT phone or tablet reaches the server only when App Linking did not open
    /// the app (not installed, or the host not verified): Huawei's rule is the web page then;
    /// a link with none goes to AppGallery. No preview page: the SDK that would match the
    /// install afterwards does not exist for HarmonyOS.
    private func harmony(_ link: ResolvedLink, _ visit: Visit) -> ClickDecision {
        let harmony = link.app.harmony
        if visit.knownInstalled, !link.content.webOnly, let scheme = link.schemeURL(harmony?.scheme) { return .scheme(scheme) }
        if let web = link.webPage { return .redirect(web, record: .web) }
        if !link.content.webOnly, let store = link.app.appGalleryURL { return .redirect(store, record: .store) }
        return .previewPage(PreviewAudience(visit))
    }

    private func desktop(_ link: ResolvedLink, _ visit: Visit) -> ClickDecision {
        if let url = link.allowed(link.content.desktopURL, .web) ?? link.webPage {
            // Maybe an iPad asking for desktop sites: the page tells, and sends a touch screen on to the iOS route.
            if visit.userAgent.mayBeIPad, link.app.ios != nil, !link.content.webOnly {
                let touch = link.url(
                    on: handOnHost(link), addressing: addressing, extra: [(LinkParameters.clickKey, visit.clickID), (LinkParameters.touchKey, "1")])
                return .touchCheck(desktop: url, touch: touch)
            }
            return .redirect(url, record: .web)
        }
        return .previewPage(PreviewAudience(visit))
    }

    private func iOS(_ link: ResolvedLink, _ visit: Visit, _ inApp: InAppBrowser?) -> ClickDecision {
        let web = link.webPage
        if link.content.webOnly || link.app.ios == nil {
            return web.map { .redirect($0, record: .web) } ?? .previewPage(PreviewAudience(visit))
        }
        if visit.knownInstalled, inApp?.customSchemes != .no, let scheme = link.schemeURL(link.app.ios?.scheme) { return .scheme(scheme) }
        guard link.role == .alternate else { return .previewPage(PreviewAudience(visit)) }
        if let custom = link.allowed(link.content.iosURL, .platform) { return .redirect(custom, record: .platformURL) }
        if let store = link.app.appStoreURL { return .redirect(store, record: .store) }
        return web.map { .redirect($0, record: .web) } ?? .previewPage(PreviewAudience(visit))
    }

    private func android(_ link: ResolvedLink, _ visit: Visit, _ inApp: InAppBrowser?) -> ClickDecision {
        let web = link.webPage
        if link.content.webOnly || link.app.android == nil {
            return web.map { .redirect($0, record: .web) } ?? .previewPage(PreviewAudience(visit))
        }
        // Chrome and the browsers launch intents; an in-app web view only when its row says so.
        let launchesIntents = visit.userAgent.app == nil || inApp?.intents == .yes
        if visit.knownInstalled {
            // The intent opens the app, or Play if it was removed since.
            if launchesIntents, let play = link.app.playStoreURL(referrer: visit.clickID) {
                return .redirect(intentURL(link, visit, fallback: play), record: .intent)
            }
            if inApp?.customSchemes != .no, let scheme = link.schemeURL(link.app.android?.scheme) { return .scheme(scheme) }
        }
        guard link.role == .alternate else { return .previewPage(PreviewAudience(visit)) }
        if let custom = link.allowed(link.content.androidURL, .platform) { return .redirect(custom, record: .platformURL) }
        guard let play = link.app.playStoreURL(referrer: visit.clickID) else {
            return web.map { .redirect($0, record: .web) } ?? .previewPage(PreviewAudience(visit))
        }
        // A web view that cannot launch intents (or that nobody knows can): the Play link alone.
        if !launchesIntents { return .redirect(play, record: .store) }
        return .redirect(intentURL(link, visit, fallback: play), record: .intent)
    }

    /// Whether the link may open an app on the platform: what an escape to the system browser is for.
    private func opensAnApp(_ link: ResolvedLink, on os: UserAgent.OS) -> Bool {
        !link.content.webOnly && (os == .ios ? link.app.ios != nil : link.app.android != nil)
    }

    /// Where a link handed on with a marker (an escape, the touch check) is addressed: the
    /// host it was tapped on, as a long link; a short host answers only its codes, so the
    /// primary host (the same route) stands in for it.
    func handOnHost(_ link: ResolvedLink) -> String {
        link.role == .short ? link.app.host(for: .primary) ?? link.host : link.host
    }

    /// The link as the in-app browser's documented escape hands it to the system browser:
    /// on the host it was tapped on (`handOnHost`), with the click's id (the system browser's request
    /// continues this click) and `ul_escaped` (never sent out twice).
    /// The rule or variant the click got goes with it, so the system browser's step keeps
    /// them instead of deciding again with another User-Agent and without the variant cookie.
    public func escapeURL(_ link: ResolvedLink, _ visit: Visit, _ escape: InAppBrowser.Escape) -> String {
        let marked = link.url(
            on: handOnHost(link), addressing: addressing,
            extra: [(LinkParameters.clickKey, visit.clickID)] + Self.decisions(of: link) + [(LinkParameters.escapedKey, "1")])
        switch escape.kind {
        case .query: return marked + "&" + escape.value
        case .scheme: return escape.value + URLText.queryValue(marked)
        }
    }

    /// The routing rule (`ul_rule`) and A/B variant (`ul_ab`) a shaped link got, for the
    /// step that continues its click on another host or in another browser.
    static func decisions(of link: ResolvedLink) -> [(String, String)] {
        var carried: [(String, String)] = []
        if let rule = CarriedRule(shaped: link) { carried.append((LinkParameterKey.rule, rule.parameter)) }
        if let variant = link.variant { carried.append((LinkParameterKey.variant, variant)) }
        return carried
    }

    /// Chrome's intent URL: opens the app when installed although App Links did not fire,
    /// otherwise the Play Store with the click id as install referrer.
    public func intentURL(_ link: ResolvedLink, _ visit: Visit, fallback: String) -> String {
        let target = link.url(on: link.host, addressing: addressing)
        let withoutScheme = target.drop(while: { $0 != ":" }).dropFirst(3)
        let scheme = target.hasPrefix("http://") ? "http" : "https"
        let package = link.app.android?.package ?? ""
        return "intent://\(withoutScheme)#Intent;scheme=\(scheme);package=\(package);S.browser_fallback_url=\(URLText.queryValue(fallback));end"
    }

    /// The page a preview, crawler or browser-hint decision shows; `nil` for the others.
    public func model(of decision: ClickDecision, for link: ResolvedLink) -> PreviewModel? {
        switch decision {
        case .previewPage(let audience): model(.page, for: audience, of: link)
        case .crawlerPage(let audience): model(.crawlerCard, for: audience, of: link)
        case .openInBrowserHint(let audience): model(.browserHint, for: audience, of: link)
        case .redirect, .gone, .scheme, .refused, .touchCheck: nil
        }
    }

    public func model(_ form: PreviewForm, for audience: PreviewAudience, of link: ResolvedLink) -> PreviewModel {
        var model = preview(link, audience)
        switch form {
        case .page:
            break
        case .crawlerCard:
            model.pasteboardToken = nil
            model.collectsSignals = false
        case .browserHint:
            model.showsBrowserHint = true
        }
        return model
    }

    private func preview(_ link: ResolvedLink, _ audience: PreviewAudience) -> PreviewModel {
        let app = link.app
        let platform = audience.platform
        let primary = app.host(for: .primary) ?? link.host
        let store: (url: String, name: String)? =
            switch platform {
            case .android: app.playStoreURL(referrer: audience.clickID).map { ($0, "Google Play") }
            case .ios: app.appStoreURL.map { ($0, "App Store") }
            case .harmony: app.appGalleryURL.map { ($0, "AppGallery") }
            default: nil
            }
        // Four addresses of the link on one page: its query is built once.
        let query = link.longQuery
        // The button continues the click on the alternate host, with the rule or variant it got
        // here. A tap to the alternate host opens a HarmonyOS app only through App Linking,
        // which needs the app's identifiers in applinking.json.
        let carried = [(LinkParameters.clickKey, audience.clickID)] + Self.decisions(of: link)
        let opensAnApp = platform != .harmony || app.harmony?.appIdentifiers.isEmpty == false
        let openURL = app.host(for: .alternate).flatMap { opensAnApp ? $0 : nil }.map {
            link.url(on: $0, addressing: addressing, extra: carried, longQuery: query)
        }
        let social = link.content.social
        return PreviewModel(
            appName: app.name,
            title: social?.title ?? app.name,
            description: social?.description,
            imageURL: social?.imageURL,
            canonicalURL: link.url(on: primary, addressing: addressing, longQuery: query),
            openURL: openURL ?? store?.url,
            storeURL: store?.url,
            storeName: store?.name,
            webURL: link.webPage,
            appStoreID: app.ios?.appStoreID,
            iosSchemeURL: link.schemeURL(app.ios?.scheme, longQuery: query),
            androidPackage: app.android?.package,
            androidSchemeURL: link.schemeURL(app.android?.scheme, longQuery: query),
            clickID: audience.clickID,
            platform: platform,
            language: audience.language,
            showsBrowserHint: false,
            collectsSignals: platform == .ios || platform == .android,
            pasteboardToken: platform == .ios && app.pasteboardToken == true ? PasteboardToken.make(clickID: audience.clickID) : nil
        )
    }
}
