import Foundation
import Logging
import Testing
import UnilinkCore

@testable import UnilinkServer

/// Deferred matching compares these keys across a visitor's requests and across restarts:
/// the kept answers must be the ones a fresh computation gives, and their number bounded.
@Suite("Network keys")
struct NetworkKeysTests {
    static let secret = Data((0..<32).map { UInt8($0) })

    @Test func keptAnswersAreTheComputedOnesAndTheirNumberIsBounded() {
        let keys = NetworkKeys(secret: Self.secret)
        let addresses = (0..<5_000).map { "10.\($0 / 65_536).\($0 / 256 % 256).\($0 % 256)" } + ["2001:db8::1", "2001:db8::2"]
        let first = addresses.map { keys.network(of: $0) }
        #expect(keys.rememberedAddresses <= 4096)
        let fresh = NetworkKeys(secret: Self.secret)
        for (address, answer) in zip(addresses, first) {
            let again = keys.network(of: address), computed = fresh.network(of: address)
            #expect(again == computed && answer == computed, "\(address)")
        }
        #expect(keys.rememberedAddresses <= 4096)
    }

    @Test func anAddressAndItsNetworkGetTheirOwnKeysAndNothingIsKeptForNonsense() {
        let keys = NetworkKeys(secret: Self.secret)
        let one = keys.network(of: "192.0.2.7"), neighbour = keys.network(of: "192.0.2.8"), elsewhere = keys.network(of: "198.51.100.7")
        #expect(one.addressKey != nil && one.addressKey != neighbour.addressKey && one.kind == .ipv4)
        #expect(one.poolKey == neighbour.poolKey && one.poolKey != elsewhere.poolKey)
        #expect(keys.network(of: "not an address").addressKey == nil)
        #expect(keys.network(of: nil).poolKey == nil)
        #expect(keys.rememberedAddresses == 3)
        #expect(NetworkKeys(secret: Data(repeating: 7, count: 32)).network(of: "192.0.2.7").addressKey != one.addressKey)
    }

    /// IPv6: a phone's privacy addresses change, its /64 does not; a household's LANs share
    /// its /56; and an IPv4 address never shares a key with an IPv6 network.
    @Test func anIPv6VisitorIsItsSlash64InItsSlash56() {
        let keys = NetworkKeys(secret: Self.secret)
        let phone = keys.network(of: "2001:db8:1234:5601:a1b2:c3d4:e5f6:1")
        let sameLAN = keys.network(of: "2001:db8:1234:5601::77"), otherLAN = keys.network(of: "2001:db8:1234:56ff::1")
        let otherHome = keys.network(of: "2001:db8:1234:5701::1")
        #expect(phone.kind == .ipv6 && phone.addressKey == sameLAN.addressKey && phone.poolKey == sameLAN.poolKey)
        #expect(phone.addressKey != otherLAN.addressKey && phone.poolKey == otherLAN.poolKey)
        #expect(phone.poolKey != otherHome.poolKey)
        #expect(keys.network(of: "::ffff:192.0.2.7") == keys.network(of: "192.0.2.7"))
    }

    /// A Private Relay egress counts by its region alone; other addresses as before; a new
    /// ranges file is read without a restart.
    @Test func relayedRequestsAreKnownByTheirRegionAndTheRangesReload() throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("relay-\(UUID().uuidString).csv")
        defer { try? FileManager.default.removeItem(at: file) }
        try "172.224.226.0/27,US,US-CA,Los Angeles,\n2a02:26f7:b3c0:4000::/64,DE,DE-BE,Berlin,\nnonsense\n".write(
            to: file, atomically: true, encoding: .utf8)
        let watch = PrivateRelayWatch(path: file.path, logger: .init(label: "test"))
        #expect(watch.ranges?.count == 2 && watch.ranges?.skipped == 1)
        let keys = NetworkKeys(secret: Self.secret, relay: watch)
        #expect(keys.network(of: "172.224.226.31") == .relayed(region: "US-CA"))
        #expect(keys.network(of: "172.224.226.31").poolKey == "relay:US" && keys.network(of: "172.224.226.31").addressKey == nil)
        #expect(keys.network(of: "2a02:26f7:b3c0:4000:1::9") == .relayed(region: "DE-BE"))
        #expect(keys.network(of: "172.224.226.32").kind == .ipv4)
        try "172.224.226.32/32,FR,FR-IDF,Paris,\n".write(to: file, atomically: true, encoding: .utf8)
        // A different size is a change, whatever the clock's resolution.
        keys.refreshRelay()
        #expect(keys.network(of: "172.224.226.32") == .relayed(region: "FR-IDF"))
        #expect(keys.network(of: "172.224.226.31").kind == .ipv4)
    }

    /// The search finds a range however the list nests them, and reads /0, /32 and /128.
    @Test func relayRangesAreFoundNestedAndAtTheirEdges() throws {
        let ranges = PrivateRelayRanges(
            csv: """
                10.0.0.0/8,US,US-CA,Los Angeles,
                10.1.0.0/16,DE,DE-BE,Berlin,
                10.1.2.3/32,FR,FR-IDF,Paris,
                2a02:26f7::/32,GB,GB-ENG,London,
                2a02:26f7:1::1/128,ES,ES-MD,Madrid,
                ::/0,JP,,Tokyo,
                """)
        func region(_ address: String) -> String? { AddressRange.bytes(of: address).flatMap { ranges.region(of: $0) } }
        #expect(region("10.1.2.3") == "FR-IDF")
        #expect(region("10.1.2.4") == "DE-BE")
        // Past the nested /16 and /32, still in the /8 that holds them.
        #expect(region("10.200.0.1") == "US-CA")
        #expect(region("10.0.0.0") == "US-CA" && region("10.255.255.255") == "US-CA")
        #expect(region("11.0.0.0") == nil && region("9.255.255.255") == nil)
        #expect(region("2a02:26f7:1::1") == "ES-MD" && region("2a02:26f7:1::2") == "GB-ENG")
        // /0 holds every IPv6 address, and no IPv4 one; a region the list leaves out is the country.
        #expect(region("2001:db8::1") == "JP" && region("192.0.2.1") == nil)
    }
}
