import UnilinkCore

/// The form that makes or changes a webhook, filled in from it or from what was typed,
/// with what the API's rules refused shown at each field.
struct WebhookFormPage: DashboardPage {
    /// An event type's box.
    struct Choice: Sendable {
        let value: String
        let checked: Bool
    }

    /// The fields as the form shows them: a box per fixed event type, custom events by name.
    struct Fields: Sendable {
        var url = ""
        var events: [Choice] = WebhookEventType.fixed.map { Choice(value: $0.rawValue, checked: false) }
        var custom = ""
        var linkID = ""
        var campaign = ""
        var automated = false
    }

    static let template = "webhook_form"
    var title: String
    var heading: String
    var appID: String
    var appName: String
    /// Where the form posts.
    var action: String
    var form: Fields
    var urlError: String?
    var eventsError: String?
    var linkIDError: String?
    var campaignError: String?
    /// Above the form, when a field was refused: nothing was saved.
    var error: String?
    var session: PageSession?

    /// The empty form of a new webhook.
    init(creatingFor app: App, form: Fields = Fields()) {
        title = "New webhook"
        heading = "New webhook for \(app.name)"
        appID = app.id
        appName = app.name
        action = "/apps/\(app.id)/webhooks"
        self.form = form
    }

    /// The form of `webhook`, filled in from it unless `form` says otherwise.
    init(editing webhook: WebhookSubscription, of app: App, form: Fields? = nil) {
        title = "Edit webhook"
        heading = "Edit the webhook to \(webhook.url)"
        appID = app.id
        appName = app.name
        action = "/apps/\(app.id)/webhooks/\(webhook.id)"
        self.form = form ?? Fields(webhook)
    }

    /// Each refusal at its field, the API's message.
    mutating func show(_ refusals: [WebhookForm.Field: APIError]) {
        urlError = refusals[.url]?.message
        eventsError = refusals[.events]?.message
        linkIDError = refusals[.linkID]?.message
        campaignError = refusals[.campaign]?.message
        error = refusals.isEmpty ? nil : "Nothing was saved: see the fields marked below."
    }
}

extension WebhookFormPage.Fields {
    /// The form filled in from a webhook, for editing.
    init(_ webhook: WebhookSubscription) {
        url = webhook.url
        events = WebhookEventType.fixed.map { .init(value: $0.rawValue, checked: webhook.events.contains($0)) }
        custom = webhook.events.sorted().compactMap { (type: WebhookEventType) -> String? in
            if case .custom(let name) = type { return name }
            return nil
        }.joined(separator: " ")
        linkID = webhook.linkID ?? ""
        campaign = webhook.campaign ?? ""
        automated = webhook.includesAutomated
    }

    /// What was typed, shown again beside what was refused.
    init(_ form: WebhookForm) {
        let ticked = Set(form.events ?? [])
        url = form.url ?? ""
        events = WebhookEventType.fixed.map { .init(value: $0.rawValue, checked: ticked.contains($0.rawValue)) }
        custom = form.custom ?? ""
        linkID = form.linkID ?? ""
        campaign = form.campaign ?? ""
        automated = form.automated == "on"
    }
}
