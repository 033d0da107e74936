import Foundation
import UnilinkCore

/// Where a link sends a person on each platform, decided by the click path's own router
/// (so the page cannot say one thing while clicks do another).
enum LinkDestinations {
    struct Row: Sendable {
        let platform: String
        /// With the app installed: universal links / App Links open it before any request.
        let withApp: String?
        let withoutApp: String
        /// The address behind it, when there is one.
        let url: String?
    }

    /// The debugger's own visitors, without the app.
    static let visitors: [(platform: String, userAgent: String, os: UserAgent.OS?)] = [
        ("iPhone and iPad", DebugVisitor.iPhone, .ios), ("Android", DebugVisitor.android, .android),
        ("HarmonyOS NEXT", DebugVisitor.harmonyPhone, .harmony), ("Desktop", DebugVisitor.desktop, nil),
    ]

    static func rows(_ link: Link, app: App, router: ClickRouter, now: Date) -> [Row] {
        guard let host = app.host(for: .short) ?? app.host(for: .primary) else { return [] }
        let role: HostRole = app.host(for: .short) != nil ? .short : .primary
        let resolved = ResolvedLink(app: app, link: link, content: link.content, host: host, role: role)
        return visitors.map { visitor in
            let visit = Visit(userAgent: UserAgent(visitor.userAgent), clickID: "dashboardclickid000000", time: now)
            let decision = router.decide(resolved, for: visit)
            var withApp: String?
            if !link.content.webOnly, !link.isExpired(at: now) {
                if visitor.os == .ios, let ios = app.ios { withApp = "Opens \(app.name) (\(ios.bundleID)) at \(link.content.path ?? "/")" }
                if visitor.os == .android, let android = app.android {
                    withApp = "Opens \(app.name) (\(android.package)) at \(link.content.path ?? "/")"
                }
                if visitor.os == .harmony, let harmony = app.harmony, !harmony.appIdentifiers.isEmpty {
                    withApp = "Opens \(app.name) (\(harmony.bundleName)) at \(link.content.path ?? "/")"
                }
            }
            let (text, url) = describe(decision, resolved, router: router)
            return Row(platform: visitor.platform, withApp: withApp, withoutApp: text, url: url)
        }
    }

    static func describe(_ decision: ClickDecision, _ link: ResolvedLink, router: ClickRouter) -> (String, String?) {
        switch decision {
        case .redirect(let location, _): return ("Redirect to", location)
        case .touchCheck(let desktop, _): return ("Redirect (an iPad's touch screen goes on to the iPad's route) to", desktop)
        case .scheme(let location): return ("The app's URL scheme", location)
        case .gone: return ("A page saying the link has expired (410)", nil)
        case .refused(let reason): return ("An error page: \(reason)", nil)
        case .crawlerPage, .openInBrowserHint, .previewPage:
            let model = router.model(of: decision, for: link)
            if let store = model?.storeURL, let name = model?.storeName { return ("The preview page, whose button leads to \(name)", store) }
            if let web = model?.webURL { return ("The preview page, whose button leads to the web page", web) }
            return ("The preview page", nil)
        }
    }
}
