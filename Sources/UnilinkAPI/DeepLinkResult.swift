/// `POST /v1/sdk/resolve` request.
public struct ResolveRequest: Codable, Sendable, Equatable {
    public var url: String
    /// The running app's version (`CFBundleShortVersionString`, or Android's version code):
    /// a link with a higher `min_app_version` answers `requires_update`.
    public var appVersion: String?
    /// Which of the link's minimum versions applies (iOS's by default).
    public var os: AppPlatform?

    public init(url: String, appVersion: String? = nil, os: AppPlatform? = nil) {
        self.url = url
        self.appVersion = appVersion
        self.os = os
    }

    enum CodingKeys: String, CodingKey {
        case url, appVersion = "app_version", os
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
        public var matchType: MatchType?
        public var confidence: Double?
        public var clickID: String?
        public var clickEvent: [String: String]
        /// The link's minimum app version for the caller's platform, when it has one.
        public var minAppVersion: String?
        /// The running app is older than `minAppVersion`: send the user to `storeURL` to
        /// update (or to `fallbackURL`), as FDL's `imv` did.
        public var requiresUpdate: Bool?
        public var storeURL: String?
        public var fallbackURL: String?
        /// The A/B variant of the link the install came from (deferred answers).
        public var variant: String?

        public init(
            url: String, path: String, deepLinkValue: String?, deepLinkSubs: [Int: String], isDeferred: Bool,
            matchType: MatchType?, confidence: Double?, clickID: String?, clickEvent: [String: String],
            minAppVersion: String? = nil, requiresUpdate: Bool? = nil, storeURL: String? = nil, fallbackURL: String? = nil,
            variant: String? = nil
        ) {
            self.variant = variant
            self.minAppVersion = minAppVersion
            self.requiresUpdate = requiresUpdate
            self.storeURL = storeURL
            self.fallbackURL = fallbackURL
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

    public var status: ResultStatus
    public var deepLink: DeepLink?

    public init(status: ResultStatus, deepLink: DeepLink?) {
        self.status = status
        self.deepLink = deepLink
    }

    enum CodingKeys: String, CodingKey {
        case status, deepLink = "deep_link"
    }
}
