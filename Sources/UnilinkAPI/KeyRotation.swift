/// `POST /v1/apps/{id}/keys/rotate` body.
public struct KeyRotation: Codable, Sendable, Equatable {
    /// Which key to replace (the secret key by default).
    public var kind: AppKeyKind?
    /// How long the old key keeps working (a day by default, at most 30 days, 0: not at all).
    public var graceSeconds: Int?

    public init(kind: AppKeyKind? = nil, graceSeconds: Int? = nil) {
        self.kind = kind
        self.graceSeconds = graceSeconds
    }

    enum CodingKeys: String, CodingKey {
        case kind, graceSeconds = "grace_seconds"
    }

    /// The new key, shown once, and when the old one stops working.
    public struct Answer: Codable, Sendable, Equatable {
        public var kind: AppKeyKind
        public var secretKey: String?
        public var publishableKey: String?
        public var previousKeyExpiresAt: String

        public init(kind: AppKeyKind, secretKey: String? = nil, publishableKey: String? = nil, previousKeyExpiresAt: String) {
            self.kind = kind
            self.secretKey = secretKey
            self.publishableKey = publishableKey
            self.previousKeyExpiresAt = previousKeyExpiresAt
        }

        enum CodingKeys: String, CodingKey {
            case kind, secretKey = "secret_key", publishableKey = "publishable_key", previousKeyExpiresAt = "previous_key_expires_at"
        }
    }
}

/// An app's two kinds of key.
public enum AppKeyKind: String, WireEnum {
    /// `sk_...`: the management API and the dashboard, for one app.
    case secret
    /// `pk_...`: the SDKs, not a secret.
    case publishable
}
