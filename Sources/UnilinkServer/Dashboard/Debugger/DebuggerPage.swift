/// The link debugger's page: the link asked about and, once it resolves, what it is, what
/// each kind of visitor gets, whether each host's AASA file claims the link (and why not), and its recent clicks.
struct DebuggerPage: DashboardPage {
    struct Explanation: Sendable {
        let host: String
        let role: String
        let appID: String
        let appName: String
        /// Links to the app's pages and the recent clicks are for a signed-in team member.
        let signedIn: Bool
        /// `nil` for an ad-hoc long link.
        let linkID: String?
        let path: String
        let value: String?
        let warnings: [String]
        let ignored: [IgnoredParameter]
        /// Stands for each click's own id in the URLs shown (`ul_click`, Play's referrer).
        let clickID: String
        let visitors: [Visitor]
        let claims: [Claim]
        let clicks: [Click]
    }

    struct IgnoredParameter: Sendable {
        let name: String
        let reason: String
    }

    struct Visitor: Sendable {
        /// `DebugVisitor.id`: the block's element id is `visitor-<id>`.
        let id: String
        let name: String
        let agent: String
        let summary: String
        let outcome: String
        let destinations: [Destination]
        /// The in-app browser's row the router read (`in-app-browsers.json`), in a sentence.
        var inAppBrowser: String? = nil
    }

    /// One URL a visitor is sent to (`ClickDestination`).
    struct Destination: Sendable {
        let step: String
        let label: String
        let kind: String
        let url: String
        let why: String?
    }

    struct Claim: Sendable {
        let host: String
        /// The URL checked on that host.
        let url: String
        let appID: String
        let decision: String
        /// Which rule decided, or which component failed and why (`AASAExplanation.reason`).
        let reason: String
    }

    struct Click: Sendable {
        let time: Moment
        let platform: String
        let outcome: String
        let inApp: String
    }

    static let template = "debug"
    let title = "Link debugger"
    var url: String
    var error: String?
    var resolved: Explanation?
    var session: PageSession?

    init(url: String, error: String? = nil, resolved: Explanation? = nil) {
        self.url = url
        self.error = error
        self.resolved = resolved
    }
}
