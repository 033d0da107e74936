public import Foundation

/// An app's API key as stored: only its SHA-256 is kept; the publishable key is not a
/// secret and is kept readable so the admin API can show it again.
public struct AppKey: Sendable, Equatable {
    public enum Kind: String, Sendable {
        case secret, publishable
    }

    public var hash: String
    public var appID: String
    public var kind: Kind
    public var publishable: String?
    /// Set on a key that was rotated: it works until then.
    public var expiresAt: Date?

    public init(hash: String, appID: String, kind: Kind, publishable: String? = nil, expiresAt: Date? = nil) {
        self.hash = hash
        self.appID = appID
        self.kind = kind
        self.publishable = publishable
        self.expiresAt = expiresAt
    }
}
