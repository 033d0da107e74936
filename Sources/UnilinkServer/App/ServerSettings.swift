public import Configuration
import Foundation
public import Logging
import UnilinkCore
public import UnilinkStorage

/// Everything `unilink serve` can be told, by flag or `UNILINK_*` environment variable.
public struct ServerSettings: Sendable {
    public var host: String
    public var port: Int
    public var database: DatabaseLocation
    public var adminToken: String?
    public var trustedProxies: [AddressRange]
    public var logLevel: Logger.Level
    /// Create the demo app on an empty database.
    public var createsDemo: Bool
    /// Largest request body accepted (413 above).
    public var maxBodyBytes: Int
    /// Longest request target accepted (414 above).
    public var maxURLBytes: Int
    /// Byte budgets of what the server keeps in memory.
    public var memory = MemoryBudget()
    /// A request must arrive whole within this many seconds of the connection opening or
    /// of the previous response; idle and stalled connections are closed after it.
    public var requestTimeoutSeconds = 15.0
    /// Open connections accepted at once; more wait in the kernel's backlog.
    public var maxConnections = 4096
    /// The header the trusted proxies set (`UNILINK_FORWARDED_HEADER`).
    var forwardedHeader: ClientAddress.Header = .xForwardedFor
    /// `/metrics` answers with this bearer token, or without one only to loopback peers
    /// that no proxy forwarded (`UNILINK_METRICS_TOKEN`).
    public var metricsToken: String?
    /// How long raw clicks, events and deferred answers are kept.
    public var retention = Retention()
    /// Requests per client and route family (`UNILINK_RATE_LIMITS`).
    var rateLimits = RateLimits.standard
    /// Bring the schema up to date at start (`serve --no-migrate` leaves it to `unilink migrate`).
    public var migrates = true
    /// PostgreSQL: connections per instance (`UNILINK_DATABASE_POOL_SIZE`) and how long a
    /// request waits for one (`UNILINK_DATABASE_TIMEOUT_SECONDS`) before a 503.
    public var databasePool = PoolOptions()
    /// PostgreSQL: every instance reloads apps, hosts and links this often, beside the
    /// change announcements (`UNILINK_RELOAD_SECONDS`).
    public var reloadSeconds = 30
    /// A host the dashboard also answers on, besides every host no app claims
    /// (`UNILINK_DASHBOARD_HOST`, e.g. `admin.example.com`).
    public var dashboardHost: String?
    /// How long a dashboard sign-in lasts (`UNILINK_DASHBOARD_SESSION_HOURS`).
    public var dashboardSessionHours = 12
    /// bcrypt's cost for people's passwords (`UNILINK_BCRYPT_COST`, 2^cost rounds): at 12 a
    /// sign-in took 0.2 s on one core of a 2-core VM (`Benchmarks/passwords.sh`: 10 is 55 ms,
    /// 13 is 0.39 s), slow for a guesser, quick for a person.
    public var bcryptCost: UInt8 = 12
    /// Where webhooks may go beyond the public internet (`UNILINK_WEBHOOK_ALLOW_PRIVATE`,
    /// `UNILINK_WEBHOOK_ALLOW_LOOPBACK_HTTP`).
    var webhookDestination = WebhookDestination()
    /// Scanners' and robots' User-Agent tokens and scanners' networks: the built-in lists, or
    /// the operator's (`UNILINK_AUTOMATED_AGENTS_FILE`, `UNILINK_SCANNER_NETWORKS_FILE`).
    var automated = AutomatedTraffic.builtIn
    /// Apple's Private Relay egress ranges (`egress-ip-ranges.csv`), read again when the
    /// file changes (`UNILINK_PRIVATE_RELAY_RANGES`); without it no click counts as relayed.
    public var privateRelayRanges: String?
    /// A MaxMind-format database (GeoLite2-Country or -City, DB-IP Lite `.mmdb`) that tells a
    /// visitor's country from the address, read again when the file changes
    /// (`UNILINK_GEOIP_DATABASE`); without it no visitor has a country.
    public var geoipDatabase: String?
    /// A file for one line of evidence per first launch the model weighed
    /// (`UNILINK_DEFERRED_EVIDENCE_LOG`, for `Benchmarks/deferred_fit.py`): benchmarks and
    /// diagnosis only, never production (its click ids are live tokens in the match window).
    public var deferredEvidenceLog: String?
    /// How close together an address's clicks on different links make a burst (ms); not a
    /// setting of its own: tests on a loaded machine widen it.
    var burstWindow = LinkBurst.window
    /// `UNILINK_WEBHOOK_TIMEOUT_SECONDS`: how long one delivery attempt may take.
    var webhookTimeoutSeconds = 10
    /// Single sign-on through the organisation's OpenID Connect provider (`UNILINK_OIDC_*`).
    public var singleSignOn: SingleSignOnSettings?

    /// `maxConnections`, kept below the process's descriptor limit so the database and
    /// the association files always find one.
    public var effectiveMaxConnections: Int {
        var limit = rlimit()
        guard getrlimit(Int32(RLIMIT_NOFILE.rawValue), &limit) == 0 else { return maxConnections }
        let available = limit.rlim_cur >= rlim_t(Int.max) ? Int.max : Int(limit.rlim_cur) - 64
        return max(16, min(maxConnections, available))
    }

    public init(
        host: String = "127.0.0.1", port: Int = 8080, database: DatabaseLocation = .defaultLocation, adminToken: String? = nil,
        trustedProxies: [AddressRange] = [], logLevel: Logger.Level = .info, createsDemo: Bool = true,
        maxBodyBytes: Int = 2 * 1024 * 1024, maxURLBytes: Int = 8 * 1024
    ) {
        self.host = host
        self.port = port
        self.database = database
        self.adminToken = adminToken
        self.trustedProxies = trustedProxies
        self.logLevel = logLevel
        self.createsDemo = createsDemo
        self.maxBodyBytes = maxBodyBytes
        self.maxURLBytes = maxURLBytes
    }

    /// Reads `unilink.host`, `unilink.port`, ... (`UNILINK_HOST`, `UNILINK_PORT`, ...).
    public init(reader: ConfigReader) throws {
        let config = reader.scoped(to: "unilink")
        self.init()
        host = config.string(forKey: "host", default: host)
        port = try Self.number(config, "port", in: 0...65535, "a TCP port") ?? port
        if let url = config.string(forKey: "database_url"), !url.isEmpty {
            do { database = try DatabaseLocation(url) } catch { throw SettingsError("\(error)") }
        }
        adminToken = config.string(forKey: "admin_token", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
        if let token = adminToken, let weakness = AdminToken.weakness(of: token) {
            throw SettingsError(
                """
                UNILINK_ADMIN_TOKEN (--admin-token) \(weakness): it guards the whole API and dashboard. \
                Use at least \(AdminToken.minimumLength) random characters, e.g. $(openssl rand -base64 32), \
                or leave it unset and unilink generates one and prints it once
                """)
        }
        if let proxies = config.string(forKey: "trusted_proxies"), !proxies.isEmpty {
            trustedProxies = try proxies.split(separator: ",").map { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let range = AddressRange(trimmed) else {
                    throw SettingsError("UNILINK_TRUSTED_PROXIES: '\(trimmed)' is not an address or CIDR")
                }
                return range
            }
        }
        let level = config.string(forKey: "log_level", default: "info")
        guard let parsed = Logger.Level(rawValue: level.lowercased()) else { throw SettingsError("UNILINK_LOG_LEVEL '\(level)' is not a log level") }
        logLevel = parsed
        createsDemo = config.bool(forKey: "demo", default: true)
        requestTimeoutSeconds = try Self.number(config, "request_timeout_seconds", in: 0.1...3600, "a number of seconds") ?? requestTimeoutSeconds
        maxConnections = try Self.number(config, "max_connections", in: 16...Int.max, "a number") ?? maxConnections
        rateLimits = try RateLimits(config.string(forKey: "rate_limits"))
        migrates = config.bool(forKey: "migrate", default: true)
        databasePool.maximumConnections = try Self.number(config, "database_pool_size", in: 1...1000, "a number") ?? databasePool.maximumConnections
        databasePool.acquireTimeout =
            try Self.number(config, "database_timeout_seconds", in: 0.1...600, "a number of seconds") ?? databasePool.acquireTimeout
        databasePool.startWait = try Self.number(config, "database_wait", in: 0...3600, "a number of seconds", unit: "s") ?? databasePool.startWait
        reloadSeconds = try Self.number(config, "reload_seconds", in: 1...3600, "a number of seconds") ?? reloadSeconds
        dashboardHost = config.string(forKey: "dashboard_host").map { HostName.normalize($0) }.flatMap { $0.isEmpty ? nil : $0 }
        dashboardSessionHours = try Self.number(config, "dashboard_session_hours", in: 1...720, "a number of hours") ?? dashboardSessionHours
        bcryptCost = try Self.number(config, "bcrypt_cost", in: 10...16, "a bcrypt cost") ?? bcryptCost
        singleSignOn = try Self.singleSignOn(config)
        webhookDestination.allowsPrivateAddresses = config.bool(forKey: "webhook_allow_private", default: false)
        webhookDestination.allowsLoopbackHTTP = config.bool(forKey: "webhook_allow_loopback_http", default: false)
        automated = try Self.automated(config)
        privateRelayRanges = config.string(forKey: "private_relay_ranges").flatMap { $0.isEmpty ? nil : $0 }
        geoipDatabase = config.string(forKey: "geoip_database").flatMap { $0.isEmpty ? nil : $0 }
        deferredEvidenceLog = config.string(forKey: "deferred_evidence_log").flatMap { $0.isEmpty ? nil : $0 }
        webhookTimeoutSeconds = try Self.number(config, "webhook_timeout_seconds", in: 1...60, "a number of seconds") ?? webhookTimeoutSeconds
        let periods: [(String, WritableKeyPath<Retention, Int>)] = [
            ("click_retention_days", \.clickDays), ("event_retention_days", \.eventDays), ("deferred_answer_retention_days", \.deferredAnswerDays),
            ("audit_retention_days", \.auditDays),
        ]
        for (key, path) in periods {
            retention[keyPath: path] = try Self.number(config, key, in: 1...3650, "a number of days") ?? retention[keyPath: path]
        }
        if let text = config.string(forKey: "forwarded_header") {
            guard let header = ClientAddress.Header(rawValue: text.lowercased()) else {
                throw SettingsError("UNILINK_FORWARDED_HEADER '\(text)' must be x-forwarded-for or forwarded")
            }
            forwardedHeader = header
        }
        metricsToken = config.string(forKey: "metrics_token", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
        let budgets: [(String, WritableKeyPath<MemoryBudget, Int>)] = [
            ("link_cache_mb", \.linkCacheBytes), ("preview_cache_mb", \.previewCacheBytes), ("click_queue_mb", \.clickQueueBytes),
        ]
        for (key, path) in budgets {
            if let megabytes = try Self.number(config, key, in: 1...65536, "a number of megabytes") { memory[keyPath: path] = megabytes << 20 }
        }
    }

    /// `UNILINK_OIDC_ISSUER` and the rest, or `nil` without an issuer; an issuer without its
    /// client, or a setting that cannot be read, stops the start naming it.
    /// The built-in lists, each replaced by the operator's file when one is named.
    private static func automated(_ config: ConfigReader) throws(SettingsError) -> AutomatedTraffic {
        let agentsPath = config.string(forKey: "automated_agents_file").flatMap { $0.isEmpty ? nil : $0 }
        let networksPath = config.string(forKey: "scanner_networks_file").flatMap { $0.isEmpty ? nil : $0 }
        guard agentsPath != nil || networksPath != nil else { return .builtIn }
        func read(_ path: String?, _ key: String, builtIn: [UInt8]) throws(SettingsError) -> String {
            guard let path else { return String(decoding: builtIn, as: UTF8.self) }
            guard let data = FileManager.default.contents(atPath: path) else { throw SettingsError("\(key) '\(path)' cannot be read") }
            return String(decoding: data, as: UTF8.self)
        }
        let agents = try read(agentsPath, "UNILINK_AUTOMATED_AGENTS_FILE", builtIn: PackageResources.automated_agents_txt)
        let networks = try read(networksPath, "UNILINK_SCANNER_NETWORKS_FILE", builtIn: PackageResources.scanner_networks_txt)
        do {
            return try AutomatedTraffic(
                agents: agents, networks: networks, agentsFile: agentsPath ?? "automated-agents.txt",
                networksFile: networksPath ?? "scanner-networks.txt")
        } catch {
            throw SettingsError("\(error)")
        }
    }

    private static func singleSignOn(_ config: ConfigReader) throws(SettingsError) -> SingleSignOnSettings? {
        guard let issuer = config.string(forKey: "oidc_issuer").flatMap({ $0.isEmpty ? nil : $0 }) else { return nil }
        if let problem = SingleSignOnSettings.problem(withIssuer: issuer) { throw SettingsError("UNILINK_OIDC_ISSUER '\(issuer)' \(problem)") }
        guard let clientID = config.string(forKey: "oidc_client_id").flatMap({ $0.isEmpty ? nil : $0 }),
            let secret = config.string(forKey: "oidc_client_secret", isSecret: true).flatMap({ $0.isEmpty ? nil : $0 })
        else { throw SettingsError("UNILINK_OIDC_ISSUER is set: UNILINK_OIDC_CLIENT_ID and UNILINK_OIDC_CLIENT_SECRET are needed too") }
        let domains = (config.string(forKey: "oidc_allowed_domains") ?? "").split(separator: ",")
            .map { $0.trimmingCharacters(in: .whitespaces).lowercased() }.filter { !$0.isEmpty }
        let roles: GroupRoles
        do {
            roles = try GroupRoles(parsing: config.string(forKey: "oidc_group_roles") ?? "")
        } catch {
            throw SettingsError("UNILINK_OIDC_GROUP_ROLES: \(error.description)")
        }
        return SingleSignOnSettings(
            issuer: issuer, clientID: clientID, clientSecret: secret,
            allowedDomains: Set(domains), groupsClaim: config.string(forKey: "oidc_groups_claim").flatMap { $0.isEmpty ? nil : $0 },
            groupRoles: roles, name: config.string(forKey: "oidc_name").flatMap { $0.isEmpty ? nil : $0 } ?? "single sign-on")
    }

    /// `UNILINK_<KEY>` as a number within `range` (a trailing `unit` allowed, as in `30s`),
    /// `nil` when unset; any other value is refused naming the variable and the range.
    private static func number<Number: LosslessStringConvertible & Comparable>(
        _ config: ConfigReader, _ key: String, in range: ClosedRange<Number>, _ kind: String, unit: String? = nil
    ) throws(SettingsError) -> Number? {
        guard let text = config.string(forKey: ConfigKey(key)) else { return nil }
        let bare = unit.map { text.hasSuffix($0) ? String(text.dropLast($0.count)) : text } ?? text
        guard let value = Number(bare), range.contains(value) else {
            func shown(_ bound: Number) -> String { "\(bound)".hasSuffix(".0") ? String("\(bound)".dropLast(2)) : "\(bound)" }
            let bounds =
                shown(range.upperBound) == "\(Int.max)"
                ? "from \(shown(range.lowerBound)) up" : "\(shown(range.lowerBound)) to \(shown(range.upperBound))"
            throw SettingsError("UNILINK_\(key.uppercased()) '\(text)' is not \(kind) (\(bounds))")
        }
        return value
    }
}
