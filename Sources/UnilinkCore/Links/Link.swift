public import Foundation

/// A stored link: content plus its identity on the app's hosts.
public struct Link: Sendable, Equatable, Codable {
    public var id: String
    public var appID: String
    /// The short code on the app's short host.
    public var code: String
    /// A readable alternative to the code (`summer-sale`), unique per app.
    public var alias: String?
    public var content: LinkContent
    public var expiresAt: Date?
    /// Overrides the app's match window for deferred deep linking.
    public var matchWindowSeconds: Int?
    /// Labels a team files the link under (`spring-sale`, `partners`); never sent to the app.
    /// Absent in documents written before tags existed.
    public var tags: [String]?
    /// When someone archived it: hidden from the links list, still working everywhere.
    public var archivedAt: Date?
    /// Its routing rules and A/B variants; absent in documents written before them.
    public var routing: LinkRouting?
    public var createdAt: Date
    public var updatedAt: Date

    public init(
        id: String, appID: String, code: String, alias: String? = nil, content: LinkContent,
        expiresAt: Date? = nil, matchWindowSeconds: Int? = nil, createdAt: Date, updatedAt: Date
    ) {
        self.id = id
        self.appID = appID
        self.code = code
        self.alias = alias
        self.content = content
        self.expiresAt = expiresAt
        self.matchWindowSeconds = matchWindowSeconds
        self.createdAt = createdAt
        self.updatedAt = updatedAt
    }

    public func isExpired(at time: Date) -> Bool {
        expiresAt.map { $0 <= time } ?? false
    }

    /// Where the link stands for the people who manage it.
    public func state(at time: Date) -> LinkState {
        archivedAt != nil ? .archived : isExpired(at: time) ? .expired : .live
    }
}
