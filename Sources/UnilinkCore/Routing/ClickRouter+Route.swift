public import Foundation

/// The link debugger's view of routing: the URLs a decision sends a visitor to, read from
/// the same `decide` and `model` the click path runs (so the debugger cannot drift from
/// what happens), each with the field or default that chose it. Nothing here runs on a
/// click.
extension ClickRouter {
    /// What `visitor` gets from `link`.
    /// - Parameters:
    ///   - tappedURL: the link as the visitor taps it.
    ///   - alternate: the preview page's open button as the alternate host resolves it
    ///     (`nil` when the app has none or it resolves to no link).
    ///   - clickID: stands for the id each click gets (it shows in `ul_click` and Play's referrer).
    ///   - opensApp: whether the iOS app's association file claims a URL (a universal link).
    ///   - languages: the visitor's, most preferred first (the preview page's language).
    public func route(
        _ link: ResolvedLink, for visitor: DebugVisitor, tappedURL: String, alternate: ResolvedLink?, clickID: String, time: Date,
        languages: [String] = ["en"], opensApp: (String) -> Bool
    ) -> VisitorRoute {
        let agent = UserAgent(visitor.userAgent)
        let visit = Visit(userAgent: agent, languages: languages, clickID: clickID, time: time, knownInstalled: visitor.knownInstalled)
        if visitor.hasApp, agent.os == .ios, link.app.ios != nil, opensApp(tappedURL) {
            return VisitorRoute(
                visitor: visitor, outcome: nil, summary: "iOS opens the app directly (a universal link); the server never sees this click.",
                destinations: [
                    ClickDestination(
                        step: .appOpens, label: "The app opens", kind: .link, url: tappedURL,
                        why: "the association file of \(link.host) claims this URL for the app")
                ])
        }
        if visitor.hasApp, agent.os == .android, let package = link.app.android?.package {
            return VisitorRoute(
                visitor: visitor, outcome: nil,
                summary:
                    "Android opens the app directly when its manifest declares this host with autoVerify and assetlinks.json verifies; otherwise as without the app.",
                destinations: [
                    ClickDestination(
                        step: .appOpens, label: "The app opens", kind: .link, url: tappedURL,
                        why: "an App Link of \(package), verified by \(link.host)/.well-known/assetlinks.json")
                ])
        }
        if visitor.hasApp, agent.isHarmonyMobile, let harmony = link.app.harmony, !harmony.appIdentifiers.isEmpty {
            return VisitorRoute(
                visitor: visitor, outcome: nil,
                summary:
                    "HarmonyOS opens the app directly (App Linking) when its module.json5 declares this host with domainVerify and applinking.json lists its APP ID; otherwise as without the app.",
                destinations: [
                    ClickDestination(
                        step: .appOpens, label: "The app opens", kind: .link, url: tappedURL,
                        why: "App Linking of \(harmony.bundleName), verified by \(link.host)/.well-known/applinking.json")
                ])
        }
        let decision = decide(link, for: visit)
        var destinations = self.destinations(of: decision, link: link, visit: visit, step: .redirect)
        if let open = destinations.first(where: { $0.step == .openButton && $0.kind == .alternateHost }), let alternate {
            if visitor.hasApp, agent.os == .ios, opensApp(open.url) {
                destinations.append(
                    ClickDestination(
                        step: .appOpens, label: "Tapping “Open in the app” opens the app", kind: .link, url: open.url,
                        why: "the association file of \(alternate.host) claims this URL for the app, and the tap goes to another host"))
            } else {
                let next = decide(alternate, for: visit)
                switch next {
                case .redirect, .scheme: destinations += self.destinations(of: next, link: alternate, visit: visit, step: .alternateRedirect)
                case .previewPage, .crawlerPage, .openInBrowserHint, .gone, .refused, .touchCheck: break
                }
            }
        }
        return VisitorRoute(
            visitor: visitor, outcome: decision.outcome, summary: summary(decision, of: link), destinations: destinations,
            inAppBrowser: inAppBrowsers.row(for: agent)?.summary)
    }

    /// The URLs one decision sends the visitor to: the redirect (and an intent's fallback),
    /// or the page's buttons and app tags as the preview template renders them.
    public func destinations(of decision: ClickDecision, link: ResolvedLink, visit: Visit, step: ClickDestination.Step) -> [ClickDestination] {
        func destination(_ step: ClickDestination.Step, _ label: String, _ url: String) -> ClickDestination {
            let (kind, why) = explainURL(url, of: link, visit: visit)
            return ClickDestination(step: step, label: label, kind: kind, url: url, why: why)
        }
        switch decision {
        case .redirect(let url, _), .scheme(let url):
            let label = step == .alternateRedirect ? "On \(link.host), 302 redirect to" : "302 redirect to"
            var list = [destination(step, label, url)]
            if let fallback = Self.intentFallback(url) { list.append(destination(.intentFallback, "Without the app, Chrome goes to", fallback)) }
            return list
        case .previewPage, .openInBrowserHint:
            guard let model = self.model(of: decision, for: link) else { return [] }
            var list: [ClickDestination] = []
            if let open = model.openURL, !open.isEmpty {
                if open != model.storeURL, let alternate = link.app.host(for: .alternate) {
                    list.append(
                        ClickDestination(
                            step: .openButton, label: "“Open in the app” button", kind: .alternateHost, url: open,
                            why:
                                "the link on the app's alternate host \(alternate) with this click's id (ul_click): a tap to another host is what lets iOS and Android open the app"
                        ))
                } else {
                    list.append(destination(.openButton, "“Open in the app” button", open))
                }
            }
            if let store = model.storeURL, !store.isEmpty { list.append(destination(.storeButton, "“Get the app” button", store)) }
            if let web = model.webURL, !web.isEmpty { list.append(destination(.webButton, "“Continue on the web” link", web)) }
            return list
        case .crawlerPage:
            guard let model = self.model(of: decision, for: link) else { return [] }
            var list = [
                ClickDestination(
                    step: .metaTag, label: "og:url", kind: .link, url: model.canonicalURL, why: "the link on the app's primary host")
            ]
            if let scheme = model.iosSchemeURL {
                list.append(
                    ClickDestination(
                        step: .metaTag, label: "al:ios:url", kind: .scheme, url: scheme,
                        why: "the app's iOS scheme (ios.scheme) with the link's path and query"))
            }
            if let scheme = model.androidSchemeURL {
                list.append(
                    ClickDestination(
                        step: .metaTag, label: "al:android:url", kind: .scheme, url: scheme,
                        why: "the app's Android scheme (android.scheme) with the link's path and query"))
            }
            if let web = model.webURL { list.append(destination(.metaTag, "al:web:url", web)) }
            return list
        case .touchCheck(let desktop, let touch):
            return [
                destination(step, "Without a touch screen (a Mac), by script or, without JavaScript, a refresh, to", desktop),
                ClickDestination(
                    step: .touchScreen, label: "With a touch screen (an iPad asking for desktop sites), to", kind: .link, url: touch,
                    why: "the link on \(handOnHost(link)) with this click's id and ul_touch=1, which routes Safari's Mac string as an iPad"),
            ]
        case .gone, .refused:
            return []
        }
    }

    /// Which field or default a URL the router chose is the value of, in the order the
    /// router prefers them.
    func explainURL(_ url: String, of link: ResolvedLink, visit: Visit) -> (ClickDestination.Kind, String) {
        let app = link.app
        if let escape = inAppBrowsers.row(for: visit.userAgent)?.usableEscape, url == escapeURL(link, visit, escape) {
            return (
                .link,
                "the in-app browser's documented escape to the system browser (\(escape.source)): the link runs its ordinary route there, with this click's id, once (ul_escaped)"
            )
        }
        if url.hasPrefix("intent://") {
            return (
                .intent,
                "Chrome's intent for the link on \(link.host), package \(app.android?.package ?? "?"): it opens the app when installed although App Links did not fire, otherwise its browser_fallback_url (it needs a tap)"
            )
        }
        if url == app.appStoreURL {
            let fdl = link.dynamicLink?.storeAnalytics.isEmpty == false ? " (FDL's pt/ct/at/mt go to the link's data, not to this URL)" : ""
            return (.appStore, "the app's App Store id (ios.app_store_id \(app.ios?.appStoreID ?? "")); no campaign parameters are added\(fdl)")
        }
        if url == app.playStoreURL(referrer: visit.clickID) {
            return (
                .playStore,
                "the app's package (android.package \(app.android?.package ?? "")) with referrer = this click's id, which the app reads once after install (Play Install Referrer API)"
            )
        }
        if url == app.appGalleryURL {
            let source =
                app.harmony?.appGalleryURL == nil
                ? "the AppGallery page of harmony.bundle_name \(app.harmony?.bundleName ?? "")" : "harmony.app_gallery_url"
            return (.appGallery, "the app's AppGallery page (\(source)): the link has no web page for a HarmonyOS NEXT phone")
        }
        if let fdl = link.dynamicLink.flatMap({
            try? $0.checked(policy: link.destinations, appHosts: Set(app.domains.map { $0.host.lowercased() })).get()
        }) {
            if url == fdl.iPadFallback, visit.userAgent.device == .tablet { return (.iPadFallback, "FDL's ipfl (an iPad)") }
            if url == fdl.iosFallback { return (.iosFallback, "FDL's ifl (iOS without the app)") }
            if url == fdl.androidFallback { return (.androidFallback, "FDL's afl (Android without the app)") }
            if url == fdl.desktopFallback { return (.desktopFallback, "FDL's ofl (not a phone)") }
            if url == fdl.link { return (.deepLink, "FDL's link: no fallback parameter (ifl, afl, ofl) applies") }
        }
        if url == link.allowed(link.content.iosURL, .platform) { return (.platformURL, "the link's ios_url") }
        if url == link.allowed(link.content.androidURL, .platform) { return (.platformURL, "the link's android_url") }
        if !visit.userAgent.isMobile, !visit.userAgent.isHarmonyMobile, url == link.allowed(link.content.desktopURL, .web) {
            return (.web, "the link's desktop_url")
        }
        if url == link.allowed(link.content.webURL, .web) { return (.web, "the link's web_url") }
        if url == link.allowed(app.web.fallbackURL, .web) { return (.web, "the app's web fallback_url (the link has no web_url)") }
        let schemes = [
            (link.schemeURL(app.ios?.scheme), "the app's iOS scheme (ios.scheme) with the link's path and query"),
            (link.schemeURL(app.android?.scheme), "the app's Android scheme (android.scheme) with the link's path and query"),
            (link.schemeURL(app.harmony?.scheme), "the app's HarmonyOS scheme (harmony.scheme) with the link's path and query"),
        ]
        // The apps often share one scheme: the visitor's platform names it first.
        let first =
            switch visit.userAgent.os {
            case .android: 1
            case .harmony: 2
            default: 0
            }
        for (scheme, why) in [schemes[first]] + schemes where url == scheme { return (.scheme, why) }
        return (.web, "")
    }

    /// The `S.browser_fallback_url` of an intent URL, decoded as Chrome reads it.
    static func intentFallback(_ url: String) -> String? {
        guard url.hasPrefix("intent://"), let start = url.range(of: ";S.browser_fallback_url=") else { return nil }
        let rest = url[start.upperBound...]
        return URLText.decode(rest.prefix { $0 != ";" })
    }

    /// The decision in one sentence.
    func summary(_ decision: ClickDecision, of link: ResolvedLink) -> String {
        switch decision {
        case .redirect(_, .expired):
            return "The link expired: a 302 redirect to the web page."
        case .redirect(let location, _):
            if location.hasPrefix("intent://") { return "A 302 redirect to Chrome's intent: the app if installed, else the fallback." }
            return "A 302 redirect, before any page."
        case .previewPage:
            return "The preview page (200); the click waits for a deferred match."
        case .openInBrowserHint:
            return "The preview page with a hint to open it in the real browser (this in-app browser blocks app links)."
        case .crawlerPage:
            let title = model(of: decision, for: link)?.title ?? ""
            return "Meta tags only, titled “\(title)”: not a click."
        case .gone:
            return "410: the link expired and the app has no web page."
        case .scheme:
            return "A 302 redirect to the app's scheme: the sender marked this visitor as having the app."
        case .refused(let reason):
            return "400 error page, no redirect: \(reason)."
        case .touchCheck:
            return "A tiny page (200) that sends a Mac to the desktop page and a touch screen (an iPad asking for desktop sites) to the iPad's route."
        }
    }
}
