import Foundation
import UnilinkCore
import UnilinkStorage

/// The webhook form's fields, as the browser posts them: the event types ticked, custom
/// events by name, the filters. They are checked by the API's rules with the API's messages
/// (`WebhooksController`: `WebhookDestination.problem(withURL:)`, `WebhookEventType`), and
/// each refusal is kept by the field it is about, so the form shows it there.
struct WebhookForm: Decodable, Sendable {
    var csrf: String?
    var url: String?
    /// The ticked boxes, `events[]`.
    var events: [String]?
    /// Custom events by the name the SDK reports (`purchase` or `custom.purchase`),
    /// separated by spaces or commas.
    var custom: String?
    var linkID: String?
    var campaign: String?
    var automated: String?

    enum CodingKeys: String, CodingKey {
        case csrf, url, events, custom, campaign, automated
        case linkID = "link_id"
    }

    /// The fields a refusal is about, in the order the form shows them.
    enum Field: CaseIterable, Sendable {
        case url, events, linkID, campaign
    }

    /// The event types asked for: the boxes, then the custom names as `custom.NAME`.
    var eventTypes: [String] {
        let names = (custom ?? "").split { $0 == "," || $0.isWhitespace }.map { name in
            name.hasPrefix("custom.") ? String(name) : "custom.\(name)"
        }
        var seen = Set<String>()
        return ((events ?? []) + names).filter { seen.insert($0).inserted }
    }

    /// `webhook` with what the form says (the whole subscription, as an edit form replaces
    /// it), or, field by field, what the API would refuse of it; then `webhook` is not to be saved.
    func apply(to webhook: inout WebhookSubscription, destination: WebhookDestination, store: any LinkStore) async throws -> [Field: APIError] {
        let rules = WebhookRules(destination: destination, links: store)
        var refusals: [Field: APIError] = [:]
        let url = Self.text(url)
        do {
            webhook.url = try rules.url(url)
        } catch {
            refusals[.url] = url.isEmpty ? .badRequest("'url' is required") : error
        }
        do {
            webhook.events = try rules.events(eventTypes)
        } catch {
            refusals[.events] = error
        }
        do {
            webhook.linkID = try await rules.linkID(Self.text(linkID), app: webhook.appID)
        } catch let error as APIError {
            refusals[.linkID] = error
        }
        do {
            webhook.campaign = try rules.campaign(Self.text(campaign))
        } catch {
            refusals[.campaign] = error
        }
        webhook.includesAutomated = automated == "on"
        return refusals
    }

    private static func text(_ value: String?) -> String {
        (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
