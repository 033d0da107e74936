import Foundation
import Logging
import Prometheus
import ServiceLifecycle
import Synchronization
import UnilinkCore
import UnilinkStorage

/// Sends the outbox: leases due messages, hands each subscription's to its own lane (in
/// the order they happened, up to `perEndpoint` at once), records every attempt in batches,
/// and never lets one slow or dead receiver hold up the others: a full lane's subscription
/// is left out of the next lease. Any number of instances may run it on one PostgreSQL.
struct WebhookDeliveryService: Service {
    let store: any WebhookStore
    let sender: WebhookSender
    let metrics: WebhookMetrics
    let logger: Logger
    /// Messages leased at once, and at most in this instance's lanes.
    var capacity = 512
    var perEndpoint = 8
    /// A lane holding this many is left out of the next lease.
    var laneLimit = 64
    var idlePoll: Duration = .milliseconds(200)
    var retention: TimeInterval = 30 * 86_400

    /// A lease outlives the fullest lane: `laneLimit / perEndpoint` rounds of attempts that
    /// each end by the sender's timeout, and a margin. An instance killed mid-send lets its
    /// messages go to another (or to itself, restarted) when it runs out.
    var lease: TimeInterval {
        Double(sender.timeout.components.seconds) * Double(laneLimit / perEndpoint + 1) + 5
    }

    func run() async throws {
        let lanes = WebhookLanes(perEndpoint: perEndpoint, laneLimit: laneLimit)
        let results = WebhookResults(store: store, metrics: metrics, logger: logger)
        await withTaskGroup(of: Void.self) { group in
            group.addTask { await results.run() }
            // Its sleeps must not hold up a graceful stop.
            group.addTask { await cancelWhenGracefulShutdown { await housekeeping() } }
            await cancelWhenGracefulShutdown {
                await withDiscardingTaskGroup { lanesGroup in
                    var subscriptions: [String] = []
                    var listed = ContinuousClock.now - .seconds(60)
                    var polled = ContinuousClock.now - idlePoll
                    var seenGeneration = -1
                    var busy = false
                    while !Task.isCancelled {
                        // Work to do when a lane made room, the last lease brought messages,
                        // or the idle poll is due; otherwise a look at memory, 5 ms later.
                        let generation = lanes.generation
                        guard busy || generation != seenGeneration || ContinuousClock.now - polled >= idlePoll else {
                            // Nothing in flight, nothing to wake for: an idle server sleeps.
                            try? await Task.sleep(for: lanes.held > 0 ? .milliseconds(5) : idlePoll)
                            continue
                        }
                        (seenGeneration, polled) = (generation, .now)
                        if ContinuousClock.now - listed > .seconds(1), let ids = try? await store.enabledWebhookIDs() {
                            (subscriptions, listed) = (ids, .now)
                        }
                        var leased: [WebhookMessage] = []
                        let wanted = lanes.room(for: subscriptions, capacity: capacity)
                        do {
                            if !wanted.isEmpty, try await store.webhookMessagesDue(now: .now) {
                                leased = try await store.leaseWebhookMessages(wanted, now: .now, leaseFor: lease)
                            }
                        } catch {
                            logger.warning("could not lease webhook messages", metadata: ["error": "\(error)"])
                        }
                        busy = !leased.isEmpty
                        for (webhookID, senders) in lanes.add(leased) {
                            for _ in 0..<senders {
                                lanesGroup.addTask { await drain(webhookID, lanes: lanes, results: results) }
                            }
                        }
                    }
                }
            }
            results.finish()
            await group.waitForAll()
        }
        await sender.shutdown()
    }

    /// One of a lane's senders: takes its next message until the lane is empty.
    private func drain(_ webhookID: String, lanes: WebhookLanes, results: WebhookResults) async {
        var subscription: WebhookSubscription??
        while let message = lanes.next(webhookID) {
            if subscription == nil { subscription = .some(try? await store.webhook(id: webhookID)) }
            let now = Date.now
            guard let found = subscription ?? nil else {
                results.add(
                    WebhookAttempt(
                        messageID: message.id, webhookID: webhookID, at: now, status: nil, error: "the webhook was deleted", milliseconds: 0,
                        response: nil, succeeded: false, retryAt: nil))
                lanes.done(webhookID)
                continue
            }
            // Turned off since the lease: the message waits, pending, for it to be turned on
            // (its lease runs out; an off subscription's messages are not leased).
            guard found.isEnabled else {
                lanes.done(webhookID)
                continue
            }
            let outcome = await sender.send(message, to: found, at: now)
            let retryAt = outcome.succeeded ? nil : WebhookRetry.next(after: message.attempts + 1, at: .now)
            results.add(
                WebhookAttempt(
                    messageID: message.id, webhookID: webhookID, at: now, status: outcome.status, error: outcome.error,
                    milliseconds: outcome.milliseconds, response: outcome.response, succeeded: outcome.succeeded, retryAt: retryAt))
            lanes.done(webhookID)
        }
    }

    /// The backlog's gauges every few seconds; delivered and failed messages older than
    /// `retention` go (pending ones stay until they are sent or given up).
    private func housekeeping() async {
        var lastPurge = Date.distantPast
        while !Task.isCancelled, !Task.isShuttingDownGracefully {
            if let backlog = try? await store.webhookBacklog() { metrics.backlog(backlog) }
            if Date.now.timeIntervalSince(lastPurge) > 3600 {
                lastPurge = .now
                if let purged = try? await store.purgeWebhookMessages(before: Date.now.addingTimeInterval(-retention)), purged > 0 {
                    logger.info("purged old webhook messages", metadata: ["count": "\(purged)"])
                }
            }
            try? await Task.sleep(for: .seconds(5))
        }
    }
}

/// Each subscription's leased messages, in order, and the senders working on them.
final class WebhookLanes: Sendable {
    private struct Lane {
        var queue: [WebhookMessage] = []
        var senders = 0
        var sending = 0
    }

    private struct State {
        var lanes: [String: Lane] = [:]
        var held = 0
        var generation = 0
    }

    private let state = Mutex(State())
    let perEndpoint: Int
    let laneLimit: Int

    init(perEndpoint: Int, laneLimit: Int) {
        self.perEndpoint = perEndpoint
        self.laneLimit = laneLimit
    }

    /// Messages queued or being sent.
    var held: Int { state.withLock { $0.held } }

    /// Queues `messages`; returns the senders to start, by subscription.
    func add(_ messages: [WebhookMessage]) -> [(webhookID: String, senders: Int)] {
        state.withLock { state in
            for message in messages {
                state.lanes[message.webhookID, default: Lane()].queue.append(message)
                state.held += 1
            }
            var starts: [(String, Int)] = []
            for id in Set(messages.map(\.webhookID)) {
                let lane = state.lanes[id]!
                let wanted = min(perEndpoint, lane.queue.count + lane.sending) - lane.senders
                if wanted > 0 {
                    state.lanes[id]!.senders += wanted
                    starts.append((id, wanted))
                }
            }
            return starts
        }
    }

    /// How many messages each subscription's lane may take now: none for a lane at least
    /// half full (it is refilled in bulk as it drains, not a message at a time), and no
    /// more than `capacity` in all.
    func room(for subscriptions: [String], capacity: Int) -> [(webhookID: String, limit: Int)] {
        state.withLock { state in
            var left = capacity - state.held
            var room: [(String, Int)] = []
            for id in subscriptions where left > 0 {
                let held = state.lanes[id].map { $0.queue.count + $0.sending } ?? 0
                guard held < laneLimit / 2 else { continue }
                let limit = min(laneLimit - held, left)
                room.append((id, limit))
                left -= limit
            }
            return room
        }
    }

    /// Changes when a lane drains below half (or closes): the leasing loop looks then.
    var generation: Int { state.withLock { $0.generation } }

    /// The lane's next message, or `nil`: the sender asking stops (and the lane closes with
    /// its last sender).
    func next(_ webhookID: String) -> WebhookMessage? {
        state.withLock { state in
            guard var lane = state.lanes[webhookID] else { return nil }
            guard !lane.queue.isEmpty else {
                lane.senders -= 1
                state.lanes[webhookID] = lane.senders == 0 && lane.sending == 0 ? nil : lane
                return nil
            }
            lane.sending += 1
            let message = lane.queue.removeFirst()
            state.lanes[webhookID] = lane
            return message
        }
    }

    func done(_ webhookID: String) {
        state.withLock { state in
            state.held -= 1
            guard var lane = state.lanes[webhookID] else { return }
            lane.sending -= 1
            state.lanes[webhookID] = lane
            if lane.queue.count + lane.sending < laneLimit / 2 { state.generation &+= 1 }
        }
    }
}

/// Attempts waiting to be recorded: written together (one transaction for many), every
/// `interval` or as soon as `batch` are waiting.
final class WebhookResults: Sendable {
    private let store: any WebhookStore
    private let metrics: WebhookMetrics
    private let logger: Logger
    private let waiting = Mutex<[WebhookAttempt]>([])
    private let wakeUps: AsyncStream<Void>
    private let wake: AsyncStream<Void>.Continuation
    static let batch = 256
    static let interval: Duration = .milliseconds(50)

    init(store: any WebhookStore, metrics: WebhookMetrics, logger: Logger) {
        self.store = store
        self.metrics = metrics
        self.logger = logger
        (wakeUps, wake) = AsyncStream.makeStream(bufferingPolicy: .bufferingNewest(1))
    }

    func add(_ attempt: WebhookAttempt) {
        let count = waiting.withLock { waiting in
            waiting.append(attempt)
            return waiting.count
        }
        metrics.count(attempt)
        if count >= Self.batch { wake.yield() }
    }

    /// No more attempts: `run` writes what waits and returns.
    func finish() { wake.finish() }

    func run() async {
        let ticker = Task { [wake] in
            while !Task.isCancelled {
                try? await Task.sleep(for: Self.interval)
                wake.yield()
            }
        }
        defer { ticker.cancel() }
        for await _ in wakeUps { await write() }
        await write()
    }

    private func write() async {
        let batch = waiting.withLock { waiting in
            defer { waiting.removeAll(keepingCapacity: true) }
            return waiting
        }
        guard !batch.isEmpty else { return }
        var delay: Duration = .milliseconds(100)
        // An attempt not recorded is sent again when its lease runs out: keep trying a while.
        for _ in 0..<8 {
            do {
                for disabled in try await store.finish(batch) {
                    logger.warning("webhook turned off after failing for days", metadata: ["webhook": "\(disabled)"])
                }
                return
            } catch {
                logger.warning("could not record webhook attempts", metadata: ["error": "\(error)", "count": "\(batch.count)"])
                try? await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
        }
    }
}

/// `unilink_webhook_deliveries_total{result}`, `unilink_webhook_backlog_messages` and
/// `unilink_webhook_oldest_pending_seconds`.
struct WebhookMetrics: Sendable {
    private let delivered: Counter
    private let failed: Counter
    private let pending: Gauge
    private let oldest: Gauge

    init(registry: PrometheusCollectorRegistry) {
        let attempts = MetricNameDescriptor(
            namespace: "unilink", metricName: "webhook_attempts", unitName: "total", helpText: "Webhook delivery attempts, by result")
        delivered = registry.makeCounter(descriptor: attempts, labels: [("result", "delivered")])
        failed = registry.makeCounter(descriptor: attempts, labels: [("result", "failed")])
        pending = registry.makeGauge(
            descriptor: .init(
                namespace: "unilink", metricName: "webhook_backlog", unitName: "messages", helpText: "Webhook messages not delivered yet"))
        oldest = registry.makeGauge(
            descriptor: .init(
                namespace: "unilink", metricName: "webhook_oldest_pending", unitName: "seconds",
                helpText: "Age of the oldest webhook message not delivered yet"))
    }

    func count(_ attempt: WebhookAttempt) {
        (attempt.succeeded ? delivered : failed).increment()
    }

    func backlog(_ backlog: WebhookBacklog) {
        pending.set(Double(backlog.pending))
        oldest.set(backlog.oldest.map { max(0, Date.now.timeIntervalSince($0)) } ?? 0)
    }
}
