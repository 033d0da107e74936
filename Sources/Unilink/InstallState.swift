public import Foundation

/// Where the SDK keeps what must survive launches: the install id and whether the
/// deferred check already happened. `UserDefaults` by default; injectable for tests.
public protocol UnilinkKeyValueStore: Sendable {
    func string(forKey key: String) -> String?
    func set(_ value: String?, forKey key: String)
}

/// `UserDefaults` under `unilink.` keys.
public struct UserDefaultsStorage: UnilinkKeyValueStore, @unchecked Sendable {
    // UserDefaults is thread-safe; it is not marked Sendable in every SDK.
    private let defaults: UserDefaults

    public init(defaults: UserDefaults = .standard) {
        self.defaults = defaults
    }

    public func string(forKey key: String) -> String? { defaults.string(forKey: key) }
    public func set(_ value: String?, forKey key: String) { defaults.set(value, forKey: key) }
}

/// The install's identity and first-launch flag.
struct InstallState {
    static let installKey = "unilink.install_id"
    static let deferredKey = "unilink.deferred_checked"
    let storage: any UnilinkKeyValueStore

    /// Random, made once per install.
    var installID: String {
        if let id = storage.string(forKey: Self.installKey) { return id }
        let id = UUID().uuidString.lowercased()
        storage.set(id, forKey: Self.installKey)
        return id
    }

    var deferredChecked: Bool {
        get { storage.string(forKey: Self.deferredKey) == "1" }
        nonmutating set { storage.set(newValue ? "1" : nil, forKey: Self.deferredKey) }
    }
}
