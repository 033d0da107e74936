import UnilinkCore

/// An app's webhooks, for its admins: where each one sends, what, through which filters,
/// whether it is on, and, prominently, why the server turned one off or since when one
/// has been failing. A secret just made is shown here once.
struct WebhookListPage: DashboardPage {
    /// One subscription, as the list and its delivery log show it.
    struct Row: Sendable {
        let id: String
        let url: String
        let events: String
        let filters: String
        let enabled: Bool
        /// Turned off by the server: its reason, and since when every delivery failed.
        let turnedOff: String?
        /// Still on, but every delivery since then has failed.
        let failing: String?
    }

    /// A signing secret, right after it was made: shown this once.
    struct Secret: Sendable {
        let url: String
        let value: String
        /// What to do now (after a rotation: how long the old secret keeps signing).
        let note: String
    }

    static let template = "webhooks"
    var title: String
    var appID: String
    var appName: String
    var webhooks: [Row]
    var secret: Secret?
    var session: PageSession?

    init(app: App, webhooks: [WebhookSubscription]) {
        title = "Webhooks of \(app.name)"
        appID = app.id
        appName = app.name
        self.webhooks = webhooks.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map(Row.init)
    }
}

extension WebhookListPage.Row {
    init(_ webhook: WebhookSubscription) {
        id = webhook.id
        url = webhook.url
        events = webhook.events.sorted().map(\.rawValue).joined(separator: ", ")
        var filters = [webhook.linkID.map { "link \($0)" }, webhook.campaign.map { "campaign \($0)" }].compactMap { $0 }
        if filters.isEmpty { filters.append("every link") }
        filters.append(webhook.includesAutomated ? "scanners and bots too" : "people only")
        self.filters = filters.joined(separator: " · ")
        enabled = webhook.isEnabled
        let since = webhook.failingSince.map(Timestamp.format)
        if !webhook.isEnabled, let reason = webhook.disabledReason {
            turnedOff = Self.sentence(reason) + (since.map { " Every delivery has failed since \($0)." } ?? "")
            failing = nil
        } else {
            turnedOff = nil
            failing = since.map { "Failing since \($0): no delivery has gone through since then." }
        }
    }

    /// The server's `turned off: every delivery failed for 5 days (...)` as a sentence.
    private static func sentence(_ text: String) -> String {
        let capitalised = text.prefix(1).uppercased() + text.dropFirst()
        return capitalised.hasSuffix(".") ? capitalised : capitalised + "."
    }
}

extension WebhookListPage.Secret {
    init(_ webhook: WebhookSubscription, note: String) {
        url = webhook.url
        value = webhook.secret
        self.note = note
    }
}
