public import Foundation
import SQLKit
public import UnilinkCore

/// One event for one subscription, as the outbox keeps it: what is sent (the body, signed
/// at each attempt) and how its delivery went.
public struct WebhookMessage: Sendable, Equatable {
    public enum State: String, Sendable {
        /// Waiting for its first or next attempt.
        case pending
        case delivered
        /// Every attempt failed (or its subscription was deleted): redelivered only on request.
        case failed
    }

    /// `msg_...`: the `webhook-id`, the same at every attempt, for receivers to deduplicate.
    public var id: String
    public var webhookID: String
    public var appID: String
    public var type: String
    public var body: Data
    public var createdAt: Date
    public var state: State
    public var attempts: Int
    public var nextAt: Date
    public var lastAt: Date?
    /// The HTTP status of the last attempt, `nil` when it got none (refused, timed out).
    public var lastStatus: Int?
    public var lastError: String?
    public var lastMilliseconds: Int?
    /// The first bytes of the last response's body.
    public var lastResponse: String?
    public var deliveredAt: Date?
}

/// How one attempt went, for `finish`.
public struct WebhookAttempt: Sendable {
    public var messageID: String
    public var webhookID: String
    public var at: Date
    public var status: Int?
    public var error: String?
    public var milliseconds: Int
    public var response: String?
    /// 2xx.
    public var succeeded: Bool
    /// When to try again; `nil` with a failure: give up.
    public var retryAt: Date?

    public init(
        messageID: String, webhookID: String, at: Date, status: Int?, error: String?, milliseconds: Int, response: String?, succeeded: Bool,
        retryAt: Date?
    ) {
        self.messageID = messageID
        self.webhookID = webhookID
        self.at = at
        self.status = status
        self.error = error
        self.milliseconds = milliseconds
        self.response = response
        self.succeeded = succeeded
        self.retryAt = retryAt
    }
}

/// How far behind delivery is, for the metrics.
public struct WebhookBacklog: Sendable, Equatable {
    public var pending: Int
    public var oldest: Date?
}

/// The webhook outbox: events are written in the transaction of what they describe (a
/// click batch, an install, a link's change), so a crash loses none and sends none that did
/// not happen; delivery workers lease due messages (on PostgreSQL with `FOR UPDATE SKIP
/// LOCKED`, so instances never take the same one) and record each attempt.
extension SQLStore {
    private static let messageColumns =
        "id, webhook_id, app_id, type, body, created_at, state, attempts, next_at, last_at, last_status, last_error, last_ms, last_response, delivered_at"

    /// Writes one message per subscription that wants each event, on `database` (inside the
    /// caller's transaction). Returns how many.
    @discardableResult
    static func enqueue(_ events: [WebhookEvent], on database: any SQLDatabase) async throws -> Int {
        guard !events.isEmpty else { return 0 }
        return try await enqueue(events, to: try await subscriptions(apps: Set(events.map(\.appID)), on: database), on: database)
    }

    /// The enabled subscriptions of `apps` (only what `wants` reads), so that a writer with
    /// many records builds the events of those someone wants, and none when no one does.
    static func subscriptions(apps: Set<String>, wanting type: WebhookEventType? = nil, on database: any SQLDatabase) async throws
        -> [WebhookSubscription]
    {
        guard !apps.isEmpty else { return [] }
        let found = try await database.raw(enabledSubscriptions(of: Array(apps))).all().map(subscription)
        guard let type else { return found }
        return found.filter { $0.events.contains(type) }
    }

    /// The enabled subscriptions of `apps`, their rows read by `subscription(_:)`.
    static func enabledSubscriptions(of apps: [String]) -> SQLQueryString {
        "SELECT id, app_id, events, link_id, campaign, automated FROM webhooks WHERE enabled = 1 AND app_id IN (\(binds: apps))"
    }

    @discardableResult
    static func enqueue(_ events: [WebhookEvent], to subscriptions: [WebhookSubscription], on database: any SQLDatabase) async throws -> Int {
        guard !subscriptions.isEmpty else { return 0 }
        var rows: [(String, String, WebhookEvent)] = []
        for event in events {
            for subscription in subscriptions where subscription.wants(event) {
                rows.append((WebhookIdentifiers.messageID(), subscription.id, event))
            }
        }
        try await insert(messages: rows, at: .now, on: database)
        return rows.count
    }

    /// Sends `event` to one subscription, whatever it subscribed to (the "send test event" button).
    /// `audit` is written with the message's id (made here) as its `message` change.
    public func enqueue(test event: WebhookEvent, webhookID: String, audit: [AuditEntry]) async throws -> String {
        let id = WebhookIdentifiers.messageID()
        let entries = audit.map { entry in
            var entry = entry
            entry.changes["message"] = AuditChange(before: nil, after: .string(id))
            return entry
        }
        try await transaction { database in
            try await Self.insert(messages: [(id, webhookID, event)], at: .now, on: database)
            try await Self.append(entries, on: database)
        }
        return id
    }

    /// Nine binds a row.
    private static let messagesPerInsert = 500

    private static func insert(messages rows: [(id: String, webhook: String, event: WebhookEvent)], at now: Date, on database: any SQLDatabase)
        async throws
    {
        let now = milliseconds(now)
        for start in stride(from: 0, to: rows.count, by: messagesPerInsert) {
            let chunk = rows[start..<min(start + messagesPerInsert, rows.count)]
            var values: [SQLQueryString] = []
            for row in chunk {
                let created = milliseconds(row.event.time)
                values.append(
                    """
                    (\(bind: row.id), \(bind: row.webhook), \(bind: row.event.appID), \(bind: row.event.type),
                     \(bind: String(decoding: row.event.body, as: UTF8.self)), \(bind: created), 'pending', 0, \(bind: now))
                    """)
            }
            try await database.raw(
                """
                INSERT INTO webhook_messages (id, webhook_id, app_id, type, body, created_at, state, attempts, next_at)
                VALUES \(values.joined(separator: ", "))
                """
            ).run()
        }
    }

    /// Whether a message is due and not leased: a read, so an idle worker's poll takes no
    /// write lock.
    public func webhookMessagesDue(now: Date) async throws -> Bool {
        let at = Self.milliseconds(now)
        return try await database.raw(
            """
            SELECT id FROM webhook_messages WHERE state = 'pending' AND next_at <= \(bind: at)
              AND (lease_until IS NULL OR lease_until < \(bind: at)) LIMIT 1
            """
        ).first() != nil
    }

    /// The subscriptions whose messages are sent (a turned-off one's wait, pending).
    public func enabledWebhookIDs() async throws -> [String] {
        try await database.raw("SELECT id FROM webhooks WHERE enabled = 1 ORDER BY id").all().map { try $0.decode(column: "id", as: String.self) }
    }

    /// Takes, for each subscription, up to its limit of due messages, oldest first, for
    /// `leaseFor`: no other worker gets them meanwhile (on PostgreSQL `FOR UPDATE SKIP
    /// LOCKED`). A worker that dies holding them lets the lease run out; the next one sends
    /// them again under the same `webhook-id` (at least once). Each subscription is one
    /// seek in `webhook_messages_due_by_hook`, however long another's backlog.
    public func leaseWebhookMessages(_ wanted: [(webhookID: String, limit: Int)], now: Date, leaseFor: TimeInterval) async throws
        -> [WebhookMessage]
    {
        guard !wanted.isEmpty else { return [] }
        let at = Self.milliseconds(now), until = Self.milliseconds(now.addingTimeInterval(leaseFor))
        let locking = dialect == .postgres ? " FOR UPDATE SKIP LOCKED" : ""
        return try await transaction { database in
            var leased: [WebhookMessage] = []
            for (webhookID, limit) in wanted where limit > 0 {
                leased += try await database.raw(
                    """
                    UPDATE webhook_messages SET lease_until = \(bind: until)
                    WHERE id IN (SELECT id FROM webhook_messages WHERE webhook_id = \(bind: webhookID) AND state = 'pending'
                      AND next_at <= \(bind: at) AND (lease_until IS NULL OR lease_until < \(bind: at))
                      ORDER BY next_at LIMIT \(bind: limit)\(unsafeRaw: locking))
                    RETURNING \(unsafeRaw: Self.messageColumns)
                    """
                ).all().map(Self.message)
            }
            return leased.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }
        }
    }

    /// Records attempts: a delivered message is done, a failed one waits for its retry or is
    /// given up; its subscription remembers since when it fails, and is turned off when that
    /// is longer than `WebhookRetry.disableAfter`. Returns the subscriptions turned off.
    @discardableResult
    public func finish(_ attempts: [WebhookAttempt]) async throws -> [String] {
        guard !attempts.isEmpty else { return [] }
        return try await transaction { database in
            for attempt in attempts {
                let state: WebhookMessage.State = attempt.succeeded ? .delivered : attempt.retryAt == nil ? .failed : .pending
                try await database.raw(
                    """
                    UPDATE webhook_messages SET state = \(bind: state.rawValue), attempts = attempts + 1,
                      next_at = \(bind: Self.milliseconds(attempt.retryAt ?? attempt.at)), lease_until = NULL, last_at = \(bind: Self.milliseconds(attempt.at)),
                      last_status = \(bind: attempt.status), last_error = \(bind: attempt.error), last_ms = \(bind: attempt.milliseconds),
                      last_response = \(bind: attempt.response), delivered_at = \(bind: attempt.succeeded ? Self.milliseconds(attempt.at) : nil)
                    WHERE id = \(bind: attempt.messageID) AND state = 'pending'
                    """
                ).run()
            }
            var disabled: [String] = []
            for (webhook, tries) in Dictionary(grouping: attempts, by: \.webhookID) {
                let last = tries.max { $0.at < $1.at }!
                if last.succeeded {
                    try await database.raw("UPDATE webhooks SET failing_since = NULL WHERE id = \(bind: webhook) AND failing_since IS NOT NULL")
                        .run()
                    continue
                }
                let firstFailure = Self.milliseconds(tries.filter { !$0.succeeded }.map(\.at).min()!)
                try await database.raw(
                    "UPDATE webhooks SET failing_since = \(bind: firstFailure) WHERE id = \(bind: webhook) AND failing_since IS NULL"
                ).run()
                let cutoff = Self.milliseconds(last.at.addingTimeInterval(-WebhookRetry.disableAfter))
                let reason =
                    "turned off: every delivery failed for \(Int(WebhookRetry.disableAfter / 86_400)) days (last: \(last.error ?? "HTTP \(last.status ?? 0)"))"
                if try await database.raw(
                    """
                    UPDATE webhooks SET enabled = 0, disabled_reason = \(bind: String(reason.prefix(300)))
                    WHERE id = \(bind: webhook) AND enabled = 1 AND failing_since <= \(bind: cutoff) RETURNING id
                    """
                ).first() != nil {
                    disabled.append(webhook)
                }
            }
            return disabled
        }
    }

    /// A subscription's messages, newest first (the delivery log).
    public func webhookMessages(webhookID: String, state: WebhookMessage.State? = nil, before cursor: String? = nil, limit: Int) async throws
        -> [WebhookMessage]
    {
        var filter = SQLQueryString("webhook_id = \(bind: webhookID)")
        if let state { filter = filter + SQLQueryString(" AND state = \(bind: state.rawValue)") }
        if let cursor { filter = filter + SQLQueryString(" AND id < \(bind: cursor)") }
        return try await database.raw(
            "SELECT \(unsafeRaw: Self.messageColumns) FROM webhook_messages WHERE \(filter) ORDER BY id DESC LIMIT \(bind: limit)"
        )
        .all().map(Self.message)
    }

    public func webhookMessage(id: String) async throws -> WebhookMessage? {
        try await database.raw("SELECT \(unsafeRaw: Self.messageColumns) FROM webhook_messages WHERE id = \(bind: id)").first().map(Self.message)
    }

    /// Sends messages again, now: one (`messageID`), or every failed one created in
    /// `from..<to`. Returns how many. Attempts go on counting; a delivered message sent again
    /// keeps its `webhook-id`.
    public func redeliver(webhookID: String, messageID: String? = nil, failedFrom from: Date? = nil, to: Date? = nil, audit: [AuditEntry])
        async throws -> Int
    {
        let now = Self.milliseconds(.now)
        return try await transaction { database in
            var filter = SQLQueryString("webhook_id = \(bind: webhookID)")
            if let messageID {
                filter = filter + SQLQueryString(" AND id = \(bind: messageID)")
            } else {
                filter = filter + SQLQueryString(" AND state = 'failed'")
                if let from { filter = filter + SQLQueryString(" AND created_at >= \(bind: Self.milliseconds(from))") }
                if let to { filter = filter + SQLQueryString(" AND created_at < \(bind: Self.milliseconds(to))") }
            }
            let rows = try await database.raw(
                """
                UPDATE webhook_messages SET state = 'pending', next_at = \(bind: now), lease_until = NULL WHERE \(filter) RETURNING id
                """
            ).all()
            if !rows.isEmpty { try await Self.append(audit, on: database) }
            return rows.count
        }
    }

    /// Messages waiting, and since when the oldest.
    public func webhookBacklog() async throws -> WebhookBacklog {
        let row = try await database.raw("SELECT COUNT(*) AS pending, MIN(created_at) AS oldest FROM webhook_messages WHERE state = 'pending'")
            .first()
        return WebhookBacklog(
            pending: try row?.decode(column: "pending", as: Int.self) ?? 0, oldest: try row?.decode(column: "oldest", as: Int64?.self).map(Self.date))
    }

    /// Drops delivered and failed messages created before `cutoff`; the pending ones stay.
    public func purgeWebhookMessages(before cutoff: Date) async throws -> Int {
        try await transaction { database in
            try await database.raw(
                "DELETE FROM webhook_messages WHERE state <> 'pending' AND created_at < \(bind: Self.milliseconds(cutoff)) RETURNING id"
            ).all().count
        }
    }

    /// A row of `enabledSubscriptions(of:)`: only what `wants` reads.
    static func subscription(_ row: any SQLRow) throws -> WebhookSubscription {
        WebhookSubscription(
            id: try row.decode(column: "id", as: String.self), appID: try row.decode(column: "app_id", as: String.self), url: "",
            events: Set(
                try JSONDocument.decode([String].self, from: row.decode(column: "events", as: String.self)).compactMap(WebhookEventType.init)),
            linkID: try row.decode(column: "link_id", as: String?.self), campaign: try row.decode(column: "campaign", as: String?.self),
            includesAutomated: try row.decode(column: "automated", as: Int.self) != 0, secret: "", createdAt: .distantPast, updatedAt: .distantPast)
    }

    private static func message(_ row: any SQLRow) throws -> WebhookMessage {
        WebhookMessage(
            id: try row.decode(column: "id", as: String.self), webhookID: try row.decode(column: "webhook_id", as: String.self),
            appID: try row.decode(column: "app_id", as: String.self), type: try row.decode(column: "type", as: String.self),
            body: Data(try row.decode(column: "body", as: String.self).utf8),
            createdAt: date(try row.decode(column: "created_at", as: Int64.self)),
            state: WebhookMessage.State(rawValue: try row.decode(column: "state", as: String.self)) ?? .failed,
            attempts: try row.decode(column: "attempts", as: Int.self), nextAt: date(try row.decode(column: "next_at", as: Int64.self)),
            lastAt: try row.decode(column: "last_at", as: Int64?.self).map(date), lastStatus: try row.decode(column: "last_status", as: Int?.self),
            lastError: try row.decode(column: "last_error", as: String?.self), lastMilliseconds: try row.decode(column: "last_ms", as: Int?.self),
            lastResponse: try row.decode(column: "last_response", as: String?.self),
            deliveredAt: try row.decode(column: "delivered_at", as: Int64?.self).map(date))
    }
}

/// Message ids sort by time (the delivery log pages by id): `msg_`, 9 base-36 digits of
/// milliseconds, 12 random ones.
enum WebhookIdentifiers {
    private static let digits = Array("0123456789abcdefghijklmnopqrstuvwxyz")

    static func messageID(at time: Date = .now) -> String {
        var millis = UInt64(max(0, time.timeIntervalSince1970 * 1000))
        var stamp: [Character] = []
        for _ in 0..<9 {
            stamp.append(digits[Int(millis % 36)])
            millis /= 36
        }
        var generator = SystemRandomNumberGenerator()
        return "msg_" + String(stamp.reversed()) + String((0..<12).map { _ in digits[Int(generator.next(upperBound: UInt64(36)))] })
    }
}
