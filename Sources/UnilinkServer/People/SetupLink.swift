import Foundation
import UnilinkCore
import UnilinkStorage

/// The one-time link that makes the first owner of a fresh installation: `unilink serve`
/// prints it while no one has an account. Only its hash is stored, with its expiry; each
/// start without accounts makes a new one (the last one printed works).
enum SetupLink {
    static let settingName = "setup_token_sha256"
    static let lifetime: TimeInterval = 86_400

    /// A new token to print when no one has an account yet; `nil` otherwise.
    static func prepare(store: SQLStore, at now: Date = .now) async throws -> String? {
        guard try await store.userCount() == 0 else { return nil }
        let token = Identifiers.random(43)
        let expiry = Int64(now.addingTimeInterval(lifetime).timeIntervalSince1970)
        try await store.setSetting(settingName, to: "\(Identifiers.hash(token)) \(expiry)")
        return token
    }

    /// Whether `token` is the current setup link (and no one has an account).
    static func isValid(_ token: String, store: any PeopleStore & SettingsReading, at now: Date = .now) async throws -> Bool {
        guard try await store.userCount() == 0, let stored = try await store.setting(settingName) else { return false }
        let parts = stored.split(separator: " ")
        guard parts.count == 2, let expiry = Int64(parts[1]), Int64(now.timeIntervalSince1970) < expiry else { return false }
        return ConstantTime.equals(String(parts[0]), Identifiers.hash(token))
    }

    static func path(_ token: String) -> String { "/setup/\(token)" }
}

/// Reading a stored setting (the setup link's hash).
protocol SettingsReading: Sendable {
    func setting(_ name: String) async throws -> String?
}

extension SQLStore: SettingsReading {}
