/// Where a request came from, as deferred matching compares it: keyed hashes, never the
/// address. IPv4: the address and its /24. IPv6: the /64 (one phone on a carrier, one
/// household's LAN: the interface id changes with privacy addresses, the /64 does not) and
/// the /56 (a household's delegated prefix). iCloud Private Relay: no address at all (the
/// egress is shared by strangers and the app's own requests never use it), only the
/// relay's region; its clicks are pooled by country (`poolKey`).
public struct VisitorNetwork: Sendable, Equatable {
    public enum Kind: String, Sendable, Codable {
        case ipv4, ipv6, relay
    }

    public var kind: Kind
    /// IPv4: the address; IPv6: the /64. Nil for relayed requests.
    public var addressKey: String?
    /// IPv4: the /24; IPv6: the /56; relayed: `relay:<country>`. The candidates an install
    /// is compared with are the pending clicks of its pools.
    public var poolKey: String?
    /// The relay's egress region (`DE-BE`, or the country alone), for relayed requests.
    public var relayRegion: String?

    public init(kind: Kind, addressKey: String?, poolKey: String?, relayRegion: String? = nil) {
        self.kind = kind
        self.addressKey = addressKey
        self.poolKey = poolKey
        self.relayRegion = relayRegion
    }

    public static let unknown = VisitorNetwork(kind: .ipv4, addressKey: nil, poolKey: nil)

    /// A relayed click leaves its country's pool; an install whose time zone is in that
    /// country is compared with it.
    public static func relayPool(country: String) -> String { "relay:\(country.uppercased())" }

    /// Whether a pool key is a relay country's (`relayPool`), not a network prefix.
    public static func isRelayPool(_ poolKey: String) -> Bool { poolKey.hasPrefix("relay:") }

    /// A relayed visitor, by the relay's region (`DE-BE` or `DE`).
    public static func relayed(region: String) -> VisitorNetwork {
        let country = String(region.prefix { $0 != "-" })
        return VisitorNetwork(kind: .relay, addressKey: nil, poolKey: relayPool(country: country), relayRegion: region)
    }
}
