/// The link debugger's page: the link asked about and, once it resolves, what it is, what
/// each kind of visitor gets, which AASA rule claims its path, and its recent clicks.
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
        let visitors: [Visitor]
        let claims: [Claim]
        let clicks: [Click]
    }

    struct IgnoredParameter: Sendable {
        let name: String
        let reason: String
    }

    struct Visitor: Sendable {
        let name: String
        let agent: String
        let what: String
        let outcome: String
    }

    struct Claim: Sendable {
        let host: String
        let appID: String
        let decision: String
        let rule: String
        let note: String
    }

    struct Click: Sendable {
        let time: String
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
