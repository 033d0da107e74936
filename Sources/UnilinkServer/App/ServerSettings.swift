import Foundation
public import Configuration
public import Logging
public import UnilinkStorage
import UnilinkCore

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
        if let text = config.string(forKey: "port") {
            guard let value = Int(text), (0...65535).contains(value) else { throw SettingsError("UNILINK_PORT '\(text)' is not a TCP port") }
            port = value
        }
        if let url = config.string(forKey: "database_url"), !url.isEmpty {
            do { database = try DatabaseLocation(url) } catch { throw SettingsError("\(error)") }
        }
        adminToken = config.string(forKey: "admin_token", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
        if let token = adminToken, let weakness = AdminToken.weakness(of: token) {
            throw SettingsError("""
                UNILINK_ADMIN_TOKEN (--admin-token) \(weakness): it guards the whole API and dashboard. \
                Use at least \(AdminToken.minimumLength) random characters, e.g. $(openssl rand -base64 32), \
                or leave it unset and unilink generates one and prints it once
                """)
        }
        if let proxies = config.string(forKey: "trusted_proxies"), !proxies.isEmpty {
            trustedProxies = try proxies.split(separator: ",").map { text in
                let trimmed = text.trimmingCharacters(in: .whitespaces)
                guard let range = AddressRange(trimmed) else { throw SettingsError("UNILINK_TRUSTED_PROXIES: '\(trimmed)' is not an address or CIDR") }
                return range
            }
        }
        let level = config.string(forKey: "log_level", default: "info")
        guard let parsed = Logger.Level(rawValue: level.lowercased()) else { throw SettingsError("UNILINK_LOG_LEVEL '\(level)' is not a log level") }
        logLevel = parsed
        createsDemo = config.bool(forKey: "demo", default: true)
        if let text = config.string(forKey: "request_timeout_seconds") {
            guard let seconds = Double(text), seconds >= 0.1, seconds <= 3600 else {
                throw SettingsError("UNILINK_REQUEST_TIMEOUT_SECONDS '\(text)' is not a number of seconds (0.1 to 3600)")
            }
            requestTimeoutSeconds = seconds
        }
        if let text = config.string(forKey: "max_connections") {
            guard let count = Int(text), count >= 16 else { throw SettingsError("UNILINK_MAX_CONNECTIONS '\(text)' is not a number from 16 up") }
            maxConnections = count
        }
        rateLimits = try RateLimits(config.string(forKey: "rate_limits"))
        migrates = config.bool(forKey: "migrate", default: true)
        if let text = config.string(forKey: "database_pool_size") {
            guard let count = Int(text), (1...1000).contains(count) else { throw SettingsError("UNILINK_DATABASE_POOL_SIZE '\(text)' is not a number from 1 to 1000") }
            databasePool.maximumConnections = count
        }
        if let text = config.string(forKey: "database_timeout_seconds") {
            guard let seconds = Double(text), seconds >= 0.1, seconds <= 600 else {
                throw SettingsError("UNILINK_DATABASE_TIMEOUT_SECONDS '\(text)' is not a number of seconds (0.1 to 600)")
            }
            databasePool.acquireTimeout = seconds
        }
        if let text = config.string(forKey: "database_wait") {
            guard let seconds = Double(text.hasSuffix("s") ? String(text.dropLast()) : text), seconds >= 0, seconds <= 3600 else {
                throw SettingsError("UNILINK_DATABASE_WAIT '\(text)' is not a number of seconds (0 to 3600)")
            }
            databasePool.startWait = seconds
        }
        if let text = config.string(forKey: "reload_seconds") {
            guard let seconds = Int(text), (1...3600).contains(seconds) else { throw SettingsError("UNILINK_RELOAD_SECONDS '\(text)' is not a number of seconds (1 to 3600)") }
            reloadSeconds = seconds
        }
        dashboardHost = config.string(forKey: "dashboard_host").map { HostName.normalize($0) }.flatMap { $0.isEmpty ? nil : $0 }
        if let text = config.string(forKey: "dashboard_session_hours") {
            guard let hours = Int(text), (1...720).contains(hours) else { throw SettingsError("UNILINK_DASHBOARD_SESSION_HOURS '\(text)' is not a number of hours (1 to 720)") }
            dashboardSessionHours = hours
        }
        let periods: [(ConfigKey, WritableKeyPath<Retention, Int>, String)] = [
            ("click_retention_days", \.clickDays, "UNILINK_CLICK_RETENTION_DAYS"), ("event_retention_days", \.eventDays, "UNILINK_EVENT_RETENTION_DAYS"),
            ("deferred_answer_retention_days", \.deferredAnswerDays, "UNILINK_DEFERRED_ANSWER_RETENTION_DAYS"),
        ]
        for (key, path, name) in periods {
            guard let text = config.string(forKey: key) else { continue }
            guard let days = Int(text), (1...3650).contains(days) else { throw SettingsError("\(name) '\(text)' is not a number of days (1 to 3650)") }
            retention[keyPath: path] = days
        }
        if let text = config.string(forKey: "forwarded_header") {
            guard let header = ClientAddress.Header(rawValue: text.lowercased()) else {
                throw SettingsError("UNILINK_FORWARDED_HEADER '\(text)' must be x-forwarded-for or forwarded")
            }
            forwardedHeader = header
        }
        metricsToken = config.string(forKey: "metrics_token", isSecret: true).flatMap { $0.isEmpty ? nil : $0 }
        let budgets: [(ConfigKey, WritableKeyPath<MemoryBudget, Int>, String)] = [
            ("link_cache_mb", \.linkCacheBytes, "UNILINK_LINK_CACHE_MB"), ("preview_cache_mb", \.previewCacheBytes, "UNILINK_PREVIEW_CACHE_MB"),
            ("click_queue_mb", \.clickQueueBytes, "UNILINK_CLICK_QUEUE_MB"),
        ]
        for (key, path, name) in budgets {
            guard let text = config.string(forKey: key) else { continue }
            guard let megabytes = Int(text), (1...65536).contains(megabytes) else {
                throw SettingsError("\(name) '\(text)' is not a number of megabytes (1 to 65536)")
            }
            memory[keyPath: path] = megabytes << 20
        }
    }
}
