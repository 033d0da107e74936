import Crypto
import Foundation
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
    func keys(for address: String?) -> (network: String?, prefix: String?) {
        guard let address, let bytes = AddressRange.bytes(of: address) else { return (nil, nil) }
        let prefix = bytes.count == 4 ? Array(bytes.prefix(3)) : Array(bytes.prefix(6))
        return (digest([0x01] + bytes), digest([0x02] + prefix))
    }

    private func digest(_ bytes: [UInt8]) -> String {
        var hmac = keyed
        hmac.update(data: bytes)
        return hmac.finalize().withUnsafeBytes { Hex.string(UnsafeRawBufferPointer(rebasing: $0.prefix(16))) }
    }
}
