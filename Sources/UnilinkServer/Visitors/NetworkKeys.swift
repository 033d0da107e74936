import Crypto
import Foundation
import Synchronization
import UnilinkCore
import UnilinkStorage

/// Keyed hashes of a client address and of its network (`VisitorNetwork`: the IPv4
/// address and /24, the IPv6 /64 and /56; a Private Relay egress by its region alone):
/// what deferred matching compares, so no raw address is ever stored. The key is random
/// per installation and lives in the database.
struct NetworkKeys: Sendable {
    static let settingName = "network_key_secret"
    /// Keyed once: each digest copies this state instead of deriving the key's pads again.
    private let keyed: HMAC<SHA256>

    /// Relayed requests are told apart by Apple's published ranges, when the operator names them.
    let relay: PrivateRelayWatch?

    init(secret: Data, relay: PrivateRelayWatch? = nil) {
        keyed = HMAC<SHA256>(key: SymmetricKey(data: secret))
        self.relay = relay
    }

    static func load(from store: SQLStore, relay: PrivateRelayWatch? = nil) async throws -> NetworkKeys {
        NetworkKeys(secret: try await StoredSecret.load(settingName, from: store), relay: relay)
    }

    /// The visitor's network; without keys for an unknown or unparsable address.
    /// A visitor's journey (the preview page, its signals, the store step, the app's first
    /// launch) asks for the same address within seconds: recent answers are kept.
    func network(of address: String?) -> VisitorNetwork {
        guard let address else { return .unknown }
        let (known, generation) = recent.network(address)
        if let known { return known }
        guard let bytes = AddressRange.bytes(of: address) else { return .unknown }
        let network: VisitorNetwork
        if let region = relay?.region(of: bytes) {
            network = .relayed(region: region)
        } else if bytes.count == 4 {
            network = VisitorNetwork(kind: .ipv4, addressKey: digest([0x01] + bytes), poolKey: digest([0x02] + Array(bytes.prefix(3))))
        } else {
            network = VisitorNetwork(
                kind: .ipv6, addressKey: digest([0x03] + Array(bytes.prefix(8))), poolKey: digest([0x04] + Array(bytes.prefix(7))))
        }
        recent.keep(network, for: address, from: generation)
        return network
    }

    private let recent = Recent()

    var rememberedAddresses: Int { recent.count }

    /// The networks of the last addresses seen, at most `capacity`; full, or when the
    /// relay ranges change, it starts over.
    private final class Recent: Sendable {
        static let capacity = 4096
        private struct Kept {
            var byAddress: [String: VisitorNetwork] = [:]
            /// Counts the relay lists forgotten: an answer worked out under an older list is not kept.
            var generation = 0
        }

        private let kept = Mutex(Kept())

        func network(_ address: String) -> (VisitorNetwork?, generation: Int) {
            kept.withLock { ($0.byAddress[address], $0.generation) }
        }

        var count: Int { kept.withLock { $0.byAddress.count } }

        func keep(_ network: VisitorNetwork, for address: String, from generation: Int) {
            kept.withLock { kept in
                guard kept.generation == generation else { return }
                if kept.byAddress.count >= Self.capacity { kept.byAddress.removeAll(keepingCapacity: true) }
                kept.byAddress[address] = network
            }
        }

        func forget() {
            kept.withLock { kept in
                kept.byAddress.removeAll(keepingCapacity: true)
                kept.generation += 1
            }
        }
    }

    /// Reads the relay ranges again if their file changed, and forgets what they decided.
    func refreshRelay() {
        if relay?.refresh() == true { recent.forget() }
    }

    private func digest(_ bytes: [UInt8]) -> String {
        var hmac = keyed
        hmac.update(data: bytes)
        return hmac.finalize().withUnsafeBytes { Hex.string(UnsafeRawBufferPointer(rebasing: $0.prefix(16))) }
    }
}
