import Foundation
import Testing
import UnilinkCore

/// Real User-Agent strings, as apps, browsers and crawlers send them, collected from
/// public captures and test suites (see Fixtures/user-agents.jsonl).
struct UserAgentSample: Decodable, Sendable, CustomTestStringConvertible {
    let ua: String
    let os: String
    let device: String
    let app: String?
    let bot: String?
    let os_version: String?

    var testDescription: String { String(ua.prefix(90)) }

    static var corpus: [UserAgentSample] { loaded.samples }

    /// The corpus's lines that are not a sample, each as "line N: why" (a test fails on any).
    static var unreadable: [String] { loaded.unreadable }

    private static let loaded: (samples: [UserAgentSample], unreadable: [String]) = {
        guard let url = Bundle.module.url(forResource: "user-agents", withExtension: "jsonl", subdirectory: "Fixtures") else {
            return ([], ["Fixtures/user-agents.jsonl is not in the test bundle"])
        }
        let text: String
        do { text = try String(contentsOf: url, encoding: .utf8) } catch { return ([], ["Fixtures/user-agents.jsonl: \(error)"]) }
        var samples: [UserAgentSample] = []
        var unreadable: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() where !line.isEmpty {
            do { samples.append(try JSONDecoder().decode(UserAgentSample.self, from: Data(line.utf8))) } catch {
                unreadable.append("line \(index + 1): \(error): \(line.prefix(90))")
            }
        }
        return (samples, unreadable)
    }()
}

@Suite("User-agent classification against real strings")
struct UserAgentCorpusTests {
    @Test func everyLineOfTheCorpusIsASample() {
        #expect(UserAgentSample.unreadable.isEmpty, "\(UserAgentSample.unreadable.joined(separator: "\n"))")
    }

    @Test func corpusIsLargeAndCoversEveryVocabularyWord() {
        let corpus = UserAgentSample.corpus
        #expect(corpus.count >= 150)
        let apps = Set(corpus.compactMap(\.app))
        let bots = Set(corpus.compactMap(\.bot))
        // Telegram has a sample only for Android: its iOS in-app browser sends no token.
        #expect(apps == Set(UserAgent.App.allCases.map(\.rawValue)))
        #expect(bots == Set(UserAgent.Bot.allCases.map(\.rawValue)))
        for device in ["phone", "tablet", "desktop", "bot"] { #expect(corpus.contains { $0.device == device }) }
        // Both platforms wherever the app has an in-app browser on both.
        for app in [
            "facebook", "messenger", "instagram", "threads", "wechat", "qq", "weibo", "line", "twitter", "linkedin",
            "snapchat", "tiktok", "pinterest", "whatsapp", "google", "kakaotalk", "reddit", "zalo", "dingtalk", "webview",
        ] {
            #expect(corpus.contains { $0.app == app && $0.os == "ios" }, "no iOS sample for \(app)")
            #expect(corpus.contains { $0.app == app && $0.os == "android" }, "no Android sample for \(app)")
        }
    }

    @Test(arguments: UserAgentSample.corpus)
    func classifies(_ sample: UserAgentSample) {
        let result = UserAgent(sample.ua)
        #expect(result.os.rawValue == sample.os)
        #expect(result.device.rawValue == sample.device)
        #expect(result.app?.rawValue == sample.app)
        #expect(result.bot?.rawValue == sample.bot)
        if let version = sample.os_version {
            #expect(result.osVersion == version)
        }
    }
}

@Suite("User-agent details")
struct UserAgentDetailTests {
    @Test(arguments: [
        (
            "Mozilla/5.0 (Linux; Android 14; Pixel 8 Build/AP2A.240805.005; wv) AppleWebKit/537.36 (KHTML, like Gecko) Version/4.0 Chrome/127.0.6533.103 Mobile Safari/537.36 [FB_IAB/FB4A;FBAV/478.0.0.43.115;]",
            "Pixel 8"
        ),
        (
            "Mozilla/5.0 (Linux; Android 14; SAMSUNG SM-S921B) AppleWebKit/537.36 (KHTML, like Gecko) SamsungBrowser/25.0 Chrome/121.0.0.0 Mobile Safari/537.36",
            "SM-S921B"
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 [FBAN/FBIOS;FBAV/473.0.0.34.108;FBBV/635414428;FBDV/iPhone15,2;FBMD/iPhone]",
            "iPhone15,2"
        ),
        (
            "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.24.105 (iPhone14,5; iOS 17_4; en_US)",
            "iPhone14,5"
        ),
    ])
    func readsTheHardwareModel(ua: String, model: String) {
        #expect(UserAgent(ua).model == model)
    }

    @Test(arguments: [
        "Mozilla/5.0 (Linux; Android 10; K) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/127.0.0.0 Mobile Safari/537.36",
        "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
        "Mozilla/5.0 (Android 14; Mobile; rv:129.0) Gecko/129.0 Firefox/129.0",
    ])
    func reducedUserAgentsHaveNoModel(ua: String) {
        #expect(UserAgent(ua).model == nil)
    }

    @Test(arguments: ["", " ", "\u{0}", "Mozilla/5.0 (", "((((((((", String(repeating: "A", count: 10_000), "日本語のユーザーエージェント"])
    func garbageIsOtherNotACrash(ua: String) {
        let result = UserAgent(ua)
        #expect(result.os == .other)
        #expect(result.device == .other)
        #expect(result.bot == nil)
        #expect(result.app == nil)
    }

    @Test func onlyChineseHostsBlockAppLinks() {
        #expect(UserAgent.App.allCases.filter(\.blocksAppLinks) == [.wechat, .qq, .weibo])
    }
}
