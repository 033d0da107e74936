import HTTPTypes
import Hummingbird
import UnilinkCore

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
