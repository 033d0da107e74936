/// `GET /v1/links/{id}/stats`.
public struct LinkStats: Codable, Sendable, Equatable {
    public struct Day: Codable, Sendable, Equatable {
        public var date: String
        public var clicks: Int

        public init(date: String, clicks: Int) {
            self.date = date
            self.clicks = clicks
        }
    }

    public var linkID: String
    public var clicks: Int
    /// `ios`, `android`, `desktop`, `other` -> count.
    public var byPlatform: [String: Int]
    /// `preview`, `store`, `web`, `intent`, ... -> count.
    public var byOutcome: [String: Int]
    public var installs: Int
    public var opens: Int
    public var daily: [Day]

    public init(linkID: String, clicks: Int, byPlatform: [String: Int], byOutcome: [String: Int], installs: Int, opens: Int, daily: [Day]) {
        self.linkID = linkID
        self.clicks = clicks
        self.byPlatform = byPlatform
        self.byOutcome = byOutcome
        self.installs = installs
        self.opens = opens
        self.daily = daily
    }

    enum CodingKeys: String, CodingKey {
        case linkID = "link_id", clicks, byPlatform = "by_platform", byOutcome = "by_outcome", installs, opens, daily
    }
}
