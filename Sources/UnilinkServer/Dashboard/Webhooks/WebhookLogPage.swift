import UnilinkCore
import UnilinkStorage

/// A webhook's delivery log, newest first, as the API's `/messages` tells it: each
/// message's state, attempts and last answer; filtered by state, a page at a time; with the
/// test event and redelivery buttons.
struct WebhookLogPage: DashboardPage {
    struct Message: Sendable {
        let id: String
        let type: String
        let state: String
        let attempts: Int
        let created: Moment
        /// Pending: when it is tried next.
        let nextAttempt: Moment?
        let lastAttempt: Moment?
        let lastStatus: String?
        let lastError: String?
        let duration: String?
        /// The first bytes of the last answer's body.
        let response: String?
        let delivered: Moment?
    }

    /// An option of the state filter.
    struct StateChoice: Sendable {
        let value: String
        let label: String
        let selected: Bool
    }

    static let template = "webhook_log"
    var title: String
    var appID: String
    var appName: String
    var webhook: WebhookListPage.Row
    var messages: [Message]
    var states: [StateChoice]
    /// The state the log is filtered by, when it is (said when nothing has it).
    var filtered: String?
    /// The next, older page.
    var next: String?
    var notice: String?
    var error: String?
    var session: PageSession?

    init(app: App, webhook: WebhookSubscription, messages: [WebhookMessage], state: WebhookMessage.State?, next: String?) {
        title = "Deliveries to \(webhook.url)"
        appID = app.id
        appName = app.name
        self.webhook = WebhookListPage.Row(webhook)
        self.messages = messages.map(Message.init)
        states =
            [StateChoice(value: "", label: "every state", selected: state == nil)]
            + [WebhookMessage.State.pending, .delivered, .failed].map { StateChoice(value: $0.rawValue, label: $0.rawValue, selected: $0 == state) }
        filtered = state?.rawValue
        self.next = next
    }
}

extension WebhookLogPage.Message {
    init(_ message: WebhookMessage) {
        id = message.id
        type = message.type
        state = message.state.rawValue
        attempts = message.attempts
        created = Moment(message.createdAt)
        nextAttempt = message.state == .pending ? Moment(message.nextAt) : nil
        lastAttempt = message.lastAt.map { Moment($0) }
        lastStatus = message.lastStatus.map { String($0) }
        lastError = message.lastError
        duration = message.lastMilliseconds.map { "\($0) ms" }
        response = message.lastResponse.flatMap { $0.isEmpty ? nil : $0 }
        delivered = message.deliveredAt.map { Moment($0) }
    }
}
