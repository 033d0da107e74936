/// Attribution keys: kept on the server, never handed to a new user's app.
public struct Campaign: Codable, Sendable, Equatable {
    public var channel: String?
    public var campaign: String?
    public var feature: String?
    public var source: String?
    public var medium: String?

    public init(channel: String? = nil, campaign: String? = nil, feature: String? = nil, source: String? = nil, medium: String? = nil) {
        self.channel = channel
        self.campaign = campaign
        self.feature = feature
        self.source = source
        self.medium = medium
    }

    public var isEmpty: Bool { self == Campaign() }
}
