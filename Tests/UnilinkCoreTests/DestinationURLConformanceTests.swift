import Foundation
import Testing
import UnilinkCore

/// Destinations against the test data browsers are built against (Fixtures/SOURCES.md):
/// every http(s) entry of web-platform-tests' `urltestdata.json` and every line of
/// Unicode's `IdnaTestV2.txt` as the host of an `https://` URL. A destination is either
/// refused, or accepted with exactly the host and serialization the browser gives it;
/// the only refusals a browser would not make are the deliberate ones, each named.
@Suite("Destinations exactly as browsers read them")
struct DestinationURLConformanceTests {
    /// One `urltestdata.json` entry.
    struct URLCase: Sendable {
        var input: String
        var base: String?
        /// `nil` when a browser refuses the URL.
        var href: String?
        var hostname: String?
    }

    static let urlCases: [URLCase] = {
        guard let url = Bundle.module.url(forResource: "urltestdata", withExtension: "json", subdirectory: "Fixtures"),
            let data = try? Data(contentsOf: url),
            let entries = try? JSONSerialization.jsonObject(with: data) as? [Any]
        else { return [] }
        return entries.compactMap { entry in
            guard let entry = entry as? [String: Any], let input = entry["input"] as? String else { return nil }
            let failed = entry["failure"] as? Bool == true
            return URLCase(
                input: input, base: entry["base"] as? String,
                href: failed ? nil : entry["href"] as? String, hostname: failed ? nil : entry["hostname"] as? String
            )
        }
    }()

    /// The scheme a browser reads, after it strips what it strips (leading and trailing C0
    /// controls and spaces, tabs and newlines anywhere).
    static func scheme(of input: String) -> String? {
        let cleaned = String(String.UnicodeScalarView(input.unicodeScalars.filter { !"\t\n\r".unicodeScalars.contains($0) }))
            .trimmingCharacters(in: CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x20)))
        guard let colon = cleaned.firstIndex(of: ":"), let first = cleaned.first, first.isASCII, first.isLetter,
            cleaned[..<colon].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || "+-.".contains($0)) })
        else { return nil }
        return cleaned[..<colon].lowercased()
    }

    /// An entry whose answer comes from its base (`http:foo.com` against an http base is a
    /// relative reference) says nothing about a destination, which has no base.
    static func dependsOnBase(_ test: URLCase) -> Bool {
        guard let base = test.base, let scheme = scheme(of: test.input), Self.scheme(of: base) == scheme else { return false }
        let cleaned = String(String.UnicodeScalarView(test.input.unicodeScalars.filter { !"\t\n\r".unicodeScalars.contains($0) }))
            .trimmingCharacters(in: CharacterSet(charactersIn: Unicode.Scalar(0)...Unicode.Scalar(0x20)))
        let afterScheme = cleaned.drop(while: { $0 != ":" }).dropFirst().prefix(2)
        return afterScheme.count < 2 || !afterScheme.allSatisfy { $0 == "/" || $0 == "\\" }
    }

    static var httpCases: [URLCase] {
        urlCases.filter { ["http", "https"].contains(scheme(of: $0.input)) && !dependsOnBase($0) }
    }

    /// Whether a deliberate refusal is about something the input really holds.
    static func holds(_ problem: DestinationURL.Problem, in input: String) -> Bool {
        switch problem {
        case .userinfo: input.contains("@")
        case .backslash: input.contains("\\")
        case .controlCharacter: input.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F }
        case .notAbsolute, .invalidHost, .invalidPort: false
        }
    }

    @Test func theCorporaAreWholeAndOfICUsUnicodeVersion() throws {
        #expect(Self.urlCases.count > 850)
        #expect(Self.httpCases.count > 300)
        #expect(Self.idnaCases.count > 6000)
        let url = try #require(Bundle.module.url(forResource: "IdnaTestV2", withExtension: "txt", subdirectory: "Fixtures"))
        let header = try String(contentsOf: url, encoding: .utf8).split(separator: "\n").prefix(20)
        #expect(header.contains("# Version: \(IDNA.unicodeVersion)"), "IdnaTestV2.txt is not of ICU's Unicode \(IDNA.unicodeVersion)")
    }

    @Test func everyHTTPEntryOfTheURLTestsIsRefusedOrReadAsTheBrowserReadsIt() {
        var accepted = 0, deliberate: [String: Int] = [:], refusedAsBrowsers = 0
        for test in Self.httpCases {
            let result = DestinationURL.parse(test.input)
            switch (result, test.href) {
            case (.success(let parsed), let href?):
                accepted += 1
                #expect(parsed.href == href, "\(test.input.debugDescription)")
                #expect(parsed.host == test.hostname, "\(test.input.debugDescription)")
            case (.success(let parsed), nil):
                Issue.record("\(test.input.debugDescription): browsers refuse it, accepted as \(parsed.href)")
            case (.failure(let problem), _?):
                #expect(problem.isDeliberate && Self.holds(problem, in: test.input), "\(test.input.debugDescription): \(problem)")
                deliberate["\(problem)", default: 0] += 1
            case (.failure, nil):
                refusedAsBrowsers += 1
            }
        }
        let legitimate = Self.httpCases.filter { $0.href != nil }.count
        print(
            "urltestdata.json, http(s) without a base: \(Self.httpCases.count) entries; \(accepted) of \(legitimate) URLs browsers accept are accepted with the browser's serialization; \(refusedAsBrowsers) refused as browsers refuse them; deliberate refusals: \(deliberate.sorted { $0.key < $1.key }.map { "\($0.value) \($0.key)" }.joined(separator: "; "))"
        )
    }

    /// The issue's attack: the allow-list holds the host a naive reader sees; whatever is
    /// accepted must land the browser on that host.
    @Test func noEntryLandsABrowserOutsideTheAllowList() {
        for test in Self.httpCases {
            let naive = Self.naiveHost(test.input)
            guard !naive.isEmpty else { continue }
            let policy = DestinationPolicy(
                app: App(
                    id: "app_1", name: "Shop", web: .init(allowedHosts: [naive]), domains: [], paths: []
                ))
            guard case .success = policy.check(test.input, kind: .web) else { continue }
            let landing = test.hostname.map { $0.hasSuffix(".") && $0.count > 1 ? String($0.dropLast()) : $0 }
            #expect(landing == DestinationPolicy.normalized(naive), "\(test.input.debugDescription) lands on \(test.hostname ?? "nothing")")
        }
    }

    /// The text between `//` and the next `/`, `?` or `#`, as a careless check reads it.
    static func naiveHost(_ input: String) -> String {
        guard let start = input.range(of: "//")?.upperBound else { return "" }
        return String(input[start...].prefix { $0 != "/" && $0 != "?" && $0 != "#" })
    }

    /// One `IdnaTestV2.txt` line: the source and what the URL Standard's domain to ASCII
    /// makes of it (`nil`: refused).
    struct IDNACase: Sendable {
        var source: String
        var expected: String?
        var line: Int
    }

    /// The statuses the URL Standard's flags turn off (CheckHyphens, VerifyDnsLength,
    /// UseSTD3ASCIIRules), as WPT's IdnaTestV2 conversion ignores them.
    static let ignoredStatuses: Set<String> = ["A4_1", "A4_2", "U1", "V2", "V3"]

    static let idnaCases: [IDNACase] = {
        guard let url = Bundle.module.url(forResource: "IdnaTestV2", withExtension: "txt", subdirectory: "Fixtures"),
            let text = try? String(contentsOf: url, encoding: .utf8)
        else { return [] }
        var cases: [IDNACase] = []
        for (number, raw) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let line = raw.split(separator: "#", maxSplits: 1, omittingEmptySubsequences: false).first ?? ""
            guard !line.trimmingCharacters(in: .whitespaces).isEmpty else { continue }
            let columns = line.split(separator: ";", omittingEmptySubsequences: false).map { unescaped($0.trimmingCharacters(in: .whitespaces)) }
            guard columns.count >= 5 else { continue }
            let source = columns[0] == "\"\"" ? "" : columns[0]
            let toUnicode = columns[1].isEmpty ? source : columns[1]
            let toASCII = columns[3].isEmpty ? toUnicode : (columns[3] == "\"\"" ? "" : columns[3])
            let statusText = columns[4].isEmpty ? columns[2] : columns[4]
            let statuses = Set(
                statusText.trimmingCharacters(in: CharacterSet(charactersIn: "[]")).split(separator: ",")
                    .map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty })
            cases.append(IDNACase(source: source, expected: statuses.subtracting(ignoredStatuses).isEmpty ? toASCII : nil, line: number + 1))
        }
        return cases
    }()

    static func unescaped(_ text: String) -> String {
        var output = String.UnicodeScalarView()
        var scalars = text.unicodeScalars[...]
        while let scalar = scalars.popFirst() {
            if scalar == "\\", scalars.first == "u", let value = UInt32(String(String.UnicodeScalarView(scalars.dropFirst().prefix(4))), radix: 16),
                let decoded = Unicode.Scalar(value)
            {
                output.append(decoded)
                scalars = scalars.dropFirst(5)
            } else if scalar == "\\", scalars.starts(with: "x{".unicodeScalars), let close = scalars.firstIndex(of: "}"),
                let value = UInt32(String(String.UnicodeScalarView(scalars[scalars.index(scalars.startIndex, offsetBy: 2)..<close])), radix: 16),
                let decoded = Unicode.Scalar(value)
            {
                output.append(decoded)
                scalars = scalars[scalars.index(after: close)...]
            } else {
                output.append(scalar)
            }
        }
        return String(output)
    }

    /// What the URL Standard's host parser makes of a domain whose UTS #46 answer is
    /// `ascii`: refused when empty or holding a forbidden domain code point.
    static func hostParser(after ascii: String) -> String? {
        let forbidden = "#%/:<>?@[\\]^|".unicodeScalars
        guard !ascii.isEmpty, !ascii.unicodeScalars.contains(where: { $0.value <= 0x20 || $0.value == 0x7F || forbidden.contains($0) })
        else { return nil }
        return ascii
    }

    /// A name whose last label is a number goes to the IPv4 parser, which urltestdata.json
    /// covers; WPT's own IdnaTestV2 conversion leaves these out too.
    static func endsInANumber(_ ascii: String) -> Bool {
        var labels = ascii.split(separator: ".", omittingEmptySubsequences: false)
        if labels.last == "", labels.count > 1 { labels.removeLast() }
        guard let last = labels.last, !last.isEmpty else { return false }
        return last.allSatisfy { $0.isASCII && $0.isNumber } || (last.lowercased().hasPrefix("0x") && last.dropFirst(2).allSatisfy(\.isHexDigit))
    }

    /// Characters that end or split a URL's host, or that the destination parser refuses on
    /// purpose: such a source is not the host of `https://<source>/`.
    static func isWholeHost(_ source: String) -> Bool {
        !source.unicodeScalars.contains { $0.value <= 0x20 || $0.value == 0x7F || "/?#\\@:%".unicodeScalars.contains($0) } && !source.hasPrefix("[")
    }

    @Test func everyIdnaTestLineIsRefusedOrGivesTheStandardsHost() {
        var agreed = 0, refused = 0, notAHost = 0, numeric = 0
        for test in Self.idnaCases {
            guard Self.isWholeHost(test.source) else {
                notAHost += 1
                continue
            }
            // The URL Standard lowercases an ASCII domain, whatever UTS #46 says of it.
            let ascii = test.source.unicodeScalars.allSatisfy(\.isASCII) ? test.source.lowercased() : test.expected
            if let ascii, Self.endsInANumber(ascii) {
                numeric += 1
                continue
            }
            let expected = ascii.flatMap(Self.hostParser(after:))
            let result = DestinationURL.parse("https://\(test.source)/")
            switch (result, expected) {
            case (.success(let parsed), let host?):
                #expect(parsed.host == host, "line \(test.line): \(test.source.debugDescription)")
                agreed += 1
            case (.success(let parsed), nil):
                Issue.record(
                    "line \(test.line): \(test.source.debugDescription) is refused by UTS #46 or the URL Standard, accepted as \(parsed.host)")
            case (.failure(let problem), let host?):
                Issue.record("line \(test.line): \(test.source.debugDescription) should be \(host), refused: \(problem)")
            case (.failure, nil):
                refused += 1
            }
        }
        print(
            "IdnaTestV2.txt (Unicode \(IDNA.unicodeVersion)): \(Self.idnaCases.count) lines; \(agreed) hosts as the standard gives them, \(refused) refused as the standard refuses them, \(notAHost) sources that are not one URL host (they hold / ? # \\ @ : % or a space), \(numeric) ending in a number (IPv4, covered by urltestdata.json)"
        )
    }
}
