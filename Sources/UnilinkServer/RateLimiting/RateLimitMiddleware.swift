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
    let limits: RateLimits
    let limiter: RateLimiter
    let addresses: ClientAddressResolver

    static let policyField = HTTPField.Name("RateLimit-Policy")!
    static let limitField = HTTPField.Name("RateLimit")!

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        let address = addresses.address(request, context)
        context.clientAddress = .some(address)
        let policy = limits.policy(family)
        let decision = limiter.check(policy, key: key(request, address))
        guard decision.allowed else { throw refusal(policy, decision) }
        var response = try await next(request, context)
        if family != .clicks { Self.describe(policy, decision, in: &response.headers) }
        return response
    }

    /// The 429 for a request from `address` past the limit, or `nil` (then it is counted):
    /// the click path's check, which answers without the router.
    func refusal(_ request: Request, address: String?) -> BufferedResponse? {
        let policy = limits.policy(family)
        let decision = limiter.check(policy, key: key(request, address))
        return decision.allowed ? nil : refusal(policy, decision).buffered
    }

    private func refusal(_ policy: RateLimitPolicy, _ decision: RateLimitPolicy.Decision) -> APIError {
        var error = APIError(
            .tooManyRequests, "rate_limited",
            "too many requests: \(policy.quota) per \(policy.window) seconds for '\(policy.name)'; retry in \(decision.resetSeconds) s")
        error.headers[.retryAfter] = String(decision.resetSeconds)
        if family != .clicks { Self.describe(policy, decision, in: &error.headers) }
        return error
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
