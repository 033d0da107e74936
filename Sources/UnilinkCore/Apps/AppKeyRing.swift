public import Foundation

/// Which app a key opens, now: the one rule for the API's authenticator, the dashboard's
/// sign-in, FDL's `?key=` and Branch's `branch_key`. Secret keys are known by their
/// SHA-256 only, publishable keys as they are; a rotated key opens its app until its
/// grace period ends.
public struct AppKeyRing: Sendable, Equatable {
    /// SHA-256 of a secret key -> app id.
    public var secretKeys: [String: String] = [:]
    /// Publishable key -> app id.
    public var publishableKeys: [String: String] = [:]
    /// A rotated key (its hash, or the publishable key) -> the end of its grace period.
    public var expiry: [String: Date] = [:]
    /// SHA-256 of the admin token.
    public var adminTokenHash: String?

    public init() {}

    public enum Lookup: Equatable, Sendable {
        case app(String)
        case unknown
        /// Rotated, and its grace period is over.
        case expired
    }

    /// A secret key, by its SHA-256 (`key` itself only for its `sk_` prefix).
    public func secretKey(_ key: String, hash: String, at now: Date) -> Lookup {
        guard key.hasPrefix("sk_"), let appID = secretKeys[hash] else { return .unknown }
        if let end = expiry[hash], end <= now { return .expired }
        return .app(appID)
    }

    public func publishableKey(_ key: String, at now: Date) -> Lookup {
        guard let appID = publishableKeys[key] else { return .unknown }
        if let end = expiry[key], end <= now { return .expired }
        return .app(appID)
    }

    /// Either kind, as Branch's `branch_key` took either: an `sk_` key is a secret key.
    public func anyKey(_ key: String, hash: String, at now: Date) -> Lookup {
        key.hasPrefix("sk_") ? secretKey(key, hash: hash, at: now) : publishableKey(key, at: now)
    }

    /// Whether `hash` is the admin token's, compared in constant time.
    public func isAdminToken(hash: String) -> Bool {
        guard let adminTokenHash else { return false }
        return ConstantTime.equals(hash, adminTokenHash)
    }
}
