import UnilinkCore
import UnilinkStorage

/// A subscription's fields, checked the same way for the API and the dashboard's form: the
/// shape is a 400, a rule the document states only in words a 422, each naming the field.
struct WebhookRules {
    let destination: WebhookDestination
    let links: any LinkStore

    static let maxEvents = 50

    func url(_ url: String) throws(APIError) -> String {
        guard (1...WebhookDestination.maxURLBytes).contains(url.utf8.count) else {
            throw APIError.badRequest("'url' must be 1 to \(WebhookDestination.maxURLBytes) bytes")
        }
        if let problem = destination.problem(withURL: url) { throw APIError.unprocessable("invalid_webhook_url", "'url': \(problem)") }
        return url
    }

    func events(_ events: [String]) throws(APIError) -> Set<WebhookEventType> {
        guard (1...Self.maxEvents).contains(events.count) else { throw APIError.badRequest("'events' must list 1 to \(Self.maxEvents) event types") }
        var types = Set<WebhookEventType>()
        for text in events {
            guard let type = WebhookEventType(rawValue: text) else {
                throw APIError.badRequest(
                    "'\(text.prefix(80))' is not an event type (\(WebhookEventType.fixed.map(\.rawValue).joined(separator: ", ")), or custom.NAME)")
            }
            types.insert(type)
        }
        return types
    }

    /// `nil` for every link (an empty id).
    func linkID(_ linkID: String, app appID: String) async throws -> String? {
        guard linkID.count <= 64 else { throw APIError.badRequest("'link_id' must be at most 64 characters") }
        guard !linkID.isEmpty else { return nil }
        guard let link = try await links.link(id: linkID), link.appID == appID else {
            throw APIError.unprocessable("unknown_link", "no link of this app has the id '\(linkID)'")
        }
        return link.id
    }

    /// `nil` for any campaign (an empty name).
    func campaign(_ campaign: String) throws(APIError) -> String? {
        guard campaign.count <= 128 else { throw APIError.badRequest("'campaign' must be at most 128 characters") }
        return campaign.isEmpty ? nil : campaign
    }
}
