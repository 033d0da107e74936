import HummingbirdBcrypt
import NIOPosix
import Synchronization

/// Passwords as bcrypt hashes (hummingbird-auth's), hashed and checked off the event
/// loops: at the chosen cost one takes 0.2 s of a core.
final class Passwords: Sendable {
    let cost: UInt8
    /// A hash of nothing anyone knows, checked when there is no account or no password, so
    /// that an unknown address takes as long to refuse as a wrong password.
    private let decoy = Mutex<String?>(nil)

    init(cost: UInt8) {
        self.cost = cost
    }

    /// bcrypt reads at most 72 bytes: a longer password would be cut silently.
    static let bytes = 10...72

    /// What is wrong with a new password, or `nil`.
    static func problem(with password: String) -> String? {
        let count = password.utf8.count
        if count < bytes.lowerBound { return "the password must be at least \(bytes.lowerBound) characters long" }
        if count > bytes.upperBound { return "the password must be at most \(bytes.upperBound) bytes long (bcrypt reads no more)" }
        return nil
    }

    func hash(_ password: String) async throws -> String {
        let cost = self.cost
        return try await NIOThreadPool.singleton.runIfActive { Bcrypt.hash(password, cost: cost) }
    }

    /// Whether `password` matches `hash`. Without a hash, checks a decoy and says no.
    func verify(_ password: String, hash: String?) async throws -> Bool {
        let checked: String
        if let hash { checked = hash } else { checked = try await decoyHash() }
        let matches = try await NIOThreadPool.singleton.runIfActive { Bcrypt.verify(password, hash: checked) }
        return hash != nil && matches
    }

    private func decoyHash() async throws -> String {
        if let decoy = decoy.withLock({ $0 }) { return decoy }
        let made = try await self.hash(Identifiers.random(32))
        return decoy.withLock { stored in
            if stored == nil { stored = made }
            return stored!
        }
    }
}
