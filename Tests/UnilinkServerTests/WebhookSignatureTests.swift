import Foundation
import Testing
import UnilinkTestSupport

@testable import UnilinkServer

/// Standard Webhooks' signatures, byte for byte, and where a webhook may be sent.
@Suite("Webhook signatures and destinations")
struct WebhookSignatureTests {
    /// The test vector of the Standard Webhooks reference libraries
    /// (github.com/standard-webhooks/standard-webhooks, libraries' tests; Apache 2.0 / MIT).
    @Test func theReferenceVectorIsReproducedByteForByte() throws {
        let key = try #require(WebhookSigner.key(of: "whsec_MfKQ9r8GKYqrTwjUPD8ILPZIo2LaLaSw"))
        let signature = WebhookSigner.signature(
            id: "msg_p5jXN8AQM9LWM0D4loKWxJek", timestamp: 1_614_265_330, body: Data(#"{"test": 2432232314}"#.utf8), keys: [key])
        #expect(signature == "v1,g0hM9SsE+OTPJTGt/tmIKtSyZlE3uFJELVlNIOLJ1OE=")
    }

    static var verifierRequired: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_STANDARDWEBHOOKS"] != nil }
    static func verifierRunsHere() async -> Bool { verifierRequired ? true : await Installed.pythonModule("standardwebhooks") }

    /// PyPI's `standardwebhooks`, the specification's reference verifier, accepts what we
    /// sign (with one secret, and with either of two during a rotation) and refuses a body
    /// changed after signing.
    @Test(.enabled("standardwebhooks (PyPI) is not installed; .ci/run installs it") { await verifierRunsHere() })
    func theReferenceVerifierAcceptsOurSignatures() async throws {
        let old = WebhookSigner.newSecret(), new = WebhookSigner.newSecret()
        let keys = [try #require(WebhookSigner.key(of: new)), try #require(WebhookSigner.key(of: old))]
        let body = #"{"type":"install","timestamp":"2026-11-25T14:02:11Z","data":{"link_id":"lnk_1","match_type":"deterministic"}}"#
        let timestamp = Int64(Date.now.timeIntervalSince1970)
        let signature = WebhookSigner.signature(id: "msg_unilink_1", timestamp: timestamp, body: Data(body.utf8), keys: keys)
        let cases: [[String: String]] = [
            ["secret": new, "body": body, "expect": "ok"], ["secret": old, "body": body, "expect": "ok"],
            ["secret": new, "body": body.replacingOccurrences(of: "lnk_1", with: "lnk_2"), "expect": "refused"],
            ["secret": WebhookSigner.newSecret(), "body": body, "expect": "refused"],
        ]
        let script = """
            import json, sys
            from standardwebhooks.webhooks import Webhook
            cases, headers = json.load(sys.stdin)
            for case in cases:
                try:
                    Webhook(case["secret"]).verify(case["body"], headers)
                    got = "ok"
                except Exception:
                    got = "refused"
                print(case["expect"] == got, got)
            """
        let headers = ["webhook-id": "msg_unilink_1", "webhook-timestamp": String(timestamp), "webhook-signature": signature]
        let input = String(decoding: try JSONSerialization.data(withJSONObject: [cases, headers]), as: UTF8.self)
        let run = try await ChildProcess.run(command: "python3", ["-c", script], input: Data(input.utf8))
        #expect(run.status == 0, "\(run.output)")
        #expect(run.output.split(separator: "\n").map { $0.hasPrefix("True") } == [true, true, true, true], "\(run.output)")
    }

    @Test func secretsAreNewEachTimeAndTwoSecretsSignTwice() throws {
        let first = WebhookSigner.newSecret(), second = WebhookSigner.newSecret()
        #expect(first != second && first.hasPrefix("whsec_"))
        let keys = [try #require(WebhookSigner.key(of: first)), try #require(WebhookSigner.key(of: second))]
        #expect(keys[0].count == 32)
        let both = WebhookSigner.signature(id: "msg_1", timestamp: 1, body: Data("{}".utf8), keys: keys).split(separator: " ")
        #expect(both.count == 2 && both.allSatisfy { $0.hasPrefix("v1,") } && both[0] != both[1])
        #expect(WebhookSigner.key(of: "whsec_c2hvcnQ=") == nil, "too short a key")
        #expect(WebhookSigner.key(of: "whsec_not base64!") == nil)
    }

    @Test(
        arguments: [
            ("https://hooks.example.com/unilink", nil),
            ("http://hooks.example.com/unilink", "must be https"),
            ("ftp://hooks.example.com/", "must be https"),
            ("https://user:pw@hooks.example.com/", "user name or password"),
            ("https://hooks.example.com/#x", "fragment"),
            ("not a url", "is not a URL"),
            ("https:///path", "is not a URL"),
            ("https://localhost/", "this machine"),
            ("https://127.0.0.1/", "loopback"),
            ("https://10.1.2.3/", "private"),
            ("https://172.20.0.1/", "private"),
            ("https://192.168.1.1/", "private"),
            ("https://169.254.169.254/latest/meta-data", "link-local"),
            ("https://100.64.0.1/", "carrier-grade NAT"),
            ("https://[::1]/", "loopback"),
            ("https://[fd00::1]/", "unique local"),
            ("https://[fe80::1]/", "link-local"),
            ("https://[::ffff:10.0.0.1]/", "private"),
            ("https://[::ffff:169.254.169.254]/", "link-local"),
            ("https://[64:ff9b::a00:1]/", "NAT64"),
            ("https://8.8.8.8/", nil),
            ("https://[2001:4860:4860::8888]/", nil),
        ] as [(String, String?)])
    func aURLIsRefusedNamingWhy(_ url: String, _ reason: String?) {
        let problem = WebhookDestination().problem(withURL: url)
        if let reason {
            #expect(problem?.contains(reason) == true, "\(url): \(problem ?? "accepted")")
        } else {
            #expect(problem == nil, "\(url): \(problem ?? "")")
        }
    }

    /// The host's addresses are judged when the webhook is sent: a public name that now
    /// resolves to a private address is refused then.
    @Test func addressesAreJudgedAtSendTimeAndTheOperatorMayOpenSome() {
        let strict = WebhookDestination()
        #expect(strict.refusal(ofAddress: "93.184.216.34") == nil)
        #expect(strict.refusal(ofAddress: "10.0.0.7")?.contains("private") == true)
        #expect(strict.refusal(ofAddress: "::ffff:127.0.0.1")?.contains("loopback") == true)
        var privateAllowed = WebhookDestination()
        privateAllowed.allowsPrivateAddresses = true
        #expect(privateAllowed.refusal(ofAddress: "10.0.0.7") == nil)
        #expect(privateAllowed.refusal(ofAddress: "169.254.169.254") != nil, "metadata stays refused")
        #expect(privateAllowed.refusal(ofAddress: "127.0.0.1") != nil)
        var development = WebhookDestination()
        development.allowsLoopbackHTTP = true
        #expect(development.problem(withURL: "http://127.0.0.1:9000/hook") == nil)
        #expect(development.problem(withURL: "http://hooks.example.com/") != nil, "plain http only to this machine")
        #expect(development.refusal(ofAddress: "127.0.0.1") == nil)
        #expect(WebhookDestination.blocked.count == 23, "every block of the table parses")
    }
}
