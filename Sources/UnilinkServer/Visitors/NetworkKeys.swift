import Crypto
import Foundation
import Synchronization
import UnilinkCore
import UnilinkStorage

/// Keyed hashes of a client address and of its network (/24 for IPv4, /48 for IPv6):
/// what deferred matching compares, so no raw address is ever stored. The key is random
/// per installation and lives in the database.
struct NetworkKeys: Sendable {
    static let settingName = "network_key_secret"
    /// Keyed once: each digest copies this state instead of deriving the key's pads again.
    private let keyed: HMAC<SHA256>

    init(secret: Data) {
        keyed = HMAC<SHA256>(key: SymmetricKey(data: secret))
    }

    static func load(from store: SQLStore) async throws -> NetworkKeys {
        NetworkKeys(secret: try await StoredSecret.load(settingName, from: store))
    }

    /// `(address key, prefix key)`, both `nil` for an unknown or unparsable address.
    /// A visitor's journey (the preview page, its signals, the store step, the app's first
    /// launch) asks for the same address within seconds: recent answers are kept.
    func keys(for address: String?) -> (network: String?, prefix: String?) {
        guard let address else { return (nil, nil) }
        if let known = recent.keys(address) { return known }
        guard let bytes = AddressRange.bytes(of: address) else { return (nil, nil) }
        let prefix = bytes.count == 4 ? Array(bytes.prefix(3)) : Array(bytes.prefix(6))
        let keys = (network: digest([0x01] + bytes), prefix: digest([0x02] + prefix))
        recent.keep(keys, for: address)
        return keys
    }

    private let recent = Recent()

    var rememberedAddresses: Int { recent.count }

    /// The keys of the last addresses seen, at most `capacity`; full, it starts over.
    private final class Recent: Sendable {
        static let capacity = 4096
        private let keysByAddress = Mutex<[String: (network: String?, prefix: String?)]>([:])

        func keys(_ address: String) -> (network: String?, prefix: String?)? {
            keysByAddress.withLock { $0[address] }
        }

        var count: Int { keysByAddress.withLock { $0.count } }

        func keep(_ keys: (network: String?, prefix: String?), for address: String) {
            keysByAddress.withLock { known in
                if known.count >= Self.capacity { known.removeAll(keepingCapacity: true) }
                known[address] = keys
            }
        }
    }

    private func digest(_ bytes: [UInt8]) -> String {
        var hmac = keyed
        hmac.update(data: bytes)
        return hmac.finalize().withUnsafeBytes { Hex.string(UnsafeRawBufferPointer(rebasing: $0.prefix(16))) }
    }
}
