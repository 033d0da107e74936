import Foundation
import Testing
import UnilinkTestSupport

/// Runs the built `unilink` binary as external conformance suites do: many lines on
/// stdin, one answer per line on stdout, in order, bad lines included.
@Suite("JSON Lines adapters of the unilink executable")
struct JSONLinesAdapterTests {
    static var binary: URL {
        let here = URL(fileURLWithPath: CommandLine.arguments[0]).deletingLastPathComponent()
        for candidate in [here, here.deletingLastPathComponent()] {
            let url = candidate.appendingPathComponent("unilink")
            if FileManager.default.isExecutableFile(atPath: url.path) { return url }
        }
        return here.appendingPathComponent("unilink")
    }

    /// Input and both outputs go through temporary files (`ChildProcess`): no pipe can fill
    /// up and block the child while the test waits for it.
    func run(_ arguments: [String], input: String) async throws -> (stdout: [String], stderr: String, status: Int32) {
        let ran = try await ChildProcess.run(Self.binary, arguments, input: Data(input.utf8), errors: .separate)
        return (ran.output.split(separator: "\n").map(String.init), ran.errors, ran.status)
    }

    private static let aasa =
        #"{"applinks":{"details":[{"appIDs":["ABCDE12345.com.example.app"],"components":[{"/":"/help/*","exclude":true},{"/":"/buy/*"}]}]}}"#

    private func decideLine(_ id: Int, url: String, aasa: String = aasa) -> String {
        #"{"id": \#(id), "aasa": \#(aasa), "domain": "example.com", "appId": "ABCDE12345.com.example.app", "url": "\#(url)"}"#
    }

    @Test func decideAnswersEveryLineInOrderAndSurvivesBadOnes() async throws {
        var lines: [String] = []
        var expected: [String] = []
        for id in 0..<3000 {
            switch id % 6 {
            case 0: lines.append(decideLine(id, url: "https://example.com/buy/\(id)")); expected.append("match")
            case 1: lines.append(decideLine(id, url: "https://example.com/help/\(id)")); expected.append("exclude")
            case 2: lines.append(decideLine(id, url: "https://example.com/other")); expected.append("no_match")
            case 3: lines.append(decideLine(id, url: "not a url")); expected.append("no_match")
            case 4: lines.append(decideLine(id, url: "https://example.com/buy/1", aasa: #"{"applinks": 7}"#)); expected.append("no_match")
            default: lines.append("{ this is not json"); expected.append("no_match")
            }
        }
        let result = try await run(["aasa", "decide"], input: lines.joined(separator: "\n") + "\n")
        #expect(result.stdout.count == 3000)
        for (index, line) in result.stdout.enumerated() {
            let object = try JSONSerialization.jsonObject(with: Data(line.utf8)) as? [String: Any]
            #expect(object?["decision"] as? String == expected[index])
            if index % 6 != 5 { #expect(object?["id"] as? Int == index) }
        }
        #expect(result.stderr.contains("not an absolute"))
        #expect(result.stderr.contains("malformed apple-app-site-association"))
    }

    @Test func classifyAnswersEveryLine() async throws {
        let input = [
            #"{"id": "a", "ua": "Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Mobile/15E148 Instagram 330.0.3.24.105 (iPhone14,5; iOS 17_4; en_US)"}"#,
            "nonsense",
            #"{"id": 7, "ua": "facebookexternalhit/1.1 (+http://www.facebook.com/externalhit_uatext.php)"}"#,
            #"{"id": 8}"#,
        ].joined(separator: "\n")
        let result = try await run(["ua", "classify", "--jsonl"], input: input)
        #expect(result.stdout.count == 4)
        let first = try JSONSerialization.jsonObject(with: Data(result.stdout[0].utf8)) as? [String: Any]
        #expect(first?["id"] as? String == "a")
        #expect(first?["os"] as? String == "ios")
        #expect(first?["device"] as? String == "phone")
        #expect(first?["app"] as? String == "instagram")
        #expect(first?["bot"] is NSNull)
        let crawler = try JSONSerialization.jsonObject(with: Data(result.stdout[2].utf8)) as? [String: Any]
        #expect(crawler?["bot"] as? String == "facebook")
        #expect(crawler?["device"] as? String == "bot")
        #expect(crawler?["app"] is NSNull)
        #expect(result.stderr.contains("not a JSON object"))
    }

    @Test func checkExplainsTheDecidingRule() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString).json")
        try Data(Self.aasa.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await run(["aasa", "check", file.path, "https://example.com/help/faq"], input: "")
        #expect(result.stdout.contains { $0.contains("ABCDE12345.com.example.app: exclude by applinks.details[0].components[0]") })
        #expect(result.stdout.last == "=> opens in the browser")
        let opened = try await run(["aasa", "check", file.path, "https://example.com/buy/1", "--app-id", "ABCDE12345.com.example.app"], input: "")
        #expect(opened.stdout.last == "=> opens in ABCDE12345.com.example.app")
    }

    @Test func validateFailsOnErrors() async throws {
        let file = FileManager.default.temporaryDirectory.appendingPathComponent("aasa-\(UUID().uuidString).json")
        try Data(#"{"applinks": {"apps": ["x"], "details": [{"appID": "bad", "paths": ["/*"]}]}}"#.utf8).write(to: file)
        defer { try? FileManager.default.removeItem(at: file) }
        let result = try await run(["aasa", "validate", file.path], input: "")
        let text = result.stdout.joined(separator: "\n")
        #expect(result.status == 1)
        #expect(text.contains("applinks.apps: must be an empty array"))
        #expect(text.contains("\"bad\" is not an app ID"))
    }
}
