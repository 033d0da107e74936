public import Foundation

/// A mobile click that may lead to an install, kept until its match window closes.
/// Holds no IP address: only keyed hashes of it (`networkKey`) and of its network
/// prefix (`prefixKey`).
public struct PendingClick: Sendable, Equatable, Codable {
    public var clickID: String
    public var appID: String
    public var linkID: String?
    /// What the link opens, with the click's own query parameters applied.
    public var content: LinkContent
    public var time: Date
    public var expiresAt: Date
    public var networkKey: String?
    public var prefixKey: String?
    public var os: UserAgent.OS
    public var osVersion: String?
    /// From the User-Agent where it carries one (Android); iOS Safari does not.
    public var model: String?
    /// From Accept-Language.
    public var acceptLanguages: [String]
    /// Added by the preview page's script, once.
    public var signals: DeviceSignals?
    /// Safari's version (`Version/26.1`) when the click came from Safari itself.
    public var safariVersion: String?
    /// The visitor went on to the store (the preview's button, or straight from the
    /// alternate host): most who install do, most who only look do not.
    public var reachedStore: Bool?
    /// Android: whether Play's referrer names this click when it went on to Play through us
    /// (`PlayReferral`): `false` when the store URL it was sent to did not carry its id (an
    /// FDL link's `afl`); `nil` when not known (clicks stored before it was recorded), which
    /// rules nothing out.
    public var referredToPlay: Bool?
    /// The install that this click was matched to; a consumed click matches nothing else.
    public var consumedBy: String?
    /// What kind of network the keys describe (`VisitorNetwork`).
    public var network: VisitorNetwork.Kind
    /// iCloud Private Relay's egress region (`DE-BE`), for a relayed click.
    public var relayRegion: String?
    /// The A/B variant the click was given: the install it leads to counts for it.
    public var variant: String?

    public init(
        clickID: String, appID: String, linkID: String?, content: LinkContent, time: Date, expiresAt: Date,
        networkKey: String?, prefixKey: String?, os: UserAgent.OS, osVersion: String?, model: String?,
        acceptLanguages: [String], signals: DeviceSignals? = nil, safariVersion: String? = nil, reachedStore: Bool? = nil, consumedBy: String? = nil,
        network: VisitorNetwork.Kind = .ipv4, relayRegion: String? = nil
    ) {
        self.clickID = clickID
        self.appID = appID
        self.linkID = linkID
        self.content = content
        self.time = time
        self.expiresAt = expiresAt
        self.networkKey = networkKey
        self.prefixKey = prefixKey
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.acceptLanguages = acceptLanguages
        self.signals = signals
        self.safariVersion = safariVersion
        self.reachedStore = reachedStore
        self.consumedBy = consumedBy
        self.network = network
        self.relayRegion = relayRegion
    }

    public init(
        clickID: String, appID: String, linkID: String?, content: LinkContent, time: Date, expiresAt: Date, from visitor: VisitorNetwork,
        os: UserAgent.OS, osVersion: String?, model: String?, acceptLanguages: [String], safariVersion: String?, reachedStore: Bool?
    ) {
        self.init(
            clickID: clickID, appID: appID, linkID: linkID, content: content, time: time, expiresAt: expiresAt, networkKey: visitor.addressKey,
            prefixKey: visitor.poolKey, os: os, osVersion: osVersion, model: model, acceptLanguages: acceptLanguages, safariVersion: safariVersion,
            reachedStore: reachedStore, network: visitor.kind, relayRegion: visitor.relayRegion)
    }

    /// Safari 26 turned Advanced Fingerprinting Protection on for all browsing: scripts
    /// read fixed window and screen metrics, so the page's screen is weak evidence.
    public var screenMayBeMasked: Bool {
        os == .ios && (safariMajorVersion ?? 0) >= 26
    }

    /// The iOS version the click's phone runs, as far as the click tells: Safari 26 froze
    /// the User-Agent's iOS at 18.6 or 18.7, but Safari's own version is still the system's
    /// (Safari ships with iOS and follows its numbering since 26).
    public var deviceOSVersion: String? {
        guard os == .ios, (safariMajorVersion ?? 0) >= 26, let safariVersion else { return osVersion }
        return safariVersion
    }

    private var safariMajorVersion: Int? {
        safariVersion.flatMap { Int($0.prefix { $0.isNumber }) }
    }
}

/// The first launch of an installed app, as the SDK describes it.
public struct InstallFingerprint: Sendable, Equatable {
    public var networkKey: String?
    public var prefixKey: String?
    /// IPv4 or IPv6 (an install through a relay has no keys).
    public var network: VisitorNetwork.Kind = .ipv4
    public var os: UserAgent.OS
    public var osVersion: String?
    public var model: String?
    public var signals: DeviceSignals
    public var time: Date
    /// Android: the app read Play's install referrer (an organic Play install's says
    /// `utm_medium=organic`). A click that went on to Play passed its id in the referrer, and
    /// would have been matched by it exactly; any such click left to the matcher is not this
    /// install's.
    public var playReferrerRead = false

    public init(networkKey: String?, prefixKey: String?, os: UserAgent.OS, osVersion: String?, model: String?, signals: DeviceSignals, time: Date) {
        self.networkKey = networkKey
        self.prefixKey = prefixKey
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.signals = signals
        self.time = time
    }
}
