import Foundation
public import Logging
import SQLKit
import SQLiteKit

/// Versioned schema changes, applied in order, each once, each in its own transaction.
enum Migrations {
    static let steps: [(version: Int, statements: [String])] = [
        (
            1,
            [
                "CREATE TABLE settings (name TEXT PRIMARY KEY, value TEXT NOT NULL)",
                "CREATE TABLE apps (id TEXT PRIMARY KEY, document TEXT NOT NULL, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)",
                "CREATE TABLE domains (host TEXT PRIMARY KEY, app_id TEXT NOT NULL, role TEXT NOT NULL)",
                "CREATE INDEX domains_app ON domains (app_id)",
                "CREATE TABLE app_keys (key_hash TEXT PRIMARY KEY, app_id TEXT NOT NULL, kind TEXT NOT NULL, publishable TEXT, created_at BIGINT NOT NULL)",
                """
                CREATE TABLE links (id TEXT PRIMARY KEY, app_id TEXT NOT NULL, code TEXT NOT NULL UNIQUE, alias TEXT,
                  path TEXT, document TEXT NOT NULL, expires_at BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
                """,
                "CREATE UNIQUE INDEX links_alias ON links (app_id, alias)",
                "CREATE INDEX links_app ON links (app_id, id)",
                """
                CREATE TABLE clicks (click_id TEXT NOT NULL, app_id TEXT NOT NULL, link_id TEXT, occurred_at BIGINT NOT NULL,
                  day TEXT NOT NULL, host TEXT NOT NULL, path TEXT NOT NULL, platform TEXT NOT NULL, outcome TEXT NOT NULL, in_app TEXT)
                """,
                "CREATE INDEX clicks_link ON clicks (link_id, day)",
            ]
        ),
        (
            2,
            [
                // Mobile clicks waiting for the install they may lead to; purged when their window closes.
                """
                CREATE TABLE pending_clicks (click_id TEXT PRIMARY KEY, app_id TEXT NOT NULL, link_id TEXT, created_at BIGINT NOT NULL,
                  expires_at BIGINT NOT NULL, network_key TEXT, prefix_key TEXT, document TEXT NOT NULL,
                  screen_width BIGINT, screen_height BIGINT, screen_scale DOUBLE PRECISION, time_zone TEXT, languages TEXT, signals_at BIGINT,
                  consumed_by TEXT)
                """,
                "CREATE INDEX pending_clicks_prefix ON pending_clicks (app_id, prefix_key, expires_at)",
                "CREATE INDEX pending_clicks_expiry ON pending_clicks (expires_at)",
                // One answer per install: a retry gets the same answer.
                """
                CREATE TABLE deferred_answers (app_id TEXT NOT NULL, install_id TEXT NOT NULL, click_id TEXT, answer TEXT NOT NULL,
                  created_at BIGINT NOT NULL, PRIMARY KEY (app_id, install_id))
                """,
                """
                CREATE TABLE events (app_id TEXT NOT NULL, install_id TEXT, link_id TEXT, click_id TEXT, type TEXT NOT NULL, name TEXT,
                  match_type TEXT, properties TEXT, occurred_at BIGINT NOT NULL, day TEXT NOT NULL)
                """,
                "CREATE INDEX events_link ON events (link_id, type, day)",
            ]
        ),
        (
            3,
            [
                // Whether a pending click went on to the store (deferred matching weighs it).
                "ALTER TABLE pending_clicks ADD COLUMN store_at BIGINT",
                // The alternate-host step finds the click it continues.
                "CREATE INDEX clicks_click ON clicks (click_id)",
            ]
        ),
        (
            4,
            [
                // A rotated key stays valid until its grace period ends.
                "ALTER TABLE app_keys ADD COLUMN expires_at BIGINT"
            ]
        ),
        (
            5,
            [
                // Raw clicks past their retention live on as daily counts per link.
                """
                CREATE TABLE click_days (link_id TEXT NOT NULL, app_id TEXT NOT NULL, day TEXT NOT NULL, platform TEXT NOT NULL,
                  outcome TEXT NOT NULL, clicks BIGINT NOT NULL, PRIMARY KEY (link_id, day, platform, outcome))
                """,
                "CREATE INDEX clicks_time ON clicks (occurred_at)",
                "CREATE INDEX events_time ON events (occurred_at)",
                "CREATE INDEX deferred_answers_time ON deferred_answers (created_at)",
            ]
        ),
        (
            6,
            [
                // Dashboard sign-ins: the cookie's SHA-256 only; app_id is NULL for the admin.
                """
                CREATE TABLE dashboard_sessions (token_hash TEXT PRIMARY KEY, app_id TEXT, created_at BIGINT NOT NULL,
                  expires_at BIGINT NOT NULL)
                """,
                "CREATE INDEX dashboard_sessions_expiry ON dashboard_sessions (expires_at)",
                // The numbers of an app per day, and a link's recent clicks.
                "CREATE INDEX clicks_app ON clicks (app_id, day)",
                "CREATE INDEX events_app ON events (app_id, type, day)",
            ]
        ),
        (
            7,
            [
                // Counters kept on write (the recorder's transaction): numbers cost their hours,
                // not their clicks. `slot` spreads one hot link over rows, one per PostgreSQL
                // instance, so instances do not queue on one row lock; reads sum the slots.
                """
                CREATE TABLE click_counts (app_id TEXT NOT NULL, link_id TEXT NOT NULL, hour BIGINT NOT NULL, platform TEXT NOT NULL,
                  outcome TEXT NOT NULL, source TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL,
                  PRIMARY KEY (app_id, link_id, hour, platform, outcome, source, slot))
                """,
                "CREATE INDEX click_counts_link ON click_counts (link_id, hour)",
                "CREATE INDEX click_counts_app ON click_counts (app_id, hour)",
                """
                CREATE TABLE event_counts (app_id TEXT NOT NULL, link_id TEXT NOT NULL, hour BIGINT NOT NULL, type TEXT NOT NULL,
                  slot INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (app_id, link_id, hour, type, slot))
                """,
                "CREATE INDEX event_counts_link ON event_counts (link_id, hour)",
                "CREATE INDEX event_counts_app ON event_counts (app_id, hour)",
            ]
        ),
        (
            8,
            [
                // The app's numbers without the link (what its pages and totals read), and
                // each link's clicks per day (what ranks its links): both cost the days they
                // cover, however many links and clicks.
                """
                CREATE TABLE app_click_counts (app_id TEXT NOT NULL, hour BIGINT NOT NULL, platform TEXT NOT NULL, outcome TEXT NOT NULL,
                  source TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (app_id, hour, platform, outcome, source, slot))
                """,
                """
                CREATE TABLE link_day_clicks (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, slot INTEGER NOT NULL,
                  n BIGINT NOT NULL, PRIMARY KEY (app_id, day, link_id, slot))
                """,
            ]
        ),
        (
            9,
            [
                // A link's days by platform and outcome: its daily numbers cost its days, not
                // its hours' many kinds of clicks. Replaces link_day_clicks, which had no kinds.
                """
                CREATE TABLE link_day_counts (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, platform TEXT NOT NULL,
                  outcome TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (app_id, day, link_id, platform, outcome, slot))
                """,
                "CREATE INDEX link_day_counts_link ON link_day_counts (link_id, day)",
                "DROP TABLE link_day_clicks",
            ]
        ),
        (
            10,
            [
                // The history stored before the counters, counted a stretch at a time after the
                // steps (`CounterBackfill`), resumable: one row while there is work left. A
                // database that already kept counters when it came here has none.
                """
                CREATE TABLE counter_backfill (id INTEGER PRIMARY KEY, first_at BIGINT NOT NULL, next_at BIGINT NOT NULL,
                  end_at BIGINT NOT NULL, started INTEGER NOT NULL)
                """,
                """
                INSERT INTO counter_backfill (id, first_at, next_at, end_at, started)
                SELECT 1, span.first_at, span.first_at, span.end_at, 0
                FROM (SELECT COALESCE(MIN(occurred_at), 0) AS first_at, COALESCE(MAX(occurred_at) + 1, 0) AS end_at FROM clicks) AS span
                WHERE NOT EXISTS (SELECT 1 FROM click_counts) AND NOT EXISTS (SELECT 1 FROM event_counts)
                  AND NOT EXISTS (SELECT 1 FROM app_click_counts)
                """,
            ]
        ),
        (
            11,
            [
                // An app's raw clicks in time order, for exports that page through millions:
                // replaces (app_id, day), which only the numbers read before the counters.
                "DROP INDEX clicks_app",
                "CREATE INDEX clicks_app_time ON clicks (app_id, occurred_at, click_id)",
            ]
        ),
        (
            12,
            [
                // PostgreSQL: raw clicks in a partition per UTC month, so retention drops whole
                // months instead of deleting their rows (`SQLStore+ClickPartitions.swift` keeps
                // the next months ready; the default partition takes any click outside them).
                // The stored clicks move over; SQLite keeps one table.
                "{postgres}ALTER TABLE clicks RENAME TO clicks_before_partitions",
                """
                {postgres}CREATE TABLE clicks (click_id TEXT NOT NULL, app_id TEXT NOT NULL, link_id TEXT, occurred_at BIGINT NOT NULL,
                  day TEXT NOT NULL, host TEXT NOT NULL, path TEXT NOT NULL, platform TEXT NOT NULL, outcome TEXT NOT NULL, in_app TEXT)
                  PARTITION BY RANGE (occurred_at)
                """,
                "{postgres}CREATE TABLE clicks_other PARTITION OF clicks DEFAULT",
                """
                {postgres}DO $$
                DECLARE
                  month DATE;
                  last DATE := (date_trunc('month', now() AT TIME ZONE 'UTC') + interval '2 months')::date;
                BEGIN
                  SELECT date_trunc('month', to_timestamp(COALESCE(MIN(occurred_at) / 1000, extract(epoch FROM now()))) AT TIME ZONE 'UTC')::date
                    INTO month FROM clicks_before_partitions;
                  WHILE month <= last LOOP
                    EXECUTE format('CREATE TABLE %I PARTITION OF clicks FOR VALUES FROM (%s) TO (%s)', 'clicks_' || to_char(month, 'YYYY_MM'),
                      (extract(epoch FROM month) * 1000)::bigint, (extract(epoch FROM (month + interval '1 month')::date) * 1000)::bigint);
                    month := (month + interval '1 month')::date;
                  END LOOP;
                END $$
                """,
                """
                {postgres}INSERT INTO clicks (click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app)
                SELECT click_id, app_id, link_id, occurred_at, day, host, path, platform, outcome, in_app FROM clicks_before_partitions
                """,
                "{postgres}DROP TABLE clicks_before_partitions",
                "{postgres}CREATE INDEX clicks_link ON clicks (link_id, day)",
                "{postgres}CREATE INDEX clicks_click ON clicks (click_id)",
                "{postgres}CREATE INDEX clicks_time ON clicks (occurred_at)",
                "{postgres}CREATE INDEX clicks_app_time ON clicks (app_id, occurred_at, click_id)",
            ]
        ),
        (
            13,
            [
                // Roll-ups that keep every read to the buckets it covers, whatever the kinds of
                // clicks in them (`ClickTally.Rollup`): an app's hours and its days by kind,
                // each link's hours and days, and its days by kind with the source (replacing
                // link_day_counts, which had no source). Counted from the hourly counters.
                """
                CREATE TABLE app_hours (app_id TEXT NOT NULL, hour BIGINT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL,
                  PRIMARY KEY (app_id, hour, slot))
                """,
                """
                CREATE TABLE app_days (app_id TEXT NOT NULL, day BIGINT NOT NULL, platform TEXT NOT NULL, outcome TEXT NOT NULL,
                  source TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (app_id, day, platform, outcome, source, slot))
                """,
                """
                CREATE TABLE link_hours (app_id TEXT NOT NULL, link_id TEXT NOT NULL, hour BIGINT NOT NULL, slot INTEGER NOT NULL,
                  n BIGINT NOT NULL, PRIMARY KEY (link_id, hour, app_id, slot))
                """,
                "CREATE INDEX link_hours_app ON link_hours (app_id, hour)",
                """
                CREATE TABLE link_days (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, slot INTEGER NOT NULL,
                  n BIGINT NOT NULL, PRIMARY KEY (app_id, day, link_id, slot))
                """,
                """
                CREATE TABLE link_day_kinds (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, platform TEXT NOT NULL,
                  outcome TEXT NOT NULL, source TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL,
                  PRIMARY KEY (app_id, day, link_id, platform, outcome, source, slot))
                """,
                "CREATE INDEX link_day_kinds_link ON link_day_kinds (link_id, day)",
                "CREATE INDEX link_days_link ON link_days (link_id, day)",
                "INSERT INTO app_hours (app_id, hour, slot, n) SELECT app_id, hour, 0, SUM(n) FROM app_click_counts GROUP BY app_id, hour",
                """
                INSERT INTO app_days (app_id, day, platform, outcome, source, slot, n)
                SELECT app_id, hour / 24, platform, outcome, source, 0, SUM(n) FROM app_click_counts GROUP BY app_id, hour / 24, platform, outcome, source
                """,
                """
                INSERT INTO link_hours (app_id, link_id, hour, slot, n)
                SELECT app_id, link_id, hour, 0, SUM(n) FROM click_counts GROUP BY app_id, link_id, hour
                """,
                """
                INSERT INTO link_days (app_id, link_id, day, slot, n)
                SELECT app_id, link_id, hour / 24, 0, SUM(n) FROM click_counts GROUP BY app_id, link_id, hour / 24
                """,
                """
                INSERT INTO link_day_kinds (app_id, link_id, day, platform, outcome, source, slot, n)
                SELECT app_id, link_id, hour / 24, platform, outcome, source, 0, SUM(n) FROM click_counts
                GROUP BY app_id, link_id, hour / 24, platform, outcome, source
                """,
                "DROP TABLE link_day_counts",
            ]
        ),
        (
            14,
            [
                // Custom events counted before they were counted by name (schemas 7 to 13, as
                // `custom`): an hour whose events the events table still holds, and that has
                // no count by name yet, is counted again by name; any other stays `custom`,
                // which the numbers show as "(no name)". A database still to be counted from its
                // raw rows (`counter_backfill`) counts its events by name then.
                """
                DELETE FROM event_counts WHERE type = 'custom'
                  AND NOT EXISTS (SELECT 1 FROM event_counts named WHERE named.app_id = event_counts.app_id
                    AND named.link_id = event_counts.link_id AND named.hour = event_counts.hour AND named.type LIKE 'custom:%')
                  AND EXISTS (SELECT 1 FROM events WHERE events.type = 'custom' AND events.app_id = event_counts.app_id
                    AND COALESCE(events.link_id, '') = event_counts.link_id AND events.occurred_at / 3600000 = event_counts.hour)
                """,
                """
                INSERT INTO event_counts (app_id, link_id, hour, type, slot, n)
                SELECT app_id, COALESCE(link_id, ''), occurred_at / 3600000, {event_type}, 0, COUNT(*) FROM events
                WHERE type = 'custom' AND NOT EXISTS (SELECT 1 FROM event_counts counted WHERE counted.app_id = events.app_id
                  AND counted.link_id = COALESCE(events.link_id, '') AND counted.hour = events.occurred_at / 3600000
                  AND (counted.type = 'custom' OR counted.type LIKE 'custom:%'))
                  AND NOT EXISTS (SELECT 1 FROM counter_backfill)
                GROUP BY app_id, COALESCE(link_id, ''), occurred_at / 3600000, {event_type}
                """,
            ]
        ),
        (
            15,
            [
                // Who changed what (`SQLStore+Audit.swift`): appended with each change, never updated.
                """
                CREATE TABLE audit_log (id TEXT PRIMARY KEY, occurred_at BIGINT NOT NULL, actor_kind TEXT NOT NULL, actor_id TEXT NOT NULL,
                  action TEXT NOT NULL, object_kind TEXT NOT NULL, object_id TEXT NOT NULL, app_id TEXT, changes TEXT NOT NULL, address TEXT)
                """,
                "CREATE INDEX audit_log_time ON audit_log (occurred_at)",
                "CREATE INDEX audit_log_app ON audit_log (app_id, id)",
                "CREATE INDEX audit_log_object ON audit_log (object_id, id)",
            ]
        ),
        (
            16,
            [
                // Nothing reads the hourly counters by app any more (the app's roll-ups do),
                // and every recorder commit rewrote this index's last page.
                "DROP INDEX click_counts_app"
            ]
        ),
        (
            17,
            [
                // People: accounts, their roles per app, their API tokens, one-time invitations.
                // Booleans are 0/1 on both databases.
                """
                CREATE TABLE users (id TEXT PRIMARY KEY, email TEXT NOT NULL, name TEXT NOT NULL, password_hash TEXT, totp_secret TEXT,
                  totp_last_step BIGINT, is_owner BIGINT NOT NULL, is_disabled BIGINT NOT NULL, created_at BIGINT NOT NULL,
                  updated_at BIGINT NOT NULL)
                """,
                "CREATE UNIQUE INDEX users_email_key ON users (email)",
                """
                CREATE TABLE app_members (app_id TEXT NOT NULL, user_id TEXT NOT NULL, role TEXT NOT NULL, created_at BIGINT NOT NULL,
                  PRIMARY KEY (app_id, user_id))
                """,
                "CREATE INDEX app_members_user ON app_members (user_id)",
                """
                CREATE TABLE api_tokens (id TEXT PRIMARY KEY, user_id TEXT NOT NULL, name TEXT NOT NULL, token_hash TEXT NOT NULL,
                  hint TEXT NOT NULL, scopes TEXT NOT NULL, app_ids TEXT, created_at BIGINT NOT NULL, expires_at BIGINT,
                  last_used_at BIGINT, revoked_at BIGINT)
                """,
                "CREATE UNIQUE INDEX api_tokens_hash ON api_tokens (token_hash)",
                "CREATE INDEX api_tokens_user ON api_tokens (user_id)",
                """
                CREATE TABLE invitations (id TEXT PRIMARY KEY, token_hash TEXT NOT NULL, email TEXT NOT NULL, is_owner BIGINT NOT NULL,
                  roles TEXT NOT NULL, invited_by TEXT NOT NULL, created_at BIGINT NOT NULL, expires_at BIGINT NOT NULL, accepted_at BIGINT)
                """,
                "CREATE UNIQUE INDEX invitations_hash ON invitations (token_hash)",
                // Failed password sign-ins per account key (the address's hash, known or not),
                // counted over a window; old rows go with retention.
                "CREATE TABLE sign_in_failures (account_key TEXT NOT NULL, occurred_at BIGINT NOT NULL)",
                "CREATE INDEX sign_in_failures_key ON sign_in_failures (account_key, occurred_at)",
                // A session belongs to a person (or, as before, to the admin token or a secret
                // key); a listed session says where and with what it was opened. A session
                // waiting for its second factor is not signed in yet.
                "ALTER TABLE dashboard_sessions ADD COLUMN user_id TEXT",
                "ALTER TABLE dashboard_sessions ADD COLUMN address TEXT",
                "ALTER TABLE dashboard_sessions ADD COLUMN user_agent TEXT",
                "ALTER TABLE dashboard_sessions ADD COLUMN awaiting_code BIGINT NOT NULL DEFAULT 0",
                "CREATE INDEX dashboard_sessions_user ON dashboard_sessions (user_id)",
                // The person behind an entry's actor (a token's owner), to find a person's changes.
                "ALTER TABLE audit_log ADD COLUMN actor_user TEXT",
                "CREATE INDEX audit_log_user ON audit_log (actor_user, id)",
            ]
        ),
        (
            18,
            [
                // A single sign-on under way: its state's hash, the nonce and PKCE verifier it
                // was started with, used once by the callback (any instance), purged when old.
                """
                CREATE TABLE sso_logins (state_hash TEXT PRIMARY KEY, nonce TEXT NOT NULL, verifier TEXT NOT NULL, redirect_uri TEXT NOT NULL,
                  expires_at BIGINT NOT NULL)
                """,
                "CREATE INDEX sso_logins_expiry ON sso_logins (expires_at)",
            ]
        ),
        (
            19,
            [
                // An app's webhooks. The secret is kept as is: signing needs it.
                """
                CREATE TABLE webhooks (id TEXT PRIMARY KEY, app_id TEXT NOT NULL, url TEXT NOT NULL, events TEXT NOT NULL, link_id TEXT,
                  campaign TEXT, automated BIGINT NOT NULL, enabled BIGINT NOT NULL, secret TEXT NOT NULL, previous_secret TEXT,
                  previous_until BIGINT, created_at BIGINT NOT NULL, updated_at BIGINT NOT NULL)
                """,
                "CREATE INDEX webhooks_app ON webhooks (app_id, id)",
            ]
        ),
        (
            20,
            [
                // The outbox: one row per event per subscription, written in the transaction
                // of what it tells, leased by a delivery worker, kept as the delivery log.
                """
                CREATE TABLE webhook_messages (id TEXT PRIMARY KEY, webhook_id TEXT NOT NULL, app_id TEXT NOT NULL, type TEXT NOT NULL,
                  body TEXT NOT NULL, created_at BIGINT NOT NULL, state TEXT NOT NULL, attempts BIGINT NOT NULL, next_at BIGINT NOT NULL,
                  lease_until BIGINT, last_at BIGINT, last_status BIGINT, last_error TEXT, last_ms BIGINT, last_response TEXT,
                  delivered_at BIGINT)
                """,
                "CREATE INDEX webhook_messages_due ON webhook_messages (state, next_at)",
                "CREATE INDEX webhook_messages_log ON webhook_messages (webhook_id, id)",
                // Since when every delivery fails; why it was turned off.
                "ALTER TABLE webhooks ADD COLUMN failing_since BIGINT",
                "ALTER TABLE webhooks ADD COLUMN disabled_reason TEXT",
            ]
        ),
        (
            21,
            [
                // Clicks of mail scanners and robots: counted here, per UTC day, never as people.
                """
                CREATE TABLE automated_counts (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, kind TEXT NOT NULL,
                  n BIGINT NOT NULL, PRIMARY KEY (app_id, link_id, day, kind))
                """
            ]
        ),
        (
            22,
            [
                // Leases go subscription by subscription: one seek each, whatever the backlog
                // of a receiver that is down.
                "CREATE INDEX webhook_messages_due_by_hook ON webhook_messages (webhook_id, state, next_at)"
            ]
        ),
        (
            23,
            [
                // The links list filters and sorts by these at 100k links without reading documents.
                "ALTER TABLE links ADD COLUMN archived_at BIGINT",
                "ALTER TABLE links ADD COLUMN campaign TEXT NOT NULL DEFAULT ''",
                "{sqlite}UPDATE links SET campaign = COALESCE(json_extract(document, '$.content.campaign.campaign'), '')",
                "{postgres}UPDATE links SET campaign = COALESCE(CAST(document AS json) -> 'content' -> 'campaign' ->> 'campaign', '')",
                "CREATE INDEX links_app_campaign ON links (app_id, campaign, id)",
                "CREATE TABLE link_tags (app_id TEXT NOT NULL, tag TEXT NOT NULL, link_id TEXT NOT NULL, PRIMARY KEY (app_id, tag, link_id))",
                "CREATE INDEX link_tags_link ON link_tags (link_id)",
            ]
        ),
        (
            24,
            [
                // Whether the build before a step may go on serving once it is applied
                // (`rolling`): a build reads it to serve a schema newer than its own.
                "ALTER TABLE schema_migrations ADD COLUMN rolling BIGINT NOT NULL DEFAULT 0",
                "UPDATE schema_migrations SET rolling = 1 WHERE version IN (19, 20, 21, 22)",
            ]
        ),
        (
            25,
            [
                // An install is counted once: the install event the SDK reports after a
                // deferred match finds the one the match recorded. In the step's transaction
                // the build holds event writes (Docs/Operating.md); an operator may build it
                // `CONCURRENTLY` first, and this finds it.
                "CREATE INDEX IF NOT EXISTS events_install ON events (app_id, install_id, type)"
            ]
        ),
        (
            26,
            [
                // A/B tests: the variant an install (and its opens) came from, and each
                // variant's clicks, counted as the recorder writes them.
                "ALTER TABLE events ADD COLUMN variant TEXT",
                "CREATE TABLE variant_counts (link_id TEXT NOT NULL, variant TEXT NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (link_id, variant))",
            ]
        ),
        (
            27,
            [
                // People's clicks by country and by routing rule, per UTC day, counted as the
                // recorder writes them (link "" holds the app's own); only the country code is
                // kept of where a visitor is.
                """
                CREATE TABLE click_breakdowns (app_id TEXT NOT NULL, link_id TEXT NOT NULL, day BIGINT NOT NULL, dimension TEXT NOT NULL,
                  value TEXT NOT NULL, slot INTEGER NOT NULL, n BIGINT NOT NULL, PRIMARY KEY (app_id, link_id, day, dimension, value, slot))
                """
            ]
        ),
        (
            28,
            [
                // Deferred matching's crowd beyond the match window: each address's (or /64's)
                // clicks per system in the current hour and its busiest hour of the last day
                // (`NetworkCrowd`), counted as the recorder writes the clicks, read by prefix.
                """
                CREATE TABLE network_crowds (app_id TEXT NOT NULL, network_key TEXT NOT NULL, os TEXT NOT NULL, prefix_key TEXT NOT NULL,
                  hour BIGINT NOT NULL, clicks BIGINT NOT NULL, peak BIGINT NOT NULL, peak_hour BIGINT NOT NULL,
                  PRIMARY KEY (app_id, network_key, os))
                """,
                "CREATE INDEX network_crowds_prefix ON network_crowds (app_id, prefix_key, hour)",
                "CREATE INDEX network_crowds_hour ON network_crowds (hour)",
            ]
        ),
        (
            29,
            [
                // The default `min_match_confidence` rose from 0.9 to 0.95: an app that never set
                // one keeps the 0.9 it was answering with, written down; new apps get 0.95.
                """
                {sqlite}UPDATE apps SET document = json_set(document, '$.minMatchConfidence', 0.9)
                WHERE json_type(document, '$.minMatchConfidence') IS NULL
                """,
                """
                {postgres}UPDATE apps SET document = CAST(jsonb_set(CAST(document AS jsonb), '{minMatchConfidence}', '0.9') AS text)
                WHERE CAST(document AS jsonb) -> 'minMatchConfidence' IS NULL
                """,
            ]
        ),
    ]

    /// The steps the build before them keeps working on, while they are applied and after
    /// (expand, not contract: `Docs/Operating.md`, "Upgrading without downtime"): they only
    /// add tables, indexes that are not unique, and columns the build before may leave out
    /// (nullable or with a default), and what that build writes meanwhile means the same to
    /// the new one. Any other step needs the instances of the build before it stopped.
    /// `RollingMigrationTests` compares the schemas before and after each of these steps and
    /// writes and reads a row of every table with the columns before. Not 23: links the build before made would have no
    /// campaign in the column the list filters on.
    static let rolling: Set<Int> = [19, 20, 21, 22, 24, 25, 26, 27, 28, 29]

    /// The step that records `rolling` in `schema_migrations`.
    static let rollingRecordedFrom = 24

    /// What a statement spells differently on each database.
    /// A statement marked `{postgres}` is PostgreSQL's alone: nil on SQLite; `{sqlite}` the
    /// other way round.
    static func spelled(_ statement: String, for dialect: SQLStore.Dialect) -> String? {
        guard statement.contains("{") else { return statement }
        if statement.hasPrefix(postgresOnly) { return dialect == .postgres ? String(statement.dropFirst(postgresOnly.count)) : nil }
        if statement.hasPrefix(sqliteOnly) { return dialect == .sqlite ? String(statement.dropFirst(sqliteOnly.count)) : nil }
        // EventCounter.type: a custom event is counted under its name.
        return statement.replacingOccurrences(
            of: "{event_type}", with: "CASE WHEN type = 'custom' THEN 'custom:' || COALESCE(name, '') ELSE type END"
        )
        .replacingOccurrences(
            of: "{day_hour}",
            with: dialect == .sqlite
                ? "CAST(strftime('%s', day) AS INTEGER) / 3600" : "CAST(EXTRACT(EPOCH FROM CAST(day AS DATE)) AS BIGINT) / 3600")
    }

    static let postgresOnly = "{postgres}"
    static let sqliteOnly = "{sqlite}"

    /// An arbitrary constant: the advisory lock instances take while they migrate.
    static let lockKey: Int64 = 0x756e_696c_696e_6b  // "unilink"

    static var latest: Int { steps.map(\.version).max() ?? 0 }

    /// The step that brings `counter_backfill`.
    static let backfillVersion = 10

    /// Applies the missing steps on `session` (one connection). On PostgreSQL the session
    /// holds an advisory lock meanwhile: instances starting at once on an empty database
    /// take turns, and the later ones find the work done.
    /// Then the counters count the history stored before them (`backfillLimit` stretches at
    /// most, for tests that stop there as a kill would).
    /// `rollingOnly`: apply nothing unless every missing step is rolling
    /// (`DatabaseProblem.notRolling` names the others).
    static func run(
        on session: any SQLDatabase, dialect: SQLStore.Dialect, upTo version: Int = latest, rollingOnly: Bool = false, backfillLimit: Int? = nil,
        progress: (@Sendable (CounterBackfill.Progress) -> Void)? = nil
    ) async throws {
        if dialect == .postgres { try await session.raw("SELECT pg_advisory_lock(\(bind: lockKey))").run() }
        do {
            if rollingOnly {
                let applied = Set((try? await appliedVersions(on: session)) ?? [])
                let stopping = steps.map(\.version).filter { $0 <= version && !applied.contains($0) && !rolling.contains($0) }
                if !stopping.isEmpty { throw DatabaseProblem.notRolling(steps: stopping, current: applied.max() ?? 0) }
            }
            try await applyMissing(on: session, dialect: dialect, upTo: version)
            if version >= backfillVersion {
                try await CounterBackfill.run(on: session, dialect: dialect, limit: backfillLimit, progress: progress)
            }
            if dialect == .postgres { try await session.raw("SELECT pg_advisory_unlock(\(bind: lockKey))").run() }
        } catch {
            if dialect == .postgres {
                try? await SQLStore.evenIfCancelled { try await session.raw("SELECT pg_advisory_unlock(\(bind: lockKey))").run() }
            }
            throw error
        }
    }

    /// Migrations only go forward: a schema a newer build wrote is this build's to use only
    /// when every step past `latest` is rolling (its instances keep serving while a newer
    /// build's take over). Returns the newer version served, if any.
    @discardableResult
    static func refuseNewer(on database: any SQLDatabase, knowing latest: Int = latest) async throws -> Int? {
        guard let applied = try? await appliedVersions(on: database), let found = applied.max(), found > latest else { return nil }
        // Before `rolling` was recorded every step counts as one that needs the older builds stopped.
        let stopping =
            (try? await database.raw("SELECT version FROM schema_migrations WHERE version > \(bind: latest) AND rolling = 0 ORDER BY version").all()
                .map { try $0.decode(column: "version", as: Int.self) }) ?? applied.filter { $0 > latest }.sorted()
        guard stopping.isEmpty else { throw DatabaseProblem.newerSchema(found: found, supported: latest, stopping: stopping[0]) }
        return found
    }

    /// For `serve --no-migrate`: the schema must already be current.
    static func check(on database: any SQLDatabase) async throws {
        let applied = try? await appliedVersions(on: database)
        guard let applied, applied.max() ?? 0 >= latest else {
            throw StoreError.invalidInput(
                "the database schema is at version \(applied?.max() ?? 0), this server needs \(latest): run 'unilink migrate' first")
        }
        if try await CounterBackfill.pending(on: database) {
            throw StoreError.invalidInput(
                "the counters are still being built from the clicks stored before them: let 'unilink migrate' finish (run it again if it stopped)")
        }
    }

    private static func appliedVersions(on database: any SQLDatabase) async throws -> [Int] {
        try await database.raw("SELECT version FROM schema_migrations").all().map { try $0.decode(column: "version", as: Int.self) }
    }

    private static func applyMissing(on session: any SQLDatabase, dialect: SQLStore.Dialect, upTo version: Int) async throws {
        try await session.raw("CREATE TABLE IF NOT EXISTS schema_migrations (version BIGINT PRIMARY KEY, applied_at BIGINT NOT NULL)").run()
        let applied = try await appliedVersions(on: session)
        for step in steps where step.version <= version && !applied.contains(step.version) {
            try await SQLStore.inTransaction(session, dialect: dialect) { database in
                for statement in step.statements {
                    guard let sql = spelled(statement, for: dialect) else { continue }
                    try await database.raw("\(unsafeRaw: sql)").run()
                }
                if step.version >= rollingRecordedFrom {
                    try await database.raw(
                        """
                        INSERT INTO schema_migrations (version, applied_at, rolling)
                        VALUES (\(bind: step.version), \(bind: SQLStore.milliseconds(.now)), \(bind: rolling.contains(step.version) ? 1 : 0))
                        """
                    ).run()
                } else {
                    try await database.raw(
                        """
                        INSERT INTO schema_migrations (version, applied_at) VALUES (\(bind: step.version), \(bind: SQLStore.milliseconds(.now)))
                        """
                    ).run()
                }
            }
        }
    }
}

extension SQLStore {
    /// The newest migration applied.
    public func schemaVersion() async throws -> Int {
        try await Self.schemaVersion(on: database)
    }

    /// The schema version this build brings a database to.
    public static var latestSchemaVersion: Int { Migrations.latest }

    /// The schema version of a SQLite file another process may be serving: read through a
    /// connection of its own, without the server's lock (a reader beside a WAL writer).
    public static func schemaVersion(ofSQLiteFile path: String, logger: Logger) async throws -> Int {
        let connection = try await SQLiteConnection.open(storage: .file(path: path), logger: logger)
        do {
            let version = try await schemaVersion(on: connection.sql())
            try await connection.close()
            return version
        } catch {
            try? await connection.close()
            throw error
        }
    }

    private static func schemaVersion(on database: any SQLDatabase) async throws -> Int {
        try await database.raw("SELECT MAX(version) AS version FROM schema_migrations").first()?.decode(column: "version", as: Int?.self) ?? 0
    }
}
