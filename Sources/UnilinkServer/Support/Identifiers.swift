import Crypto
import Foundation
import UnilinkCore

/// Random identifiers and API keys.
enum Identifiers {
    static let base62 = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz")

    static func random(_ length: Int) -> String {
        var generator = SystemRandomNumberGenerator()
        return String((0..<length).map { _ in base62.randomElement(using: &generator)! })
    }

    static func appID() -> String { "app_" + random(16) }

    /// `lnk_` + milliseconds in 10 base-36-free hex digits + randomness: ids sort by
    /// creation time, which the list cursor relies on.
    static func linkID(at time: Date = .now) -> String {
        let milliseconds = UInt64(max(0, time.timeIntervalSince1970 * 1000))
        return "lnk_" + String(format: "%012llx", milliseconds) + random(10)
    }

    static func clickID() -> String { random(ClickID.length) }

    static func secretKey() -> String { "sk_" + random(32) }
    static func publishableKey() -> String { "pk_" + random(24) }
    static func adminToken() -> String { "adm_" + random(32) }

    /// SHA-256, hex: what is stored instead of a secret.
    static func hash(_ key: String) -> String {
        SHA256.hash(data: Data(key.utf8)).map { String(format: "%02x", $0) }.joined()
    }
}
