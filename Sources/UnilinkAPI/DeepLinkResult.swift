/// `POST /v1/sdk/resolve` request.
public struct ResolveRequest: Codable, Sendable, Equatable {
    public var url: String
    public var appVersion: String?

    public init(url: String, appVersion: String? = nil) {
        self.url = url
        self.appVersion = appVersion
    }

    enum CodingKeys: String, CodingKey {
        case url, appVersion = "app_version"
    }
}

/// The answer to the SDK's resolve and deferred calls.
public struct DeepLinkResultBody: Codable, Sendable, Equatable {
    public struct DeepLink: Codable, Sendable, Equatable {
        public var url: String
        public var path: String
        public var deepLinkValue: String?
        public var deepLinkSubs: [Int: String]
        public var isDeferred: Bool
        public var matchType: String?
        public var confidence: Double?
        public var clickID: String?
        public var clickEvent: [String: String]

        public init(
            url: String, path: String, deepLinkValue: String?, deepLinkSubs: [Int: String], isDeferred: Bool,
            matchType: String?, confidence: Double?, clickID: String?, clickEvent: [String: String]
        ) {
            self.url = url
            self.path = path
            self.deepLinkValue = deepLinkValue
            self.deepLinkSubs = deepLinkSubs
            self.isDeferred = isDeferred
            self.matchType = matchType
            self.confidence = confidence
            self.clickID = clickID
            self.clickEvent = clickEvent
        }
    }

    /// `found` or `not_found`.
    public var status: String
    public var deepLink: DeepLink?

    public init(status: String, deepLink: DeepLink?) {
        self.status = status
        self.deepLink = deepLink
    }

    enum CodingKeys: String, CodingKey {
        case status, deepLink = "deep_link"
    }
}
