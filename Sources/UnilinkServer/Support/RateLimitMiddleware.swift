import HTTPTypes
import Hummingbird
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
                throw SettingsError("UNILINK_RATE_LIMITS: '\(item)' is not family=requests/seconds with a family among \(Family.allCases.map(\.name).joined(separator: ", "))")
            }
            byName[policy.name] = policy
        }
        self.init(byName: byName)
    }

    func policy(_ family: Family) -> RateLimitPolicy { policies[family.rawValue] }
}

/// A route group's limit: answers 429 with `Retry-After` past the family's limit, and
/// tells API clients where they stand with the IETF `RateLimit-Policy` and `RateLimit`
/// fields. It runs before the group's authenticator, so guessing keys is limited too. On
/// clicks the check is a hash and one sharded lock, and the answer carries no extra fields.
struct RateLimitMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let family: RateLimits.Family
    let state: ServerState

    static let policyField = HTTPField.Name("RateLimit-Policy")!
    static let limitField = HTTPField.Name("RateLimit")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let address = state.clientAddress(request, context)
        context.clientAddress = .some(address)
        let policy = state.rateLimits.policy(family)
        let decision = state.rateLimiter.check(policy, key: key(request, address))
        guard decision.allowed else {
            var error = APIError(.tooManyRequests, "rate_limited",
                                 "too many requests: \(policy.quota) per \(policy.window) seconds for '\(policy.name)'; retry in \(decision.resetSeconds) s")
            error.headers[.retryAfter] = String(decision.resetSeconds)
            if family != .clicks { Self.describe(policy, decision, in: &error.headers) }
            throw error
        }
        var response = try await next(request, context)
        if family != .clicks { Self.describe(policy, decision, in: &response.headers) }
        return response
    }

    /// Whether a request from `address` is within the limit; it counts when it is. A
    /// refused request changes nothing, so `handle` may see it again and answer the 429.
    func admits(_ request: Request, address: String?) -> Bool {
        state.rateLimiter.check(state.rateLimits.policy(family), key: key(request, address)).allowed
    }

    private func key(_ request: Request, _ address: String?) -> UInt64 {
        switch family {
        case .sdk, .deferred: RateLimiter.key(family.name, address, request.headers[CallerAuthenticator.keyHeader])
        default: RateLimiter.key(family.name, address)
        }
    }

    static func describe(_ policy: RateLimitPolicy, _ decision: RateLimitPolicy.Decision, in headers: inout HTTPFields) {
        headers[policyField] = "\"\(policy.name)\";q=\(policy.quota);w=\(policy.window)"
        headers[limitField] = "\"\(policy.name)\";r=\(decision.remaining);t=\(decision.resetSeconds)"
    }
}
