import Foundation
import Logging
import SQLKit
import Testing
import UnilinkCore
import UnilinkTestSupport

@testable import UnilinkServer
@testable import UnilinkStorage

/// The outbox's rules on a real SQLite file and a real PostgreSQL: who gets an event, the
/// retry schedule, leases no two workers share, attempts recorded, a subscription turned
/// off after five days of failures, redelivery; and the sender's check, at send time, of
/// every address a name resolves to.
@Suite("Webhook outbox and sender")
struct WebhookOutboxTests {
    static func subscription(
        _ id: String, app: String = "app_1", events: Set<WebhookEventType> = [.click], link: String? = nil, campaign: String? = nil,
        automated: Bool = false
    )
        -> WebhookSubscription
    {
        WebhookSubscription(
            id: id, appID: app, url: "https://hooks.example.com/\(id)", events: events, linkID: link, campaign: campaign,
            includesAutomated: automated,
            secret: WebhookSigner.newSecret(), createdAt: .now, updatedAt: .now)
    }

    static func click(_ id: String, app: String = "app_1", link: String? = "lnk_1", campaign: String? = nil, traffic: Traffic? = nil) -> ClickRecord {
        ClickRecord(
            clickID: id, appID: app, linkID: link, time: .now, host: "exm.pl", path: "/x", platform: .ios, outcome: .preview, campaign: campaign,
            traffic: traffic)
    }

    @Test func aSubscriptionGetsWhatItAskedForAndNoMore() {
        let event = WebhookEvent.click(Self.click("c1", campaign: "spring"))
        #expect(Self.subscription("a").wants(event))
        #expect(!Self.subscription("b", events: [.install]).wants(event))
        #expect(!Self.subscription("c", app: "app_2").wants(event))
        #expect(Self.subscription("d", link: "lnk_1").wants(event) && !Self.subscription("e", link: "lnk_2").wants(event))
        #expect(Self.subscription("f", campaign: "spring").wants(event) && !Self.subscription("g", campaign: "autumn").wants(event))
        var off = Self.subscription("h")
        off.isEnabled = false
        #expect(!off.wants(event))
        let scanner = WebhookEvent.click(Self.click("c2", traffic: .scanner))
        #expect(!Self.subscription("i").wants(scanner) && Self.subscription("j", automated: true).wants(scanner))
    }

    @Test func theBodyIsStandardWebhooksShapeWithoutAnAddressOrAUserAgent() throws {
        let event = WebhookEvent.click(Self.click("c1", campaign: "spring"))
        let body = try #require(try JSONSerialization.jsonObject(with: event.body) as? [String: Any])
        #expect(body["type"] as? String == "click")
        #expect((body["timestamp"] as? String)?.wholeMatch(of: /\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{3}Z/) != nil)
        let data = try #require(body["data"] as? [String: Any])
        #expect(data["click_id"] as? String == "c1" && data["campaign"] as? String == "spring" && data["traffic"] as? String == "person")
        #expect(Set(data.keys) == ["click_id", "link_id", "campaign", "host", "path", "platform", "outcome", "source", "traffic", "continues"])
    }

    @Test func retriesFollowTheSpecificationsScheduleWithJitterThenGiveUp() {
        let now = Date(timeIntervalSince1970: 1_800_000_000)
        #expect(WebhookRetry.next(after: 1, at: now, jitter: 0) == now.addingTimeInterval(5))
        #expect(WebhookRetry.next(after: 2, at: now, jitter: 0.2) == now.addingTimeInterval(360))
        #expect(WebhookRetry.next(after: 7, at: now, jitter: -0.2) == now.addingTimeInterval(28_800))
        #expect(WebhookRetry.next(after: 3, at: now, jitter: 5) == now.addingTimeInterval(1_800 * 1.2), "jitter is bounded")
        #expect(WebhookRetry.next(after: 8, at: now) == nil, "eight attempts, then the message is failed")
        let total = WebhookRetry.waits.reduce(0, +)
        #expect(total > 86_400 && total < 2 * 86_400, "about a day")
        let spread = Set((0..<20).map { _ in WebhookRetry.next(after: 4, at: now)! })
        #expect(spread.count > 1 && spread.allSatisfy { abs($0.timeIntervalSince(now) - 7_200) <= 1_440 })
    }

    /// What a name resolves to when it is sent to, not when it was saved.
    @Test func theSenderJudgesEveryAddressANameResolvesToAtSendTime() async throws {
        let message = WebhookMessage(
            id: "msg_1", webhookID: "whk_1", appID: "app_1", type: "click", body: Data("{}".utf8), createdAt: .now, state: .pending, attempts: 0,
            nextAt: .now)
        let subscription = Self.subscription("whk_1")
        for (addresses, reason) in [
            (["169.254.169.254"], "link-local"), (["127.0.0.1"], "loopback"), (["93.184.215.14", "10.1.2.3"], "private"),
            (["::ffff:192.168.1.1"], "private"), ([], "does not resolve"),
        ] {
            let sender = WebhookSender(destination: WebhookDestination(), timeout: .seconds(2), resolve: { _ in addresses })
            let outcome = await sender.send(message, to: subscription, at: .now)
            #expect(outcome.status == nil && outcome.error?.contains(reason) == true, "\(addresses): \(outcome.error ?? "sent")")
            await sender.shutdown()
        }
    }

    @Test(arguments: TestDatabase.available) func leasesAreNeverSharedAndAttemptsAreRecorded(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let one = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            // SQLite has one writer (a file takes one server): two instances mean PostgreSQL.
            let shared: Bool
            if case .postgres = database { shared = false } else { shared = true }
            let two = shared ? one : try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            defer {
                Task {
                    try? await one.close(); if !shared { try? await two.close() }
                }
            }
            try await one.save(webhook: Self.subscription("whk_a"), audit: [])
            try await one.save(webhook: Self.subscription("whk_b", automated: true), audit: [])
            try await one.insert(clicks: (0..<300).map { Self.click("c\($0)") } + [Self.click("bot", traffic: .bot)])
            let backlog = try await one.webhookBacklog()
            #expect(backlog.pending == 601, "300 clicks for each, and the robot's for the one asking")

            // Two workers leasing at once never take the same message.
            let both = [(webhookID: "whk_a", limit: 400), (webhookID: "whk_b", limit: 400)]
            async let first = one.leaseWebhookMessages(both, now: .now, leaseFor: 60)
            async let second = two.leaseWebhookMessages(both, now: .now, leaseFor: 60)
            let (a, b) = try await (first, second)
            #expect(Set(a.map(\.id)).isDisjoint(with: b.map(\.id)))
            #expect(a.count + b.count == 601)
            #expect(try await one.leaseWebhookMessages(both, now: .now, leaseFor: 60).isEmpty, "all are leased")
            #expect(try await one.webhookMessagesDue(now: .now) == false)
            // A lease that ran out is taken again (an instance killed mid-send).
            let later = try await two.leaseWebhookMessages([("whk_a", 1000)], now: .now.addingTimeInterval(61), leaseFor: 60)
            #expect(later.count == 300 && later.allSatisfy { $0.webhookID == "whk_a" })

            let now = Date.now
            // Either store may have leased them all: the three come from both leases.
            let leased = a + b
            try #require(leased.count >= 3)
            let delivered = leased[0], retried = leased[1], abandoned = leased[2]
            try await one.finish([
                WebhookAttempt(
                    messageID: delivered.id, webhookID: delivered.webhookID, at: now, status: 204, error: nil, milliseconds: 3, response: "",
                    succeeded: true,
                    retryAt: nil),
                WebhookAttempt(
                    messageID: retried.id, webhookID: retried.webhookID, at: now, status: 500, error: "HTTP 500", milliseconds: 4, response: "down",
                    succeeded: false, retryAt: now.addingTimeInterval(5)),
                WebhookAttempt(
                    messageID: abandoned.id, webhookID: abandoned.webhookID, at: now, status: nil, error: "no answer", milliseconds: 2000,
                    response: nil,
                    succeeded: false, retryAt: nil),
            ])
            #expect(try await one.webhookMessage(id: delivered.id)?.state == .delivered)
            let waiting = try #require(try await one.webhookMessage(id: retried.id))
            #expect(waiting.state == .pending && waiting.attempts == 1 && waiting.lastStatus == 500 && waiting.lastResponse == "down")
            #expect(try await one.webhookMessage(id: abandoned.id)?.state == .failed)
            // Redelivery of what failed, on request.
            #expect(try await one.redeliver(webhookID: abandoned.webhookID, messageID: nil, failedFrom: nil, to: nil, audit: []) == 1)
            #expect(try await one.webhookMessage(id: abandoned.id)?.state == .pending)
        }
    }

    @Test(arguments: TestDatabase.available) func aSubscriptionFailingForFiveDaysIsTurnedOffAndSaysWhy(database: TestDatabase) async throws {
        try await database.withFresh { location, _ in
            let store = try await SQLStore.open(location, pool: .forTests, logger: Logger(label: "test"))
            defer { Task { try? await store.close() } }
            try await store.save(webhook: Self.subscription("whk_a"), audit: [])
            try await store.insert(clicks: (0..<3).map { Self.click("c\($0)") })
            let messages = try await store.leaseWebhookMessages([("whk_a", 10)], now: .now, leaseFor: 60)
            let start = Date.now
            func fail(_ message: WebhookMessage, at time: Date) async throws -> [String] {
                try await store.finish([
                    WebhookAttempt(
                        messageID: message.id, webhookID: "whk_a", at: time, status: 503, error: "the receiver answered HTTP 503", milliseconds: 1,
                        response: nil, succeeded: false, retryAt: time.addingTimeInterval(5))
                ])
            }
            #expect(try await fail(messages[0], at: start).isEmpty)
            #expect(try await store.webhook(id: "whk_a")?.failingSince != nil)
            #expect(try await fail(messages[1], at: start.addingTimeInterval(4 * 86_400)).isEmpty, "four days is not five")
            #expect(try await fail(messages[2], at: start.addingTimeInterval(5 * 86_400 + 1)) == ["whk_a"])
            let off = try #require(try await store.webhook(id: "whk_a"))
            #expect(!off.isEnabled && off.disabledReason?.contains("5 days") == true && off.disabledReason?.contains("503") == true)
        }
    }
}
