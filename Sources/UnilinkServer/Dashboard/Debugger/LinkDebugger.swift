import Foundation
import UnilinkCore

/// What each kind of visitor gets from one link, decided by the same `ClickRouter` the
/// click path uses (so the debugger cannot drift from what happens), plus which AASA rule
/// claims the path on each of the app's hosts.
struct LinkDebugger {
    struct Visitor {
        let name: String
        let userAgent: String
        /// The app is installed: universal links / App Links may open it before any request.
        var hasApp = false
    }

    static let visitors: [Visitor] = [
        Visitor(
            name: "Desktop browser",
            userAgent: "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"),
        Visitor(name: "iPhone, app not installed", userAgent: iPhone),
        Visitor(name: "iPhone, app installed", userAgent: iPhone, hasApp: true),
        Visitor(name: "Android, app not installed", userAgent: android),
        Visitor(name: "Android, app installed", userAgent: android, hasApp: true),
        Visitor(
            name: "WeChat on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 MicroMessenger/8.0.50(0x1800323c) NetType/WIFI Language/en"
        ),
        Visitor(
            name: "Instagram on iPhone",
            userAgent:
                "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/22B83 Instagram 356.0.0.24.74 (iPhone15,3; iOS 18_1; en_US; en; scale=3.00; 1290x2796; 657434534)"
        ),
        Visitor(name: "Link-preview crawler (Slack)", userAgent: "Slackbot-LinkExpanding 1.0 (+https://api.slack.com/robots)"),
    ]

    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let android = "Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36"

    struct Row {
        let name: String
        let userAgent: String
        let what: String
        let outcome: String
    }

    let router: ClickRouter

    func rows(_ link: ResolvedLink, host: String, claims: AASAMatcher, url: String) -> [Row] {
        Self.visitors.map { visitor in
            let agent = UserAgent(visitor.userAgent)
            if visitor.hasApp, agent.os == .ios {
                if let appID = claims.appIDs.first, claims.decide(appID: appID, url: url, host: host).decision == .match {
                    return Row(
                        name: visitor.name, userAgent: visitor.userAgent,
                        what: "iOS opens the app directly (a universal link); the server never sees this click.", outcome: "not counted")
                }
            }
            if visitor.hasApp, agent.os == .android, link.app.android?.package != nil {
                return Row(
                    name: visitor.name, userAgent: visitor.userAgent,
                    what:
                        "Android opens the app directly when its manifest declares this host with autoVerify and assetlinks.json verifies; otherwise as without the app.",
                    outcome: "not counted")
            }
            let visit = Visit(
                userAgent: agent, isHead: false, languages: ["en"], clickID: "debuggerclickid0000000", time: .now,
                clientAddress: nil, knownInstalled: false)
            let decision = router.decide(link, for: visit)
            return Row(
                name: visitor.name, userAgent: visitor.userAgent, what: explain(decision, of: link),
                outcome: decision.outcome?.rawValue ?? "not counted")
        }
    }

    func explain(_ decision: ClickDecision, of link: ResolvedLink) -> String {
        switch decision {
        case .redirect(let location, let outcome):
            return "302 redirect to \(location) (\(outcome.rawValue))."
        case .previewPage(let audience):
            let model = router.model(.page, for: audience, of: link)
            var buttons: [String] = []
            if model.openURL != nil { buttons.append("Open in the app") }
            if let store = model.storeName { buttons.append("Get it on \(store)") }
            if model.webURL != nil { buttons.append("Continue on the web") }
            return
                "The preview page (200) titled “\(model.title)” with \(buttons.isEmpty ? "no buttons" : buttons.joined(separator: ", ")); the click waits for a deferred match."
        case .openInBrowserHint(let audience):
            let model = router.model(.browserHint, for: audience, of: link)
            return "The preview page “\(model.title)” with a hint to open it in the real browser (this in-app browser blocks app links)."
        case .crawlerPage(let audience):
            let model = router.model(.crawlerCard, for: audience, of: link)
            return
                "Meta tags only: title “\(model.title)”\(model.description.map { ", description “\($0)”" } ?? "")\(model.imageURL.map { ", image \($0)" } ?? ""); not a click."
        case .gone:
            return "410: the link expired and the app has no web page."
        case .scheme(let location):
            return "302 to the app's scheme \(location)."
        case .refused(let reason):
            return "400 error page, no redirect: \(reason)."
        }
    }
}
