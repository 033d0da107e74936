import Foundation
import Testing

@testable import UnilinkServer

/// Deferred matching compares these keys across a visitor's requests and across restarts:
/// the kept answers must be the ones a fresh computation gives, and their number bounded.
@Suite("Network keys")
struct NetworkKeysTests {
    static let secret = Data((0..<32).map { UInt8($0) })

    @Test func keptAnswersAreTheComputedOnesAndTheirNumberIsBounded() {
        let keys = NetworkKeys(secret: Self.secret)
        let addresses = (0..<5_000).map { "10.\($0 / 65_536).\($0 / 256 % 256).\($0 % 256)" } + ["2001:db8::1", "2001:db8::2"]
        let first = addresses.map { keys.keys(for: $0) }
        #expect(keys.rememberedAddresses <= 4096)
        let fresh = NetworkKeys(secret: Self.secret)
        for (address, answer) in zip(addresses, first) {
            let again = keys.keys(for: address), computed = fresh.keys(for: address)
            #expect(again.network == computed.network && again.prefix == computed.prefix, "\(address)")
            #expect(answer.network == computed.network && answer.prefix == computed.prefix, "\(address)")
        }
        #expect(keys.rememberedAddresses <= 4096)
    }

    @Test func anAddressAndItsNetworkGetTheirOwnKeysAndNothingIsKeptForNonsense() {
        let keys = NetworkKeys(secret: Self.secret)
        let one = keys.keys(for: "192.0.2.7"), neighbour = keys.keys(for: "192.0.2.8"), elsewhere = keys.keys(for: "198.51.100.7")
        #expect(one.network != nil && one.network != neighbour.network)
        #expect(one.prefix == neighbour.prefix && one.prefix != elsewhere.prefix)
        #expect(keys.keys(for: "not an address").network == nil)
        #expect(keys.keys(for: nil).prefix == nil)
        #expect(keys.rememberedAddresses == 3)
        #expect(NetworkKeys(secret: Data(repeating: 7, count: 32)).keys(for: "192.0.2.7").network != one.network)
    }
}
