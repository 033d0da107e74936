import UnilinkCore

/// The limits per route family: the management API, the SDK, the deferred call (the one
/// that hands out links), the preview page's signals, and clicks. Association files,
/// robots.txt, health and metrics are never limited.
struct RateLimits: Sendable {
    enum Family: Int, Sendable, CaseIterable {
        case api, sdk, deferred, signals, clicks

        var name: String {
            switch self {
            case .api: "api"
            case .sdk: "sdk"
            case .deferred: "deferred"
            case .signals: "signals"
            case .clicks: "clicks"
            }
        }
    }

    /// `api=1200/60,sdk=300/60,deferred=30/60,signals=60/60,clicks=1200/60` (per client
    /// address; the SDK's per publishable key and address).
    static let defaults = "api=1200/60,sdk=300/60,deferred=30/60,signals=60/60,clicks=1200/60"

    let policies: [RateLimitPolicy]
    /// `UNILINK_RATE_LIMITS=off`: for a server behind a proxy or CDN that limits already.
    var isEnabled = true

    static let standard = RateLimits(byName: standardPolicies)

    private static let standardPolicies: [String: RateLimitPolicy] = Dictionary(
        uniqueKeysWithValues: defaults.split(separator: ",").compactMap { RateLimitPolicy($0) }.map { ($0.name, $0) }
    )

    private init(byName: [String: RateLimitPolicy]) {
        policies = Family.allCases.map { byName[$0.name] ?? RateLimitPolicy(name: $0.name, quota: 60, window: 60) }
    }

    /// Reads `UNILINK_RATE_LIMITS`; families not named keep their default.
    init(_ text: String?) throws(SettingsError) {
        if text == "off" {
            self.init(byName: Self.standardPolicies)
            isEnabled = false
            return
        }
        var byName = Self.standardPolicies
        for item in (text ?? "").split(separator: ",") where !item.isEmpty {
            let trimmed = item.drop(while: { $0 == " " })
            guard let policy = RateLimitPolicy(trimmed), byName[policy.name] != nil else {
                throw SettingsError(
                    "UNILINK_RATE_LIMITS: '\(item)' is not family=requests/seconds with a family among \(Family.allCases.map(\.name).joined(separator: ", "))"
                )
            }
            byName[policy.name] = policy
        }
        self.init(byName: byName)
    }

    func policy(_ family: Family) -> RateLimitPolicy { policies[family.rawValue] }
}
