import Testing

@testable import UnilinkCore

/// The click path's shortcuts give the answers of the full code they bypass.
@Suite("Fast paths agree with the full parsers")
struct FastPathEquivalenceTests {
    static let destinations =
        DestinationPolicyTests.hostile + [
            "https://www.example.com/", "https://www.example.com", "http://www.example.com/x?next=https://evil.example/",
            "https://img.cdn.example.com/a.jpg#top", "https://shop-1.example.co.uk/p/shoes?color=red&size=42",
            "https://WWW.Example.COM/path", "https://www.example.com./trailing-dot", "https://www.example.com:443/x",
            "https://xn--bcher-kva.example/", "https://bücher.example/", "https://www.example.com/caf%C3%A9?q=a%20b",
            "https://www.example.com/é", "https://a..b.example/", "https://.example/", "https://example.123/", "https://1.2.3.4/",
            "https://www.example.com/a b", "https://www.example.com/a\\b", "https://-x-.example/", "http://localhost/",
            "https://a.b/c?d#e", "https://x/",
        ]

    @Test(arguments: destinations)
    func commonDestinationsParseAsTheFullParserDoes(url: String) {
        guard let common = DestinationURL.parseCommon(url) else { return }
        #expect(DestinationURL.parseFully(url) == .success(common))
    }

    @Test func everydayDestinationsTakeTheShortcut() {
        for url in ["https://www.example.com/", "http://shop-1.example.co.uk/p/shoes?color=red#x", "https://img.cdn.example.com"] {
            #expect(DestinationURL.parseCommon(url) != nil, "\(url)")
        }
        for url in ["https://WWW.example.com/", "https://1.2.3.4/", "https://www.example.com:8443/", "https://bücher.example/"] {
            #expect(DestinationURL.parseCommon(url) == nil, "\(url)")
        }
    }

    @Test func hexIsLowercaseAndPadded() {
        #expect(Hex.string([0x00, 0x0f, 0xa0, 0xff]) == "000fa0ff")
        #expect(Hex.string([UInt8]()) == "")
        #expect(Hex.digits(0x18f_3a2b_c4d5, width: 12) == "018f3a2bc4d5")
        #expect(Hex.digits(255, width: 4) == "00ff")
    }

    /// A generated file's claims, decided from the path and query directly, agree with a
    /// decision on the whole URL.
    @Test func claimsFromPartsAgreeWithTheWholeURL() {
        let app = App(
            id: "app_1", name: "Shop", domains: [.init(host: "link.example.com", role: .primary)],
            paths: ["/p/*", "/u/*", "/shop/*/item/???"], excludePaths: ["/p/private/*"])
        let matcher = app.pathClaims
        for (path, query) in [
            ("/p/1", nil), ("/p/private/2", nil), ("/u", "x=1"), ("/shop/a/item/123", nil), ("/shop/a/item/1234", nil),
            ("/other", "p=1"), ("/", nil), ("/p/1/", nil), ("u/3", nil),
        ] as [(String, String?)] {
            let whole = "https://claims.invalid" + (path.hasPrefix("/") ? path : "/" + path) + (query.map { "?" + $0 } ?? "")
            let expected = matcher.decide(appID: App.claimsAppID, url: whole, host: "claims.invalid").decision == .match
            #expect(matcher.claims(path: path, query: query) == expected, "\(path)")
        }
        #expect(matcher.claims(path: "/p/1", query: nil))
        #expect(!matcher.claims(path: "/p/private/2", query: nil))
    }
}
