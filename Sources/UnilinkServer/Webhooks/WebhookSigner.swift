import Crypto
import Foundation

/// Standard Webhooks' symmetric signatures: a secret is `whsec_` and the base64 of 24 to 64
/// random bytes; a delivery's `webhook-signature` is `v1,` and the base64 HMAC-SHA256 of
/// `{webhook-id}.{webhook-timestamp}.{body}`, one per secret in force, separated by spaces
/// (while a rotated secret's grace period lasts, both sign).
enum WebhookSigner {
    static let prefix = "whsec_"
    static let keyBytes = 24...64

    /// A new secret, shown once to the person who made the subscription.
    static func newSecret() -> String {
        prefix + Data((0..<32).map { _ in UInt8.random(in: .min ... .max) }).base64EncodedString()
    }

    /// The key of a secret, with or without its prefix; `nil` for anything else.
    static func key(of secret: String) -> Data? {
        let text = secret.hasPrefix(prefix) ? String(secret.dropFirst(prefix.count)) : secret
        guard let key = Data(base64Encoded: text), keyBytes.contains(key.count) else { return nil }
        return key
    }

    static func signature(id: String, timestamp: Int64, body: Data, keys: [Data]) -> String {
        var content = Data("\(id).\(timestamp).".utf8)
        content.append(body)
        return keys.map { key in
            "v1," + Data(HMAC<SHA256>.authenticationCode(for: content, using: SymmetricKey(data: key))).base64EncodedString()
        }.joined(separator: " ")
    }
}
