public import Foundation
import UnilinkAPI

/// One link the app was opened with, or installed from.
public struct DeepLink: Sendable, Equatable {
    public enum MatchType: String, Sendable {
        /// The app was opened by the link itself (universal link, scheme, short link).
        case direct
        /// Deferred, from the click id (Android install referrer, pasteboard token).
        case deterministic
        /// Deferred, from comparing the click with the first launch: at least as sure as
        /// the app's `min_match_confidence`.
        case probabilistic
        /// Deferred, plausible but below the app's threshold; only when the configuration
        /// accepts weak matches. Suggest the content, do not act on it unasked.
        case weak
    }

    public var url: URL
    /// `/u/1234567`.
    public var path: String
    public var deepLinkValue: String?
    /// `deep_link_sub1` ... `deep_link_sub10` by number.
    public var deepLinkSubs: [Int: String]
    /// Everything else the link carried (for a deferred link: content parameters only).
    public var clickEvent: [String: String]
    public var isDeferred: Bool
    public var matchType: MatchType
    public var clickID: String?
    /// `true` while only decoded on the device, before the server confirmed it.
    public var isProvisional: Bool
    /// How sure the server is that a deferred link is this install's (1 for deterministic).
    public var confidence: Double?
    /// The link needs a newer version of the app than the one running (its
    /// `min_app_version`): offer `updateURL` (the store) or `fallbackURL` (the web page).
    public var requiresUpdate: Bool
    public var minAppVersion: String?
    public var updateURL: URL?
    public var fallbackURL: URL?

    public init(
        url: URL, path: String, deepLinkValue: String? = nil, deepLinkSubs: [Int: String] = [:], clickEvent: [String: String] = [:],
        isDeferred: Bool = false, matchType: MatchType = .direct, clickID: String? = nil, isProvisional: Bool = false,
        confidence: Double? = nil, requiresUpdate: Bool = false, minAppVersion: String? = nil, updateURL: URL? = nil, fallbackURL: URL? = nil
    ) {
        self.confidence = confidence
        self.requiresUpdate = requiresUpdate
        self.minAppVersion = minAppVersion
        self.updateURL = updateURL
        self.fallbackURL = fallbackURL
        self.url = url
        self.path = path
        self.deepLinkValue = deepLinkValue
        self.deepLinkSubs = deepLinkSubs
        self.clickEvent = clickEvent
        self.isDeferred = isDeferred
        self.matchType = matchType
        self.clickID = clickID
        self.isProvisional = isProvisional
    }

    /// `deepLink[sub: 1]` is `deep_link_sub1`.
    public subscript(sub index: Int) -> String? { deepLinkSubs[index] }

    public var deepLinkSub1: String? { deepLinkSubs[1] }
    public var deepLinkSub2: String? { deepLinkSubs[2] }
    public var deepLinkSub3: String? { deepLinkSubs[3] }
    public var deepLinkSub4: String? { deepLinkSubs[4] }
    public var deepLinkSub5: String? { deepLinkSubs[5] }
    public var deepLinkSub6: String? { deepLinkSubs[6] }
    public var deepLinkSub7: String? { deepLinkSubs[7] }
    public var deepLinkSub8: String? { deepLinkSubs[8] }
    public var deepLinkSub9: String? { deepLinkSubs[9] }
    public var deepLinkSub10: String? { deepLinkSubs[10] }
}

/// What became of one link event: AppsFlyer's Unified Deep Linking shape.
public struct DeepLinkResult: Sendable {
    public enum Status: Sendable, Equatable {
        case found, notFound, failure
        /// Not one of the app's links (another host or scheme: an OAuth callback, a file):
        /// nothing was asked or delivered; handle the URL elsewhere.
        case ignored
    }

    public var status: Status
    public var deepLink: DeepLink?
    public var error: (any Error)?

    public init(status: Status, deepLink: DeepLink? = nil, error: (any Error)? = nil) {
        self.status = status
        self.deepLink = deepLink
        self.error = error
    }

    public static let notFound = DeepLinkResult(status: .notFound)
    public static let ignored = DeepLinkResult(status: .ignored)
}

extension DeepLink.MatchType {
    /// The server's match type of an answer; none is a link the app was opened with.
    init(_ type: UnilinkAPI.MatchType?) {
        switch type {
        case nil: self = .direct
        case .deterministic?: self = .deterministic
        case .probabilistic?: self = .probabilistic
        case .weak?: self = .weak
        }
    }
}
