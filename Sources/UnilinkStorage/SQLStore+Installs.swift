public import Foundation
import SQLKit
import UnilinkAPI
import UnilinkCore

/// An attribution event: an install matched to a link, an open, or a custom event.
public struct AppEvent: Sendable, Equatable {
    public var appID: String
    public var installID: String?
    public var linkID: String?
    public var clickID: String?
    /// `install`, `open` or `custom`.
    public var type: String
    public var name: String?
    public var matchType: String?
    public var properties: [String: String]
    public var time: Date
    /// A matched install's confidence (0...1): told to webhooks, not stored.
    public var confidence: Double?
    /// The A/B variant the install came from (its click's), or an open's install's.
    public var variant: String?

    public init(
        appID: String, installID: String?, linkID: String?, clickID: String?, type: String, name: String? = nil,
        matchType: String? = nil, properties: [String: String] = [:], time: Date, confidence: Double? = nil, variant: String? = nil
    ) {
        self.variant = variant
        self.appID = appID
        self.installID = installID
        self.linkID = linkID
        self.clickID = clickID
        self.type = type
        self.name = name
        self.matchType = matchType
        self.properties = properties
        self.time = time
        self.confidence = confidence
    }

    /// As webhooks tell it: `install`, `open` or `custom.NAME`.
    var webhookEvent: WebhookEvent {
        struct Payload: Encodable {
            var installID: String?
            var linkID: String?
            var clickID: String?
            var matchType: String?
            var confidence: Double?
            var name: String?
            var properties: [String: String]

            enum CodingKeys: String, CodingKey {
                case installID = "install_id", linkID = "link_id", clickID = "click_id", matchType = "match_type", confidence, name, properties
            }

            func encode(to encoder: any Encoder) throws {
                var container = encoder.container(keyedBy: CodingKeys.self)
                try container.encode(installID, forKey: .installID)
                try container.encode(linkID, forKey: .linkID)
                try container.encode(clickID, forKey: .clickID)
                try container.encode(matchType, forKey: .matchType)
                try container.encode(confidence, forKey: .confidence)
                try container.encode(name, forKey: .name)
                try container.encode(properties, forKey: .properties)
            }
        }
        let type = self.type == "custom" ? "custom." + (name ?? "") : self.type
        return WebhookEvent(
            appID: appID, type: type, linkID: linkID, time: time,
            data: WebhookEvent.encoded(
                Payload(
                    installID: installID, linkID: linkID, clickID: clickID, matchType: matchType,
                    confidence: confidence.map { ($0 * 1000).rounded() / 1000 }, name: name, properties: properties)))
    }
}

extension SQLStore {
    /// The answer an install got, as JSON (what the transactions below return when one was
    /// stored first; for readers outside the request path).
    public func deferredAnswer(appID: String, installID: String) async throws -> String? {
        try await Self.deferredAnswer(appID: appID, installID: installID, on: database)
    }

    private static func deferredAnswer(appID: String, installID: String, on database: any SQLDatabase) async throws -> String? {
        try await database.raw(
            """
            SELECT answer FROM deferred_answers WHERE app_id = \(bind: appID) AND install_id = \(bind: installID)
            """
        ).first()?.decode(column: "answer", as: String.self)
    }

    /// Stores an install's answer and, for a match, its install event; the first answer
    /// stays. Returns the install's stored answer: this one, or the one an earlier call of
    /// the same install stored (and then nothing is written).
    public func record(answer: String, appID: String, installID: String, clickID: String?, install event: AppEvent?) async throws
        -> String
    {
        let slot = eventSlot
        let dialect = self.dialect
        return try await transaction { database in
            let (stored, inserted) = try await Self.insert(answer: answer, appID: appID, installID: installID, clickID: clickID, on: database)
            if inserted, let event { try await Self.insert(event: event, slot: slot, dialect: dialect, on: database) }
            return stored
        }
    }

    /// A match's answer and install stored with its click taken for this install, in one
    /// transaction (one durable commit, and never a click taken without its answer). Returns
    /// the install's stored answer, or nil, and nothing stored, when another install took the
    /// click first. One conditional UPDATE: when two instances race, the row lock makes the
    /// second see the first's install and change nothing (PostgreSQL re-checks the condition
    /// after the wait). When a racing call of the same install answered first, its answer is
    /// returned and the click is not taken.
    public func record(answer: String, appID: String, installID: String, takingClick clickID: String, install event: AppEvent?) async throws
        -> String?
    {
        struct TakenByAnother: Error {}
        struct AnsweredBefore: Error { let answer: String }
        let slot = eventSlot
        let dialect = self.dialect
        do {
            return try await transaction { database in
                guard
                    let (stored, inserted) = try await Self.take(
                        clickID, answer: answer, appID: appID, installID: installID, dialect: dialect, on: database)
                else { throw TakenByAnother() }
                guard inserted else { throw AnsweredBefore(answer: stored) }
                if let event { try await Self.insert(event: event, slot: slot, dialect: dialect, on: database) }
                return stored
            }
        } catch is TakenByAnother {
            return nil
        } catch let earlier as AnsweredBefore {
            return earlier.answer
        }
    }

    /// Takes the click for the install and stores the answer: the install's stored answer
    /// and whether it is this one, or nil when another install has the click. On PostgreSQL
    /// one statement, where each is a round trip on every match; SQLite's are calls in the
    /// process and cannot modify in a `WITH`.
    private static func take(
        _ clickID: String, answer: String, appID: String, installID: String, dialect: Dialect, on database: any SQLDatabase
    ) async throws -> (stored: String, inserted: Bool)? {
        guard dialect == .postgres else {
            guard try await database.raw(Self.taking(clickID, for: installID)).first() != nil else { return nil }
            return try await insert(answer: answer, appID: appID, installID: installID, clickID: clickID, on: database)
        }
        let row = try await database.raw(
            """
            WITH taken AS (\(Self.taking(clickID, for: installID))),
            answered AS (
              INSERT INTO deferred_answers (app_id, install_id, click_id, answer, created_at)
              SELECT \(bind: appID), \(bind: installID), click_id, \(bind: answer), \(bind: milliseconds(.now)) FROM taken
              ON CONFLICT (app_id, install_id) DO NOTHING RETURNING install_id
            )
            SELECT (SELECT count(*) FROM taken) AS taken, (SELECT count(*) FROM answered) AS answered
            """
        ).first()
        guard let row, try row.decode(column: "taken", as: Int64.self) > 0 else { return nil }
        guard try row.decode(column: "answered", as: Int64.self) > 0 else {
            return (try await deferredAnswer(appID: appID, installID: installID, on: database) ?? answer, false)
        }
        return (answer, true)
    }

    /// The click taken for the install, unless another install has it (`RETURNING` says).
    private static func taking(_ clickID: String, for installID: String) -> SQLQueryString {
        """
        UPDATE pending_clicks SET consumed_by = \(bind: installID)
        WHERE click_id = \(bind: clickID) AND (consumed_by IS NULL OR consumed_by = \(bind: installID)) RETURNING click_id
        """
    }

    /// The first answer an install got stays. Returns the install's stored answer and
    /// whether it is this one. One statement when the answer is new (`RETURNING` says it went
    /// in), a second to read the earlier one.
    private static func insert(answer: String, appID: String, installID: String, clickID: String?, on database: any SQLDatabase) async throws
        -> (stored: String, inserted: Bool)
    {
        let inserted = try await database.raw(
            """
            INSERT INTO deferred_answers (app_id, install_id, click_id, answer, created_at)
            VALUES (\(bind: appID), \(bind: installID), \(bind: clickID), \(bind: answer), \(bind: milliseconds(.now)))
            ON CONFLICT (app_id, install_id) DO NOTHING RETURNING install_id
            """
        ).first()
        guard inserted != nil else { return (try await deferredAnswer(appID: appID, installID: installID, on: database) ?? answer, false) }
        return (answer, true)
    }

    public func insert(event: AppEvent) async throws {
        let slot = eventSlot
        let dialect = self.dialect
        try await transaction { database in try await Self.insert(event: event, slot: slot, dialect: dialect, on: database) }
    }

    /// The A/B variant an install came from through `linkID`: its matched install event's.
    /// Events through another link are not that link's test's.
    public func variant(ofInstall installID: String, appID: String, linkID: String) async throws -> String? {
        try await database.raw(
            """
            SELECT variant FROM events
            WHERE app_id = \(bind: appID) AND install_id = \(bind: installID) AND type = 'install' AND link_id = \(bind: linkID)
              AND variant IS NOT NULL LIMIT 1
            """
        ).first()?.decode(column: "variant", as: String?.self)
    }

    /// The link one of an app's click ids belongs to, from pending or recorded clicks.
    public func linkID(ofClick clickID: String, appID: String) async throws -> String? {
        if let row = try await database.raw(
            """
            SELECT link_id FROM pending_clicks WHERE click_id = \(bind: clickID) AND app_id = \(bind: appID)
            """
        ).first(), let link = try row.decode(column: "link_id", as: String?.self) {
            return link
        }
        return try await database.raw(
            """
            SELECT link_id FROM clicks WHERE click_id = \(bind: clickID) AND app_id = \(bind: appID) AND link_id IS NOT NULL LIMIT 1
            """
        ).first()?.decode(column: "link_id", as: String?.self)
    }

    /// An install happens once per install id: an `install` event for an install already
    /// counted (the deferred match records one, and the app's SDK may report it again) is
    /// not stored, counted or sent again. The check and the insert are one step: SQLite's
    /// transactions take the write lock at `BEGIN IMMEDIATE`, and on PostgreSQL (READ
    /// COMMITTED, where two transactions would both find nothing) a transaction-scoped
    /// advisory lock on the app and install id makes the second wait for the first's commit.
    ///
    /// An install first reported without a link (the app's own `install` event before its
    /// deferred call) that a deferred match then attributes keeps its one count: its row takes
    /// the match's link, click and match type, and its count moves from the app's unattributed
    /// installs to the link's, at the hour it was counted. Webhooks were told of the install
    /// once and are not told again.
    static func insert(event: AppEvent, slot: Int, dialect: Dialect, on database: any SQLDatabase) async throws {
        if event.type == EventType.install.rawValue {
            if dialect == .postgres {
                try await database.raw(
                    "SELECT pg_advisory_xact_lock(hashtext(\(bind: event.appID)), hashtext(\(bind: event.installID ?? "")))"
                ).run()
            }
            if let counted = try await database.raw(
                """
                SELECT link_id, click_id, occurred_at FROM events
                WHERE app_id = \(bind: event.appID) AND install_id = \(bind: event.installID) AND type = \(bind: event.type) LIMIT 1
                """
            ).first() {
                if event.linkID != nil, try counted.decode(column: "link_id", as: String?.self) == nil,
                    try counted.decode(column: "click_id", as: String?.self) == nil
                {
                    try await attribute(event, countedAt: date(try counted.decode(column: "occurred_at", as: Int64.self)), slot: slot, on: database)
                }
                return
            }
        }
        let row = try eventRow(event)
        let count = counting(
            appID: event.appID, linkID: event.linkID, type: EventCounter.type(event.type, name: event.name), time: event.time, slot: slot)
        guard dialect == .postgres else {
            try await database.raw(row).run()
            try await database.raw(count).run()
            try await enqueue([event.webhookEvent], on: database)
            return
        }
        // One round trip where three were: the row, its count and who may want to be told.
        let subscriptions = try await database.raw(
            """
            WITH event AS (\(row)), counted AS (\(count))
            \(enabledSubscriptions(of: [event.appID]))
            """
        ).all().map(subscription)
        try await enqueue([event.webhookEvent], to: subscriptions, on: database)
    }

    private static func eventRow(_ event: AppEvent) throws -> SQLQueryString {
        """
        INSERT INTO events (app_id, install_id, link_id, click_id, type, name, match_type, properties, occurred_at, day, variant)
        VALUES (\(bind: event.appID), \(bind: event.installID), \(bind: event.linkID), \(bind: event.clickID), \(bind: event.type),
                \(bind: event.name), \(bind: event.matchType), \(bind: try JSONDocument.encode(event.properties)),
                \(bind: milliseconds(event.time)), \(bind: day(event.time)), \(bind: event.variant))
        """
    }

    /// An unattributed install the deferred match found the click of: the row takes the
    /// match's link, and the count moves from the app's unattributed installs to the link's.
    private static func attribute(_ event: AppEvent, countedAt time: Date, slot: Int, on database: any SQLDatabase) async throws {
        try await database.raw(
            """
            UPDATE events SET link_id = \(bind: event.linkID), click_id = \(bind: event.clickID), match_type = \(bind: event.matchType),
              variant = \(bind: event.variant)
            WHERE app_id = \(bind: event.appID) AND install_id = \(bind: event.installID) AND type = \(bind: event.type)
              AND link_id IS NULL AND click_id IS NULL
            """
        ).run()
        let type = EventCounter.type(event.type, name: event.name)
        try await countEvent(appID: event.appID, linkID: nil, type: type, time: time, slot: slot, by: -1, on: database)
        try await countEvent(appID: event.appID, linkID: event.linkID, type: type, time: time, slot: slot, on: database)
    }
}
