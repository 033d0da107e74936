import Foundation

/// `POST /v1/apps/{id}/keys/rotate` body and answer.
struct KeyRotation: Decodable {
    var kind: String?
    var graceSeconds: Int?

    enum CodingKeys: String, CodingKey {
        case kind, graceSeconds = "grace_seconds"
    }

    struct Answer: Encodable {
        var kind: String
        var secretKey: String?
        var publishableKey: String?
        var previousKeyExpiresAt: String

        enum CodingKeys: String, CodingKey {
            case kind, secretKey = "secret_key", publishableKey = "publishable_key", previousKeyExpiresAt = "previous_key_expires_at"
        }
    }
}
