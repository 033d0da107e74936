import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

@Suite("Links: codes, aliases, destinations, versions")
struct LinkModelTests {
    @Test func shortCodesAreShortUnambiguousAndRandom() {
        var codes = Set<String>()
        for _ in 0..<10_000 {
            let code = ShortCode.make()
            #expect(code.count == 7)
            #expect(!code.contains { "0O1lI".contains($0) })
            codes.insert(code)
        }
        #expect(codes.count == 10_000)
        #expect(ShortCode.isWellFormed("Ab3xK9p"))
        #expect(!ShortCode.isWellFormed("Ab3xK9O"))
        for text in ["Ab3xK9", "Ab3xK9pp", "Ab3xK9é", "Ab3xK9\u{0}", "Ab3-K9p", "ab3xk9l", "Ab3xK91", "ÄÄÄÄÄÄÄ"] {
            #expect(!ShortCode.isWellFormed(Substring(text)), "\(text)")
        }
        var generator = SystemRandomNumberGenerator()
        #expect((0..<1000).allSatisfy { _ in ShortCode.isWellFormed(Substring(ShortCode.make(using: &generator))) })
    }

    @Test(arguments: [
        ("summer-sale", true), ("Summer_2026", true), ("a", true), ("", false), ("has space", false), ("slash/y", false),
        ("ünïcode", false), ("v1", false), ("robots.txt", false), (String(repeating: "x", count: 65), false),
    ])
    func aliases(alias: String, valid: Bool) {
        #expect((Alias.problem(with: alias) == nil) == valid)
    }

    static let app = App(
        id: "a", name: "Shop", ios: .init(teamID: "ABCDE12345", bundleID: "com.example.shop", scheme: "shop"),
        web: .init(fallbackURL: "https://fallback.example.org/", allowedHosts: ["www.example.com", "*.cdn.example.net"]),
        domains: [.init(host: "link.example.com", role: .primary)]
    )

    @Test(arguments: [
        ("https://www.example.com/x", DestinationPolicy.Kind.web, true),
        ("http://www.example.com/x", .web, true),
        ("https://img.cdn.example.net/x", .web, true),
        ("https://cdn.example.net/x", .web, false),
        ("https://fallback.example.org/y", .web, true),
        ("https://link.example.com/u/1", .web, true),
        ("https://evil.example/x", .web, false),
        ("https://www.example.com.evil.example/x", .web, false),
        ("javascript:alert(1)", .web, false),
        ("https://apps.apple.com/app/id1", .web, false),
        ("https://apps.apple.com/app/id1", .platform, true),
        ("https://play.google.com/store/apps/details?id=x", .platform, true),
        ("shop://u/1", .platform, true),
        ("shop://u/1", .web, false),
        ("other://u/1", .platform, false),
    ])
    func destinations(url: String, kind: DestinationPolicy.Kind, allowed: Bool) {
        #expect((DestinationPolicy(app: Self.app).problem(with: url, kind: kind) == nil) == allowed)
    }

    @Test func versionsCompareNumberByNumber() throws {
        let v = { (text: String) throws -> AppVersion in try #require(AppVersion(text)) }
        #expect(try v("5.10.0") > v("5.9.9"))
        #expect(try v("5.2") == v("5.2.0"))
        #expect(try v("520") > v("519"))
        #expect(AppVersion("5.x") == nil)
        #expect(AppVersion("") == nil)
    }

    /// Android's version codes go up to 2100000000: ten digits, ordered as numbers.
    @Test func tenDigitVersionCodesAreVersions() throws {
        let v = { (text: String) throws -> AppVersion in try #require(AppVersion(text)) }
        #expect(try v("2100000000") > v("2024061201"))
        #expect(try v("2024061201") > v("999999999"))
        #expect(try v("9999999999") > v("9999999998"))
        #expect(try v("1.2024061201") > v("1.999999999"))
        #expect(AppVersion("12345678901") == nil)
    }

    @Test func acceptLanguageIsOrderedByWeight() {
        #expect(Visit.languages(fromAcceptLanguage: "de-DE,de;q=0.9,en;q=0.5") == ["de-DE", "de", "en"])
        #expect(Visit.languages(fromAcceptLanguage: "en;q=0.1, zh-CN") == ["zh-CN", "en"])
        #expect(Visit.languages(fromAcceptLanguage: "*;q=0.1,fr;q=0") == [])
        #expect(Visit.languages(fromAcceptLanguage: nil) == [])
        #expect(Visit.languages(fromAcceptLanguage: ";fr ; q=0.4 ;,de\t;x=1, es;q=0.7;q=0.2,,") == ["de", "fr", "es"])
        #expect(Visit.languages(fromAcceptLanguage: (1...12).map { "l\($0)" }.joined(separator: ",")).count == 8)
    }

    /// The byte parser reads every header as the former split-and-trim one did (kept here
    /// as the reference): 20,000 headers drawn from tags, weights, spaces, tabs and stray
    /// separators.
    @Test func acceptLanguageReadsAsTheSplitAndTrimReading() {
        func reference(_ header: String) -> [String] {
            let weighted: [(tag: String, weight: Double, order: Int)] = header.split(separator: ",").enumerated().compactMap { order, part in
                let pieces = part.split(separator: ";")
                let tag = pieces.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
                guard !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
                var weight = 1.0
                for parameter in pieces.dropFirst() {
                    let trimmed = parameter.trimmingCharacters(in: .whitespaces)
                    if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { weight = value }
                }
                return weight > 0 ? (tag, weight, order) : nil
            }
            return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }.prefix(8).map(\.tag)
        }
        var random = SystemRandomNumberGenerator()
        let pieces = [
            "de", "de-DE", "en", "en-US", "zh-Hant-TW", "*", "", " ", "\t", ";", ",", "q=0.5", "q=0", "q=1", "q=", "q=x", "q=0.25", "Q=0.3",
            "x=1", "fr", String(repeating: "a", count: 36), String(repeating: "é", count: 20), "q=1e-3", "q=-1", "q=nan", "q=inf",
        ]
        for _ in 0..<20_000 {
            let header = (0..<Int.random(in: 0...14, using: &random)).map { _ in pieces.randomElement(using: &random)! }.joined()
            #expect(Visit.languages(fromAcceptLanguage: header) == reference(header), "\(header)")
        }
    }

    @Test func shortHostsClaimEveryPathAndOthersTheAppsPaths() throws {
        var app = Self.app
        app.paths = ["/u/*"]
        app.excludePaths = ["/u/private/*"]
        let short = try JSONDecoder().decode(AASADocument.self, from: app.associationFile(for: .short))
        let primary = try JSONDecoder().decode(AASADocument.self, from: app.associationFile(for: .primary))
        #expect(AASAMatcher(short).decide(appID: "ABCDE12345.com.example.shop", url: "https://exm.pl/Ab3xK9p", host: "exm.pl").decision == .match)
        let matcher = AASAMatcher(primary)
        #expect(
            matcher.decide(appID: "ABCDE12345.com.example.shop", url: "https://link.example.com/u/1", host: "link.example.com").decision == .match)
        #expect(
            matcher.decide(appID: "ABCDE12345.com.example.shop", url: "https://link.example.com/u/private/1", host: "link.example.com").decision
                == .exclude)
        #expect(app.pathClaims.claims(path: "/u/1", query: nil))
        #expect(!app.pathClaims.claims(path: "/u/private/2", query: nil))
        #expect(!app.pathClaims.claims(path: "/other", query: nil))
    }

    @Test func assetLinksNameThePackageAndFingerprints() throws {
        var app = Self.app
        app.android = .init(package: "com.example.shop", sha256CertFingerprints: ["14:6D"])
        let json = try #require(try JSONSerialization.jsonObject(with: app.assetLinksFile) as? [[String: Any]])
        let target = try #require(json.first?["target"] as? [String: Any])
        #expect(target["package_name"] as? String == "com.example.shop")
        #expect(target["sha256_cert_fingerprints"] as? [String] == ["14:6D"])
        #expect(json.first?["relation"] as? [String] == ["delegate_permission/common.handle_all_urls"])
    }

    @Test func localHostsAreHTTPWithPortAndOthersHTTPS() {
        let addressing = HostAddressing(localPort: 8080)
        #expect(addressing.url(host: "go.localhost", path: "/x", query: nil) == "http://go.localhost:8080/x")
        #expect(addressing.url(host: "exm.pl", path: "/x y", query: "a=1") == "https://exm.pl/x%20y?a=1")
    }
}

extension LinkModelTests {
    /// The link values are the wire's (`image_url`); links and pending clicks stored before
    /// spelled it `imageURL`, and still read back the same.
    @Test func storedDocumentsOfEitherSpellingReadBack() throws {
        for key in ["image_url", "imageURL"] {
            let stored =
                #"{"path": "/u/1", "deepLinkSubs": {}, "webOnly": false, "data": {}, "social": {"title": "T", "\#(key)": "https://img.example/a.png"}}"#
            let content = try JSONDecoder().decode(LinkContent.self, from: Data(stored.utf8))
            #expect(content.social == LinkContent.Social(title: "T", imageURL: "https://img.example/a.png"))
        }
        let written = String(decoding: try JSONEncoder().encode(LinkContent.Social(imageURL: "x")), as: UTF8.self)
        #expect(written == #"{"image_url":"x"}"#)
    }
}
