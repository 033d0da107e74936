import UnilinkCore

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
        /// How the routing rules read this visitor, when the link or its app has some.
        var rules: Rules? = nil
    }

    /// Which rule held for a visitor and why (`RuleTrace`), as the page says it.
    struct Rules: Sendable {
        struct Tried: Sendable {
            let number: Int
            let name: String?
            let fromApp: Bool
            let holds: Bool
            /// `holds` or `misses`, for the element's data attribute.
            let state: String
            /// `all` or `any` of the conditions.
            let joiner: String
            let conditions: [Condition]
            let gives: String
        }

        struct Condition: Sendable {
            let text: String
            let seen: String
            let holds: Bool
        }

        let tried: [Tried]
        /// For the template, which reads stored properties only.
        let hasTried: Bool
        /// In a sentence: which rule gave the destination, or the variant, or neither.
        let verdict: String

        init(tried: [Tried], verdict: String) {
            self.tried = tried
            hasTried = !tried.isEmpty
            self.verdict = verdict
        }

        init(_ trace: RuleTrace) {
            tried = trace.rules.map { rule in
                Tried(
                    number: rule.number, name: rule.name, fromApp: rule.fromApp, holds: rule.holds, state: rule.holds ? "holds" : "misses",
                    joiner: rule.matchesAny ? "any" : "all",
                    conditions: rule.conditions.map { Condition(text: $0.text, seen: $0.seen, holds: $0.holds) }, gives: rule.gives)
            }
            hasTried = !tried.isEmpty
            if let taken = trace.taken {
                let name = taken.name.map { " “\($0)”" } ?? ""
                verdict = "Rule \(taken.number)\(name)\(taken.fromApp ? " (an app default)" : "") holds: \(taken.gives)."
            } else if let variant = trace.variant {
                verdict = "No rule holds; the A/B test gives this visitor variant “\(variant)” (real visitors are split by weight and keep theirs)."
            } else {
                verdict = "No rule holds: the link's own destinations."
            }
        }
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
    /// The visitor's country, languages and time as typed, for the form.
    var country = ""
    var languages = ""
    var at = ""
    /// Typed fields the debugger could not read, each in a sentence.
    var problems: [String] = []
    /// The team's debugger asks for them; FDL's public page does not.
    var simulates = false

    init(url: String, error: String? = nil, resolved: Explanation? = nil, simulated: SimulatedVisitor? = nil) {
        self.url = url
        self.error = error
        self.resolved = resolved
        if let simulated {
            simulates = true
            country = simulated.country
            languages = simulated.languages
            at = simulated.at
            problems = simulated.problems
        }
    }
}
