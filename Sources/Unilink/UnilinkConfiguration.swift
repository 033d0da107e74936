public import Foundation

/// How the app reaches its Unilink server and which links are its own.
public struct UnilinkConfiguration: Sendable {
    /// The app's publishable key (`pk_...`), sent as `X-Unilink-Key`.
    public var publishableKey: String
    /// `https://link.example.com` (any of the app's hosts serves the API).
    public var apiBaseURL: URL
    /// Every host the app claims (`applinks:` entitlements): primary, alternate, short.
    public var linkHosts: Set<String>
    /// The app's custom URL schemes (`shop`), for `handleOpen`.
    public var schemes: Set<String>
    /// The deferred check waits until `grantNetworkConsent()` when true.
    public var waitsForConsent: Bool
    /// The deferred check also takes matches below the app's `min_match_confidence`
    /// (`DeepLink.MatchType.weak`), to suggest content rather than open it. When false, a
    /// weak match is never delivered: one that a server answers anyway gives `.notFound`.
    public var acceptsWeakMatches: Bool
    /// Attempts of one call on transient failures (network, 5xx, 429).
    public var maxAttempts: Int
    /// The first retry's delay in seconds; each next one doubles.
    public var retryDelay: TimeInterval
    /// `start()` runs the deferred check on the first launch after install.
    public var checksDeferredOnStart: Bool

    public init(
        publishableKey: String, apiBaseURL: URL, linkHosts: Set<String>, schemes: Set<String> = [],
        waitsForConsent: Bool = false, acceptsWeakMatches: Bool = false, maxAttempts: Int = 4, retryDelay: TimeInterval = 0.5,
        checksDeferredOnStart: Bool = true
    ) {
        self.checksDeferredOnStart = checksDeferredOnStart
        self.acceptsWeakMatches = acceptsWeakMatches
        self.publishableKey = publishableKey
        self.apiBaseURL = apiBaseURL
        self.linkHosts = Set(linkHosts.map { $0.lowercased() })
        self.schemes = Set(schemes.map { $0.lowercased() })
        self.waitsForConsent = waitsForConsent
        self.maxAttempts = max(1, maxAttempts)
        self.retryDelay = retryDelay
    }
}
