import Testing

@testable import UnilinkServer

@Suite("Client addresses behind proxies")
struct ClientAddressTests {
    static let proxies = ClientAddress(trustedProxies: ["10.0.0.0/8", "::1", "2001:db8::/32"].compactMap(AddressRange.init))

    @Test(
        arguments: [
            ("203.0.113.7", "198.51.100.1", nil, "203.0.113.7"),
            ("10.1.2.3", "198.51.100.1", nil, "198.51.100.1"),
            ("10.1.2.3", "198.51.100.1, 10.9.9.9", nil, "198.51.100.1"),
            ("10.1.2.3", "1.1.1.1, 198.51.100.1", nil, "198.51.100.1"),
            ("10.1.2.3", nil, "for=192.0.2.60;proto=https", "10.1.2.3"),  // this proxy sets X-Forwarded-For, not Forwarded
            ("::1", "198.51.100.9", nil, "198.51.100.9"),
            ("2001:db8::5", "198.51.100.9", nil, "198.51.100.9"),
            ("10.1.2.3", "not-an-ip", nil, "10.1.2.3"),
            ("10.1.2.3", nil, nil, "10.1.2.3"),
            ("::ffff:10.1.2.3", "198.51.100.2", nil, "198.51.100.2"),
        ] as [(String, String?, String?, String)])
    func onlyTrustedProxiesAreBelieved(peer: String, forwardedFor: String?, forwarded: String?, client: String) {
        #expect(Self.proxies.resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded) == client)
    }

    /// A proxy that sets `Forwarded` passes a visitor's own `X-Forwarded-For` through: only
    /// the proxy's header is believed.
    @Test(
        arguments: [
            ("10.1.2.3", "6.6.6.6", "for=192.0.2.60;proto=https", "192.0.2.60"),
            ("10.1.2.3", nil, #"for="[2001:db9::1]:4711""#, "2001:db9::1"),
            ("10.1.2.3", "6.6.6.6", nil, "10.1.2.3"),
            ("203.0.113.7", nil, "for=192.0.2.60", "203.0.113.7"),
        ] as [(String, String?, String?, String)])
    func aForwardedProxyIsReadFromItsOwnHeader(peer: String, forwardedFor: String?, forwarded: String?, client: String) {
        var proxies = Self.proxies
        proxies.header = .forwarded
        #expect(proxies.resolve(peer: peer, forwardedFor: forwardedFor, forwarded: forwarded) == client)
    }

    @Test func rangesParse() {
        #expect(AddressRange("10.0.0.0/8")?.contains("10.255.0.1") == true)
        #expect(AddressRange("10.0.0.0/8")?.contains("11.0.0.1") == false)
        #expect(AddressRange("192.168.1.0/33") == nil)
        #expect(AddressRange("nonsense") == nil)
        #expect(AddressRange("2001:db8::/32")?.contains("2001:db8:ffff::1") == true)
        #expect(AddressRange("0.0.0.0/0")?.contains("8.8.8.8") == true)
    }
}
