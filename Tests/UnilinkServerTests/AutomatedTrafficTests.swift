import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import SQLKit
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer
@testable import UnilinkStorage

/// Mail scanners and robots told apart from people: the built-in lists against the
/// User-Agent corpus (no browser or in-app browser is ever automated) and against a
/// recorded-like sequence of Safe Links, Proofpoint, Barracuda and robots' requests
/// (Fixtures/scanner-requests.jsonl, each with its source); then what a scanner's click
/// does: the answer a person gets, no person counted, no pending click, no deferred match,
/// and no `click` webhook unless the subscription asks for automated traffic.
@Suite("Scanners and robots")
struct AutomatedTrafficTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()

    struct Recorded: Decodable {
        let who: String
        let userAgent: String
        let address: String
        let method: String
        let kind: String

        enum CodingKeys: String, CodingKey {
            case who, userAgent = "user_agent", address, method, kind
        }
    }

    static func lines<T: Decodable>(_ path: String, as type: T.Type) throws -> [T] {
        let text = try String(contentsOf: fixtures.appendingPathComponent(path), encoding: .utf8)
        return try text.split(separator: "\n").map { try JSONDecoder().decode(T.self, from: Data($0.utf8)) }
    }

    @Test func noBrowserOrInAppBrowserOfTheCorpusIsAutomated() throws {
        struct Entry: Decodable {
            let ua: String
            let os: String
            let device: String
            let bot: String?
        }
        let entries = try Self.lines("UnilinkCoreTests/Fixtures/user-agents.jsonl", as: Entry.self)
        let people = entries.filter { $0.bot == nil && $0.ua.hasPrefix("Mozilla/") }
        #expect(people.count > 200)
        for entry in people {
            let verdict = AutomatedTraffic.builtIn.classify(UserAgent(entry.ua), header: entry.ua, address: "198.51.100.7", prefetch: false)
            #expect(verdict.traffic == .person, "\(entry.ua) taken for \(verdict.who ?? "?")")
        }
        // And a person at home over IPv6 or behind a carrier is a person.
        let safari = entries.first { $0.os == "ios" && $0.bot == nil }!.ua
        for address in ["2001:db8:1::7", "100.64.12.9", "81.2.69.160"] {
            #expect(AutomatedTraffic.builtIn.classify(UserAgent(safari), header: safari, address: address, prefetch: false).traffic == .person)
        }
    }

    @Test func theRecordedScannersAndRobotsAreEachRecognised() throws {
        let recorded = try Self.lines("UnilinkServerTests/Fixtures/scanner-requests.jsonl", as: Recorded.self)
        #expect(recorded.count >= 30)
        #expect(recorded.filter { $0.kind == "scanner" && $0.userAgent.hasPrefix("Mozilla/") }.count >= 10, "scanners known only by address")
        for request in recorded {
            let verdict = AutomatedTraffic.builtIn.classify(
                UserAgent(request.userAgent), header: request.userAgent, address: request.address, prefetch: false)
            #expect(verdict.traffic.rawValue == request.kind || verdict.traffic == .crawler && request.kind == "bot", "\(request.who): \(verdict)")
            #expect(verdict.traffic != .person, "\(request.who) (\(request.userAgent)) counted as a person")
        }
    }

    @Test func theListsAreDataAndABrokenLineIsNamed() throws {
        let lists = try AutomatedTraffic(
            agents: "# comment\n\nbot\tAcmeFetcher/\tAcme\thttps://acme.example/\n", networks: "203.0.113.0/24\tAcme scanner\n")
        let browser = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36"
        #expect(lists.classify(UserAgent("AcmeFetcher/2.1"), header: "AcmeFetcher/2.1", address: nil, prefetch: false) == (.bot, "Acme"))
        #expect(lists.classify(UserAgent(browser), header: browser, address: "203.0.113.9", prefetch: false) == (.scanner, "Acme scanner"))
        #expect(lists.classify(UserAgent(browser), header: browser, address: "::ffff:203.0.113.9", prefetch: false).traffic == .scanner)
        #expect(lists.classify(UserAgent(browser), header: browser, address: "198.51.100.1", prefetch: false).traffic == .person)
        #expect(lists.classify(UserAgent(browser), header: browser, address: nil, prefetch: true).traffic == .bot, "a prefetch is no tap")
        #expect(lists.classify(UserAgent(""), header: "", address: nil, prefetch: false).traffic == .bot, "no User-Agent")
        #expect(throws: AutomatedTraffic.ParseError.self) { try AutomatedTraffic(agents: "robot\tX-Y-Z\tWho\n", networks: "") }
        do {
            _ = try AutomatedTraffic(agents: "", networks: "# networks\n10.0.0.0/33\tNope\n", networksFile: "mine.txt")
            Issue.record("a bad block was taken")
        } catch {
            #expect("\(error)" == "mine.txt, line 2: expected CIDR<TAB>WHO[<TAB>SOURCE] with an address block")
        }
    }

    @Test func aScannerGetsAPersonsAnswerButIsCountedApartLeavesNoPendingClickAndSendsNoClickWebhook() async throws {
        var settings = TestServer.settings()
        settings.webhookDestination.allowsLoopbackHTTP = true
        let (app, parts) = try await buildApplicationAndParts(settings: settings, announce: { _ in })
        try await app.test(.live) { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/p/9", "alias": "mail"}"#, app: shop)
            let people = try await client.send(
                .post, "/v1/apps/\(shop.id)/webhooks", json: #"{"url": "http://127.0.0.1:9/people", "events": ["click"]}"#,
                bearer: TestServer.adminToken)
            let everyone = try await client.send(
                .post, "/v1/apps/\(shop.id)/webhooks", json: #"{"url": "http://127.0.0.1:9/all", "events": ["click"], "automated": true}"#,
                bearer: TestServer.adminToken)
            #expect(people.status == .created && everyone.status == .created)
            let peopleID =
                try #require(try JSONSerialization.jsonObject(with: Data(people.body.readableBytesView)) as? [String: Any])["id"] as! String

            // Safe Links with a desktop Chrome UA from Microsoft's range, then the person on an iPhone.
            let chrome = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/72.0.3626.109 Safari/537.36"
            let iPhone = UA.iPhoneSafari
            let scanner = try await client.send(.get, "/mail", host: "exm.pl", userAgent: iPhone, address: "40.107.235.48")
            let person = try await client.send(.get, "/mail", host: "exm.pl", userAgent: iPhone, address: "81.2.69.160")
            #expect(scanner.status == person.status, "the scanner gets what a person gets")
            _ = try await client.send(.get, "/mail", host: "exm.pl", userAgent: chrome, address: "104.47.1.254")
            _ = try await client.send(.get, "/mail", host: "exm.pl", userAgent: "python-requests/2.31.0", address: "198.51.100.20")
            // A browser loading the link ahead of a tap is no tap.
            _ = try await client.send(
                .get, "/mail", host: "exm.pl", userAgent: iPhone, address: "81.2.69.161",
                headers: [HTTPField.Name("Sec-Purpose")!: "prefetch;prerender"])
            await ServerProbe(clicks: parts.clicks).clicksStored()

            let stats = try JSONDecoder().decode(
                LinkStats.self, from: Data(try await client.send(.get, "/v1/links/\(link.id!)/stats", bearer: shop.secretKey).body.readableBytesView))
            #expect(stats.clicks == 1, "only the person is a click")
            #expect(stats.automated == 4 && stats.byAutomated == ["scanner": 2, "bot": 2])
            let appStats = try JSONDecoder().decode(
                AppStats.self, from: Data(try await client.send(.get, "/v1/apps/\(shop.id)/stats", bearer: shop.secretKey).body.readableBytesView))
            #expect(appStats.clicks == 1 && appStats.automated == 4 && appStats.byPlatform == ["ios": 1])
            let pending = try await parts.store.database.raw("SELECT COUNT(*) AS n FROM pending_clicks WHERE link_id = \(bind: link.id!)").first()?
                .decode(column: "n", as: Int.self)
            #expect(pending == 1, "only the person's click may be matched to an install")
            let messages = try await parts.store.database.raw("SELECT webhook_id FROM webhook_messages").all().map {
                try $0.decode(column: "webhook_id", as: String.self)
            }
            #expect(messages.filter { $0 == peopleID }.count == 1, "the people-only subscription hears of the person alone")
            #expect(messages.count == 1 + 5, "the one asking for automated traffic hears of every click")
        }
    }

    /// The whole recorded sequence replayed against a real server: not one person counted,
    /// not one pending click, and an install from a scanner's network right after is no match.
    @Test func theRecordedSequenceCountsNoPersonAndNeverMatchesAnInstall() async throws {
        let recorded = try Self.lines("UnilinkServerTests/Fixtures/scanner-requests.jsonl", as: Recorded.self)
        let (app, parts) = try await buildApplicationAndParts(settings: TestServer.settings(), announce: { _ in })
        try await app.test(.live) { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(#"{"path": "/p/3", "alias": "offer"}"#, app: shop)
            for request in recorded {
                let answer = try await client.send(
                    request.method == "HEAD" ? .head : .get, "/offer", host: "exm.pl", userAgent: request.userAgent, address: request.address)
                #expect([200, 302].contains(answer.status.code), "\(request.who) got \(answer.status)")
            }
            await ServerProbe(clicks: parts.clicks).clicksStored()
            let stats = try JSONDecoder().decode(
                LinkStats.self, from: Data(try await client.send(.get, "/v1/links/\(link.id!)/stats", bearer: shop.secretKey).body.readableBytesView))
            #expect(stats.clicks == 0, "a scanner or a robot was counted as a person")
            // Robots the User-Agent classifier calls crawlers get the card and are no click at all.
            let clicks = recorded.filter {
                $0.method == "GET"
                    && AutomatedTraffic.builtIn.classify(UserAgent($0.userAgent), header: $0.userAgent, address: $0.address, prefetch: false).traffic
                        != .crawler
            }
            #expect(stats.automated == clicks.count && clicks.count >= 20)
            let pending = try await parts.store.database.raw("SELECT COUNT(*) AS n FROM pending_clicks").first()?.decode(column: "n", as: Int.self)
            #expect(pending == 0)
            let scannerAddress = try #require(recorded.first { $0.kind == "scanner" && $0.userAgent.contains("iPhone") == false }?.address)
            let install = try await DeferredTests.deferred(client, app: shop, install: "install-after-a-scanner", address: scannerAddress)
            #expect(install.status == .ok && !install.text.contains(#""status":"found""#), "\(install.text)")
        }
    }
}

extension AutomatedTrafficTests {
    /// A gateway outside the published networks that opens each link of a message at once.
    @Test func anAddressOpeningEveryLinkOfAMessageAtOnceIsAScanner() async throws {
        // A loaded machine may take more than two seconds for six requests: a wider window.
        var settings = TestServer.settings()
        settings.burstWindow = 60_000
        let (app, parts) = try await buildApplicationAndParts(settings: settings, announce: { _ in })
        try await app.test(.live) { client in
            let shop = try await client.createApp()
            var links: [LinkBody] = []
            for index in 0..<6 { links.append(try await client.createLink(#"{"path": "/p/\#(index)", "alias": "m\#(index)"}"#, app: shop)) }
            for index in 0..<6 { _ = try await client.send(.get, "/m\(index)", host: "exm.pl", userAgent: UA.macSafari, address: "192.0.2.77") }
            await ServerProbe(clicks: parts.clicks).clicksStored()
            var people = 0, automated = 0
            for link in links {
                let stats = try JSONDecoder().decode(
                    LinkStats.self,
                    from: Data(try await client.send(.get, "/v1/links/\(link.id!)/stats", bearer: shop.secretKey).body.readableBytesView))
                (people, automated) = (people + stats.clicks, automated + stats.automated)
            }
            #expect(people == LinkBurst.threshold - 1 && automated == 6 - people, "\(people) people, \(automated) automated")
        }
    }
}

/// A scanner opening every link of a message within a moment, and people who are not one.
@Suite("Link bursts")
struct LinkBurstTests {
    @Test func fourDifferentLinksWithinTwoSecondsAreABurstAndItsNextClicksToo() {
        var burst = LinkBurst()
        let first = [burst.click("a", at: 0), burst.click("b", at: 300), burst.click("c", at: 600)]
        #expect(first == [false, false, false])
        let fourth = burst.click("d", at: 900)
        #expect(fourth, "the fourth link within two seconds")
        let again = burst.click("a", at: 1_500)
        #expect(again, "the burst goes on")
        let later = burst.click("e", at: 10_000)
        #expect(!later, "a click long after is a person's again")
        #expect(burst.isStale(at: 20_000))
    }

    @Test func peopleBehindOneAddressClickingTheSameLinksAreNoBurst() {
        var office = LinkBurst()
        let officeClicks = (0..<50).map { office.click($0 % 3 == 0 ? "spring" : "summer", at: Int64($0 * 40)) }
        #expect(!officeClicks.contains(true))
        var slow = LinkBurst()
        let slowClicks = ["a", "b", "c", "d", "e"].enumerated().map { slow.click($0.element, at: Int64($0.offset) * 1_500) }
        #expect(!slowClicks.contains(true), "four links over six seconds are a person reading")
    }

    @Test func theWatchKeepsAddressesApartAndStaysBounded() {
        let watch = BurstWatch(shardCount: 2, maxAddresses: 64)
        for (index, link) in ["a", "b", "c"].enumerated() { #expect(!watch.click(address: "203.0.113.9", link: link, now: Int64(index))) }
        #expect(!watch.click(address: "198.51.100.1", link: "d", now: 4), "another address")
        #expect(watch.click(address: "203.0.113.9", link: "d", now: 5))
        for index in 0..<10_000 { _ = watch.click(address: "10.0.\(index / 256).\(index % 256)", link: "x", now: 10_000 + Int64(index)) }
    }
}

/// AI crawlers and the fetchers acting for a person in an AI assistant (the automated list's
/// `ai` entries): the preview card, never a redirect, and counted as robots, never as clicks.
@Suite("AI crawlers and fetchers")
struct AIAgentTests {
    /// (User-Agent as each maker documents it, who the list names)
    static let agents: [(String, String)] = [
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko); compatible; ChatGPT-User/1.0; +https://openai.com/bot", "OpenAI ChatGPT-User"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Claude-User/1.0; +Claude-User@anthropic.com)", "Anthropic Claude-User"),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Perplexity-User/1.0; +https://perplexity.ai/perplexity-user)",
            "Perplexity Perplexity-User"
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; MistralAI-User/1.0; +https://docs.mistral.ai/robots)",
            "Mistral Le Chat fetcher"
        ),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; GPTBot/1.1; +https://openai.com/gptbot)", "OpenAI GPTBot"),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; ClaudeBot/1.0; +claudebot@anthropic.com)", "Anthropic ClaudeBot"),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; PerplexityBot/1.0; +https://perplexity.ai/perplexitybot)",
            "Perplexity PerplexityBot"
        ),
        ("Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; OAI-SearchBot/1.0; +https://openai.com/searchbot)", "OpenAI OAI-SearchBot"),
        ("CCBot/2.0 (https://commoncrawl.org/faq/)", "Common Crawl"),
        (
            "Mozilla/5.0 (Linux; Android 5.0) AppleWebKit/537.36 (KHTML, like Gecko) Mobile Safari/537.36 (compatible; Bytespider; spider-feedback@bytedance.com)",
            "ByteDance Bytespider"
        ),
        (
            "Mozilla/5.0 AppleWebKit/537.36 (KHTML, like Gecko; compatible; Amazonbot/0.1; +https://developer.amazon.com/support/amazonbot) Chrome/119.0.6045.214 Safari/537.36",
            "Amazon Amazonbot"
        ),
        ("anthropic-ai", "Anthropic (older crawler token)"),
        ("meta-externalagent/1.1 (+https://developers.facebook.com/docs/sharing/webmasters/crawler)", "Meta AI crawler (Meta-ExternalAgent)"),
    ]

    @Test(arguments: agents)
    func getsTheCardAndIsCountedAsARobot(ua: String, who: String) {
        let verdict = AutomatedTraffic.builtIn.verdict(UserAgent(ua), header: ua, address: "198.51.100.7", prefetch: false)
        #expect(verdict == AutomatedTraffic.Verdict(traffic: .bot, who: who, getsCard: true))
    }

    /// Google-Extended and Applebot-Extended are robots.txt controls, fetched by Googlebot and
    /// Applebot (preview crawlers to the classifier): no User-Agent says them.
    @Test func robotsTxtControlsAreNoAgents() {
        for token in ["Google-Extended", "Applebot-Extended"] {
            #expect(!AutomatedTraffic.builtIn.agents.contains { String(decoding: $0.token, as: UTF8.self) == token })
        }
        let googlebot = "Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)"
        #expect(AutomatedTraffic.builtIn.verdict(UserAgent(googlebot), header: googlebot, address: nil, prefetch: false).traffic == .crawler)
        let curl = "curl/8.5.0"
        #expect(AutomatedTraffic.builtIn.verdict(UserAgent(curl), header: curl, address: nil, prefetch: false) == .init(traffic: .bot, who: "curl"))
    }

    @Test func theirClicksAreTheCardAndCountedApart() async throws {
        let (app, parts) = try await buildApplicationAndParts(settings: TestServer.settings(), announce: { _ in })
        try await app.test(.live) { client in
            let shop = try await client.createApp()
            let link = try await client.createLink(
                #"{"path": "/p/7", "alias": "ask", "web_url": "https://www.example.com/p/7", "social": {"title": "Seven"}}"#, app: shop)
            for (ua, _) in Self.agents.prefix(6) {
                let answer = try await client.send(.get, "/ask", host: "exm.pl", userAgent: ua, address: "198.51.100.30")
                #expect(answer.status == .ok, "\(ua): the card, not a redirect")
                #expect(answer.text.contains(#"<meta property="og:title" content="Seven">"#), "\(ua)")
                #expect(answer.headers[.location] == nil)
            }
            let head = try await client.send(.head, "/ask", host: "exm.pl", userAgent: Self.agents[0].0, address: "198.51.100.30")
            #expect(head.status == .ok)
            let person = try await client.send(.get, "/ask", host: "exm.pl", userAgent: UA.windowsChrome, address: "81.2.69.160")
            #expect(person.status == .found)
            await ServerProbe(clicks: parts.clicks).clicksStored()
            let stats = try JSONDecoder().decode(
                LinkStats.self, from: Data(try await client.send(.get, "/v1/links/\(link.id!)/stats", bearer: shop.secretKey).body.readableBytesView))
            #expect(stats.clicks == 1, "only the person is a click")
            #expect(stats.automated == 6 && stats.byAutomated == ["bot": 6], "the HEAD is no click; each AI agent's GET is a robot's")
            let pending = try await parts.store.database.raw("SELECT COUNT(*) AS n FROM pending_clicks WHERE link_id = \(bind: link.id!)").first()?
                .decode(column: "n", as: Int.self)
            #expect(pending == 0)
        }
    }
}
