import Testing
import UnilinkCore

/// Open-redirect payloads (the shapes of PayloadsAllTheThings' and OWASP's open-redirect
/// lists, aimed at an app that allows www.example.com): each must be refused, because a
/// browser would visit a host that is not on the allow-list, or hides which one it is.
@Suite("Destinations a browser would really visit")
struct DestinationPolicyTests {
    static let policy = DestinationPolicy(
        app: App(
            id: "app_1", name: "Shop",
            ios: .init(teamID: "ABCDE12345", bundleID: "com.example.shop", appStoreID: "123456789", scheme: "shop"),
            android: .init(package: "com.example.shop", scheme: "shop"),
            web: .init(fallbackURL: "https://www.example.com/", allowedHosts: ["www.example.com", "*.cdn.example.com", "bücher.example"]),
            domains: [.init(host: "link.example.com", role: .primary)], paths: ["/*"]
        ))

    static let hostile = [
        #"https://evil.example\@www.example.com/"#,
        #"https://evil.example\\www.example.com/"#,
        #"https://www.example.com\@evil.example/"#,
        #"https:\\evil.example/"#,
        #"https:/\evil.example/"#,
        #"https:\/evil.example/"#,
        #"https://www.example.com\.evil.example/"#,
        "https://www.example.com@evil.example/",
        "https://evil.example@www.example.com/",
        "https://www.example.com:pass@evil.example/",
        "https://www.example.com%40evil.example/",
        "https://www.example.com%2f@evil.example/",
        "https://evil.example%2f%40www.example.com/",
        "https://www.example.com.evil.example/",
        "https://www.example.comevil.example/",
        "https://evil.example/www.example.com",
        "https://evil.example?www.example.com",
        "https://evil.example#www.example.com",
        "https://evil.example/?@www.example.com",
        "https://www.example.com%2eevil.example/",
        "https://www.example.com%252eevil.example/",
        "https://www.example.com%00.evil.example/",
        "https://evil%2eexample/",
        "https://evil。example/",
        "https://evil．example/",
        "https://ⓔⓥⓘⓛ.ⓔⓧⓐⓜⓟⓛⓔ/",
        "https://ｅｖｉｌ.example/",
        "https://evil.example%E3%80%82www.example.com/",
        "https:evil.example",
        "https:/evil.example/",
        "https:///evil.example/",
        "https:////evil.example/",
        "//evil.example/",
        "/\\evil.example/",
        "\\/\\/evil.example/",
        "/%09/evil.example",
        "evil.example",
        "https://evil.example\t/",
        "https://www.exa\tmple.com/",
        "https://www.exa\nmple.com/",
        " https://evil.example/",
        "https://evil.example /",
        "\u{0}https://www.example.com/",
        "javascript:alert(document.domain)",
        "JaVaScRiPt:alert(1)",
        "javascript://www.example.com/%0Aalert(1)",
        "data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==",
        "vbscript:msgbox(1)",
        "ftp://www.example.com/",
        "http://2130706433/",
        "http://0x7f000001/",
        "http://0177.0.0.1/",
        "http://127.1/",
        "http://[::1]/",
        "https://www.example.com.:443@evil.example/",
        "https://cdn.example.com.evil.example/",
        "https://evilcdn.example.com/",
    ]

    @Test(arguments: hostile)
    func hostilePayloadsAreRefused(url: String) {
        for kind in [DestinationPolicy.Kind.web, .platform] {
            #expect(Self.policy.problem(with: url, kind: kind) != nil, "\(kind)")
        }
    }

    @Test(arguments: [
        "https://www.example.com/",
        "https://WWW.Example.COM/path?q=1#top",
        "https://www.example.com./trailing-dot",
        "https://www.example.com:443/x",
        "http://www.example.com/x?next=https://evil.example/",
        "https://img.cdn.example.com/a.jpg",
        "https://link.example.com/u/1",
        "https://bücher.example/",
        "https://xn--bcher-kva.example/",
        "https://www.example.com/caf%C3%A9?q=a%20b",
    ])
    func legitimateDestinationsPass(url: String) {
        #expect(Self.policy.problem(with: url, kind: .web) == nil)
    }

    @Test func storesAndTheAppsSchemeAreForPlatformFieldsOnly() {
        for url in ["https://apps.apple.com/app/id123456789", "https://play.google.com/store/apps/details?id=com.example.shop", "shop://u/1"] {
            #expect(Self.policy.problem(with: url, kind: .platform) == nil, "\(url)")
            #expect(Self.policy.problem(with: url, kind: .web) != nil, "\(url)")
        }
        #expect(Self.policy.problem(with: #"https://evil.example\@apps.apple.com/"#, kind: .platform) != nil)
        #expect(Self.policy.problem(with: "https://evil.example@apps.apple.com/", kind: .platform) != nil)
    }

    /// What the browser visits, as the WHATWG URL Standard parses it.
    @Test(arguments: [
        ("https://EVIL。Example./", "evil.example."),
        ("https://xn--bcher-kva.example/", "xn--bcher-kva.example"),
        ("https://bücher.example/", "xn--bcher-kva.example"),
        ("https://münchen.de/", "xn--mnchen-3ya.de"),
        ("https://例え.テスト/", "xn--r8jz45g.xn--zckzah"),
        ("http://0x7f.1/", "127.0.0.1"),
        ("http://2130706433/", "127.0.0.1"),
        ("http://0300.0250.0.1/", "192.168.0.1"),
        ("https:evil.example", "evil.example"),
        ("https://a%2eb.example/", "a.b.example"),
    ])
    func hostsAsBrowsersReadThem(url: String, host: String) throws {
        let parsed = try DestinationURL.parse(url).get()
        #expect(parsed.host == host)
    }

    /// The escapes the issue found, each with the host a naive reader sees on the list.
    @Test(
        arguments: [
            ("https://0000000000000000000000000000000000000000177.0.0.1/", "0.0.0.1", "127.0.0.1"),
            ("http://0x0000000000000007f.0.0.1/", "7.0.0.1", "127.0.0.1"),
            ("http://0x00000000000000000000000000000000000000000007f.1/", "0.0.0.1", "127.0.0.1"),
            ("http://4294967296/", "0.0.0.0", nil),
            ("http://0x100000000/", "0.0.0.0", nil),
            ("http://1.2.3.4.5/", "1.2.3.4", nil),
            ("http://256.0.0.1/", "0.0.0.1", nil),
            ("http://999999999999999999999999999999999999999/", "255.255.255.255", nil),
        ] as [(String, String, String?)])
    func numbersOfAnyLengthAreReadWhole(url: String, naive: String, browser: String?) {
        let policy = DestinationPolicy(app: App(id: "app_1", name: "Shop", web: .init(allowedHosts: [naive]), domains: [], paths: []))
        #expect(policy.admitted(url, kind: .web) == nil)
        switch DestinationURL.parse(url) {
        case .success(let parsed): #expect(parsed.host == browser)
        case .failure(let problem):
            #expect(browser == nil, "\(problem)")
            #expect("\(problem)".contains("IPv4"))
        }
    }

    /// What browsers delete or map (UTS #46's ignored and mapped code points) is deleted or
    /// mapped here too, so the host checked is the host visited.
    @Test(arguments: [
        ("https://www.exam\u{AD}ple.com/", "www.example.com"),
        ("https://www.exam\u{200B}ple.com/", "www.example.com"),
        ("https://www.exam\u{2060}ple.com/", "www.example.com"),
        ("https://www.exam\u{FEFF}ple.com/", "www.example.com"),
        ("https://www.exam\u{FE0F}ple.com/", "www.example.com"),
        ("https://www\u{FF0E}example\u{3002}com/", "www.example.com"),
        ("https://GOO\u{200B}\u{2060}\u{FEFF}goo.com/", "googoo.com"),
        ("https://fa\u{DF}.de/", "xn--fa-hia.de"),
    ])
    func ignoredAndMappedCodePointsAreDropped(url: String, host: String) throws {
        #expect(try DestinationURL.parse(url).get().host == host)
    }

    /// Hosts and URLs a browser refuses are refused with the reason, never stored.
    @Test(arguments: [
        ("https://xn--a.xn--nxa\u{200D}/", "Punycode"),
        ("https://a\u{200D}b.example/", "joiner"),
        ("https://\u{5D0}a.example/", "Bidi"),
        ("https://exa<mple.com/", "'<'"),
        ("https://exa%3Cmple.com/", "'<'"),
        ("https://%/", "'%'"),
        ("https://[::1/", "IPv6"),
        ("https://[1:2:3:4:5:6:7:8:9]/", "IPv6"),
        ("https://example.com:65536/", "port"),
        ("https://example.com:8a/", "port"),
        ("https://:443/", "empty"),
        ("https://\u{FFFD}.example/", "cannot hold"),
    ])
    func refusalsNameTheReason(url: String, reason: String) {
        switch DestinationURL.parse(url) {
        case .success(let parsed): Issue.record("accepted as \(parsed.href)")
        case .failure(let problem): #expect("\(problem)".contains(reason), "\(problem)")
        }
    }

    /// What is stored is what the browser follows: the serialization, not the text.
    @Test(arguments: [
        ("http:example.com/", "http://example.com/"),
        ("https:///www.example.com", "https://www.example.com/"),
        ("HTTPS://WWW.EXAMPLE.COM:443/a/./b/../c?q=a'b\u{A0}#f`g", "https://www.example.com/a/c?q=a%27b%C2%A0#f%60g"),
        ("https://münchen.de/straße?ü=1", "https://xn--mnchen-3ya.de/stra%C3%9Fe?%C3%BC=1"),
        ("https://[0:0::1]:8443/", "https://[::1]:8443/"),
        ("https://example.com/%2e%2E/x", "https://example.com/x"),
        ("https://www.example.com", "https://www.example.com/"),
    ])
    func theSerializationIsWhatIsStored(url: String, href: String) throws {
        #expect(try DestinationURL.parse(url).get().href == href)
    }

    @Test func problemsAreNamed() {
        #expect(Self.policy.problem(with: #"https://a\@www.example.com/"#, kind: .web)?.contains("backslash") == true)
        #expect(Self.policy.problem(with: "https://a@www.example.com/", kind: .web)?.contains("user name") == true)
        #expect(Self.policy.problem(with: "https://www.exa\tmple.com/", kind: .web)?.contains("control character") == true)
        #expect(Self.policy.problem(with: "https://evil.example/", kind: .web)?.contains("evil.example") == true)
    }
}
