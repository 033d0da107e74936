import UnilinkAPI

/// What a new user's app receives of the click it was installed from: the content only
/// (the path, `deep_link_value`, `deep_link_sub1...10`). Campaign, channel, source and the
/// link's other data stay on the server (DOMAIN.md section 8, as AppsFlyer's UDL does).
public struct DeferredContent: Sendable, Equatable {
    public var path: String
    /// The content as a long link's query (`deep_link_value=...&deep_link_sub1=...`).
    public var query: String
    /// The same values as the answer's `click_event`.
    public var event: [String: String]

    public init(_ content: LinkContent) {
        path = content.path.flatMap { $0.isEmpty ? nil : $0 } ?? "/"
        var items: [String] = []
        var event: [String: String] = [:]
        if let value = content.deepLinkValue {
            items.append("\(LinkParameterKey.deepLinkValue)=\(URLText.queryValue(value))")
            event[LinkParameterKey.deepLinkValue] = value
        }
        for (index, sub) in content.deepLinkSubs.sorted(by: { $0.key < $1.key }) {
            items.append("\(LinkParameterKey.deepLinkSub(index))=\(URLText.queryValue(sub))")
            event[LinkParameterKey.deepLinkSub(index)] = sub
        }
        query = items.joined(separator: "&")
        self.event = event
    }
}
