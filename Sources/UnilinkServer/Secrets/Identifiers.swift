import Crypto
import Foundation
import Synchronization
import UnilinkCore

/// Random identifiers and API keys. A click id is made on every click: its randomness
/// from a pool that calls the system once per page, one allocation for the string.
enum Identifiers {
    static let base62: [UInt8] = Array("0123456789ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz".utf8)

    static func random(_ length: Int) -> String {
        String(unsafeUninitializedCapacity: length) { characters in
            fillBase62(characters)
            return length
        }
    }

    /// Random base-62 characters into all of `characters`, from `randomness` (the OS's by
    /// default). Rejection keeps them uniform: 248 = 4 x 62, the rest of a byte is redrawn.
    private static func fillBase62(
        _ characters: UnsafeMutableBufferPointer<UInt8>,
        from randomness: (UnsafeMutableBufferPointer<UInt8>) -> Void = RandomPool.fromSystem
    ) {
        var filled = 0
        withUnsafeTemporaryAllocation(of: UInt8.self, capacity: characters.count + 16) { bytes in
            while filled < characters.count {
                randomness(bytes)
                for byte in bytes where byte < 248 && filled < characters.count {
                    characters[filled] = base62[Int(byte % 62)]
                    filled += 1
                }
            }
        }
    }

    /// Click ids take their randomness from a pool (one system call per page, not per
    /// click); keys and tokens, made rarely and kept secret, straight from the OS.
    static let clickRandomness = RandomPool()

    static func appID() -> String { "app_" + random(16) }

    /// `lnk_` + milliseconds in 12 hex digits + randomness: ids sort by creation time,
    /// which the list cursor relies on.
    static func linkID(at time: Date = .now) -> String {
        let milliseconds = UInt64(max(0, time.timeIntervalSince1970 * 1000))
        return "lnk_" + Hex.digits(milliseconds, width: 12) + random(10)
    }

    static let auditClock = Mutex(AuditClock())

    /// `aud_` + milliseconds in 12 hex digits + a sequence number in 3 hex digits + 7
    /// random characters: the audit log pages by id, and this process's ids sort in the
    /// order they were made (`AuditClock`), in PostgreSQL's collation too.
    static func auditID(at time: Date = .now) -> String {
        let (milliseconds, sequence) = auditClock.withLock { $0.next(at: UInt64(max(0, time.timeIntervalSince1970 * 1000))) }
        return "aud_" + Hex.digits(milliseconds, width: 12) + Hex.digits(UInt64(sequence), width: 3) + random(7)
    }

    /// Eight base-62 digits of the time in milliseconds (until the year 8888), then 14
    /// random characters (83 bits). Ids made later sort later, so the database's click-id
    /// indexes grow at their end instead of rewriting a random page per click.
    static func clickID(at time: Date = .now) -> String {
        String(unsafeUninitializedCapacity: ClickID.length) { characters in
            var rest = UInt64(max(0, time.timeIntervalSince1970 * 1000))
            for index in stride(from: 7, through: 0, by: -1) {
                characters[index] = base62[Int(rest % 62)]
                rest /= 62
            }
            fillBase62(UnsafeMutableBufferPointer(rebasing: characters[8..<ClickID.length]), from: clickRandomness.fill)
            return ClickID.length
        }
    }

    static func secretKey() -> String { "sk_" + random(32) }
    static func publishableKey() -> String { "pk_" + random(24) }
    static func adminToken() -> String { "adm_" + random(32) }

    /// SHA-256, hex: what is stored instead of a secret.
    static func hash(_ key: String) -> String {
        hash(Data(key.utf8))
    }

    static func hash(_ data: Data) -> String {
        Hex.string(SHA256.hash(data: data))
    }
}
