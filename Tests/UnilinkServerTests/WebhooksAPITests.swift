import Foundation
import HTTPTypes
import HummingbirdTesting
import Testing
import UnilinkAPI

@testable import UnilinkServer

/// An app's webhook subscriptions over the API: the app's admins manage them, the secret is
/// shown once and rotates with a grace period, a URL that is not https or leads inside the
/// network is refused naming why, and every change is in the audit log.
@Suite("Webhook subscriptions")
struct WebhooksAPITests {
    struct Record: Decodable {
        let id: String
        let url: String
        let events: [String]
        let enabled: Bool
        let secret: String?
        let previous_secret_expires_at: String?
    }

    @Test func adminsSubscribeRotateAndDeleteAndNoOneElseCan() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let base = "/v1/apps/\(shop.id)/webhooks"
            let made = try await client.send(
                .post, base, json: #"{"url": "https://hooks.example.com/unilink", "events": ["click", "install", "custom.purchase"]}"#,
                bearer: TestServer.adminToken)
            #expect(made.status == .created, "\(made.text)")
            let webhook = try made.decode(Record.self)
            let secret = try #require(webhook.secret)
            #expect(secret.hasPrefix("whsec_") && WebhookSigner.key(of: secret)?.count == 32)
            #expect(webhook.events == ["click", "custom.purchase", "install"])
            let listed = try await client.send(.get, base, bearer: TestServer.adminToken)
            #expect(listed.text.contains(webhook.id) && !listed.text.contains("whsec_"), "the secret is shown once")

            let patched = try await client.send(.patch, "\(base)/\(webhook.id)", json: #"{"enabled": false}"#, bearer: TestServer.adminToken)
            #expect(try patched.decode(Record.self).enabled == false)
            let rotated = try await client.send(
                .post, "\(base)/\(webhook.id)/secret/rotate", json: #"{"grace_seconds": 3600}"#, bearer: TestServer.adminToken)
            let next = try rotated.decode(Record.self)
            #expect(rotated.status == .created && next.secret != secret && next.previous_secret_expires_at != nil)

            // People: an editor may not see them; a secret key neither.
            let editor = try await PeopleTests.person(client, "eve@example.com", roles: [shop.id: "editor"])
            #expect(try await client.send(.get, base, bearer: editor.token).status == .forbidden)
            #expect(try await client.send(.get, base, bearer: shop.secretKey).status == .forbidden)
            let other = try await client.createApp(TestServer.otherApp)
            #expect(try await client.send(.get, "/v1/apps/\(other.id)/webhooks/\(webhook.id)", bearer: TestServer.adminToken).status == .notFound)

            #expect(try await client.send(.delete, "\(base)/\(webhook.id)", bearer: TestServer.adminToken).status == .noContent)
            let log = try await client.send(.get, "/v1/audit?object_id=\(webhook.id)", bearer: TestServer.adminToken).text
            for action in ["webhook.create", "webhook.update", "webhook.secret.rotate", "webhook.delete"] {
                #expect(log.contains("\"\(action)\""), "\(action) is in the log")
            }
            #expect(!log.contains("whsec_"), "no secret in the log")
        }
    }

    @Test(arguments: [
        (#"{"url": "http://hooks.example.com/", "events": ["click"]}"#, HTTPResponse.Status.unprocessableContent, "must be https"),
        (#"{"url": "https://169.254.169.254/latest", "events": ["click"]}"#, .unprocessableContent, "link-local"),
        (#"{"url": "https://[::ffff:10.0.0.1]/", "events": ["click"]}"#, .unprocessableContent, "private"),
        (#"{"url": "not a url", "events": ["click"]}"#, .unprocessableContent, "is not a URL"),
        (#"{"url": "https://hooks.example.com/", "events": ["clicks"]}"#, .badRequest, "'clicks' is not an event type"),
        (#"{"url": "https://hooks.example.com/", "events": []}"#, .badRequest, "1 to 50"),
        (#"{"url": "https://hooks.example.com/", "events": ["click"], "link_id": "lnk_none"}"#, .unprocessableContent, "no link of this app"),
        (#"{"events": ["click"]}"#, .badRequest, "'url' is required"),
    ])
    func aBadSubscriptionIsRefusedNamingWhyAndNothingIsStored(_ body: String, _ status: HTTPResponse.Status, _ reason: String) async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let answer = try await client.send(.post, "/v1/apps/\(shop.id)/webhooks", json: body, bearer: TestServer.adminToken)
            #expect(answer.status == status && answer.text.contains(reason), "\(answer.status) \(answer.text)")
            #expect(try await client.send(.get, "/v1/apps/\(shop.id)/webhooks", bearer: TestServer.adminToken).text == #"{"data":[]}"#)
        }
    }
}
