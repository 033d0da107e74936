public import Foundation
import Logging
import NIOCore
import NIOSSL
import PostgresKit
import PostgresNIO
import SQLKit
import Synchronization

/// How the PostgreSQL pool behaves: `UNILINK_DATABASE_POOL_SIZE` connections per instance,
/// and how long a request waits for one before the answer is a 503.
public struct PoolOptions: Sendable {
    public var maximumConnections: Int
    public var acquireTimeout: TimeInterval
    /// At start, how long an unreachable PostgreSQL is waited for (`UNILINK_DATABASE_WAIT`):
    /// orchestrators start the app and its database together.
    public var startWait: TimeInterval

    public init(maximumConnections: Int = 20, acquireTimeout: TimeInterval = 5, startWait: TimeInterval = 30) {
        self.maximumConnections = maximumConnections
        self.acquireTimeout = acquireTimeout
        self.startWait = startWait
    }
}

/// PostgresNIO's `PostgresClient` (the pool PostgresKit recommends) as an `SQLDatabase`:
/// each query leases a connection; `withConnection` keeps one for a transaction or a
/// session lock. The pool runs in its own task from `init` to `shutdown` and reconnects by
/// itself; a lease that waits longer than `acquireTimeout` fails as `StoreError.unavailable`.
final class PostgresPool: SQLDatabase, Sendable {
    let client: PostgresClient
    let logger: Logger
    private let options: PoolOptions
    /// The pool's own task, when nobody runs it as a service (tests, `unilink migrate`).
    private let runner: Task<Void, Never>?

    var eventLoop: any EventLoop { PostgresClient.defaultEventLoopGroup.next() }
    var dialect: any SQLDialect { PostgresDialect() }
    var queryLogLevel: Logger.Level? { .trace }

    /// `runsItself`: the pool runs in a task of its own until `shutdown`; otherwise a
    /// service group runs it (`PostgresConnections`).
    init(url: String, options: PoolOptions, logger: Logger, runsItself: Bool = true) throws {
        let core = try Self.configuration(url)
        guard let host = core.host, let port = core.port else {
            throw StoreError.invalidInput("UNILINK_DATABASE_URL needs a host and port")
        }
        let tls: PostgresClient.Configuration.TLS =
            switch (core.tls.isEnforced, core.tls.isAllowed, core.tls.sslContext) {
            case (true, _, let context?): .require(context.configuration)
            case (_, true, let context?): .prefer(context.configuration)
            default: .disable
            }
        var configuration = PostgresClient.Configuration(
            host: host, port: port, username: core.username, password: core.password, database: core.database, tls: tls
        )
        configuration.options.maximumConnections = options.maximumConnections
        configuration.options.minimumConnections = min(2, options.maximumConnections)
        configuration.options.connectTimeout = .milliseconds(Int64(options.acquireTimeout * 1000))
        let client = PostgresClient(configuration: configuration, backgroundLogger: logger)
        self.client = client
        self.logger = logger
        self.options = options
        runner = runsItself ? Task { await client.run() } : nil
    }

    /// Ends the pool's own task and waits for it: its connections are closed on return. A
    /// pool a service group runs ends with the group.
    ///
    /// The wait is bounded (`shutdownWait`): under a loaded test suite whose tests end
    /// PostgreSQL's sessions under the pool, a test process sat idle for ten minutes with a
    /// store's two pooled connections still open, the likeliest place being PostgresNIO's
    /// `run()` not ending after its cancellation. Past the bound it says so and goes on.
    func shutdown() async {
        guard let runner else { return }
        runner.cancel()
        let logger = self.logger
        let wait = Self.shutdownWait
        await withCheckedContinuation { (continuation: CheckedContinuation<Void, Never>) in
            let resumed = Flag()
            let resume: @Sendable (Bool) -> Void = { ended in
                guard resumed.set() else { return }
                if !ended { logger.warning("PostgreSQL's connection pool did not stop within \(wait); closing without waiting for it") }
                continuation.resume()
            }
            Task {
                await runner.value
                resume(true)
            }
            Task {
                try? await Task.sleep(for: wait)
                resume(false)
            }
        }
    }

    static let shutdownWait: Duration = .seconds(10)

    static func configuration(_ url: String) throws -> PostgresConnection.Configuration {
        do {
            return try SQLPostgresConfiguration(url: url).coreConfiguration
        } catch {
            throw StoreError.invalidInput(
                "UNILINK_DATABASE_URL is not a PostgreSQL URL like postgres://user:password@host:5432/database?sslmode=require")
        }
    }

    /// Connects once, and again with backoff while PostgreSQL cannot be reached, for up to
    /// `wait` seconds (one log line per attempt); a server that answers with a refusal
    /// (password, role, database, TLS) fails at once with its own reason. Cancellation (a
    /// stop during the wait) ends it at once.
    static func waitUntilReachable(url: String, wait: TimeInterval, logger: Logger) async throws {
        var configuration = try configuration(url)
        let shown = DatabaseProblem.redacted(url)
        let clock = ContinuousClock()
        let start = clock.now
        var delay: Duration = .milliseconds(250)
        var attempt = 0
        while true {
            attempt += 1
            let waited = (clock.now - start).seconds
            configuration.options.connectTimeout = .milliseconds(Int64(max(1, min(5, wait - waited)) * 1000))
            do {
                let connection = try await PostgresConnection.connect(
                    configuration: configuration, id: attempt, logger: Logger(label: "unilink.probe") { _ in SwiftLogNoOpLogHandler() })
                try? await connection.close()
                return
            } catch {
                try Task.checkCancellation()
                let (retry, reason) = Self.classify(error)
                guard retry else { throw DatabaseProblem.refused(url: shown, reason: reason) }
                let elapsed = (clock.now - start).seconds
                guard elapsed + delay.seconds < wait else { throw DatabaseProblem.unreachable(url: shown, reason: reason, waited: wait) }
                logger.warning(
                    "PostgreSQL is not reachable yet; trying again",
                    metadata: [
                        "database": "\(shown)", "reason": "\(reason)", "attempt": "\(attempt)",
                        "waited": "\(Int(elapsed)) of \(Int(wait)) s (UNILINK_DATABASE_WAIT)",
                    ])
                try await Task.sleep(for: delay)
                delay = min(delay * 2, .seconds(5))
            }
        }
    }

    /// Whether waiting may help, and the reason in words: PostgreSQL's own message when it
    /// answered, the network's otherwise.
    static func classify(_ error: any Error) -> (retry: Bool, reason: String) {
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                let message = info[.message] ?? "an error"
                let state = info[.sqlState] ?? ""
                // Starting up, shutting down, too many connections: the server will take us later.
                let transient = ["57P03", "57P01", "57P02", "53300", "08000", "08001", "08004", "08006"]
                return (transient.contains(state) || state.hasPrefix("08"), "\(message) (SQLSTATE \(state))")
            }
            if error.code == .sslUnsupported { return (false, "the server does not offer TLS, which the URL's sslmode requires") }
            if let underlying = error.underlying { return (true, describe(underlying)) }
            return (true, "\(error.code)")
        }
        return (true, describe(error))
    }

    private static func describe(_ error: any Error) -> String {
        if let error = error as? IOError { return String(cString: strerror(error.errnoCode)).lowercased() }
        if let error = error as? NIOConnectionError {
            if let first = error.connectionErrors.first {
                return "\(describe(first.error)) (\(first.target.ipAddress ?? error.host):\(first.target.port ?? error.port))"
            }
            if error.dnsAError != nil || error.dnsAAAAError != nil { return "the host name \(error.host) does not resolve" }
            return "cannot connect to \(error.host):\(error.port)"
        }
        if let error = error as? ChannelError, case .connectTimeout = error { return "no answer (connect timeout)" }
        return String(describing: error)
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) -> EventLoopFuture<Void> {
        eventLoop.makeFutureWithTask { try await self.execute(sql: query, onRow) }
    }

    func execute(sql query: any SQLExpression, _ onRow: @escaping @Sendable (any SQLRow) -> Void) async throws {
        try await withConnection { connection in try await connection.execute(sql: query, onRow) } as Void
    }

    func withSession<R>(_ closure: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R {
        try await client.withConnection { connection in try await closure(connection.sql(queryLogLevel: .trace)) }
    }

    /// One leased connection for `body`. Waiting for it is bounded; the work itself is not.
    func withConnection<R: Sendable>(timeout: TimeInterval? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    {
        try await withPostgresConnection(timeout: timeout) { connection in try await body(connection.sql(queryLogLevel: .trace)) }
    }

    /// `withConnection`'s connection as PostgresNIO's, for reads decoded by position.
    func withPostgresConnection<R: Sendable>(timeout: TimeInterval? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> R)
        async throws -> R
    {
        let leased = Flag()
        let timeout = timeout ?? options.acquireTimeout
        do {
            return try await withThrowingTaskGroup(of: Outcome<R>.self) { group in
                group.addTask {
                    let value = try await self.client.withConnection { connection in
                        leased.set()
                        return Outcome.value(try await body(connection))
                    }
                    return value
                }
                group.addTask {
                    try await Task.sleep(nanoseconds: UInt64(timeout * 1_000_000_000))
                    if leased.isSet { return .stillWorking }
                    throw StoreError.unavailable("PostgreSQL gave no connection within \(timeout) s")
                }
                while let outcome = try await group.next() {
                    if case .value(let value) = outcome {
                        group.cancelAll()
                        return value
                    }
                }
                throw CancellationError()
            }
        } catch {
            throw Self.translate(error)
        }
    }

    private enum Outcome<R: Sendable>: Sendable {
        case value(R)
        case stillWorking
    }

    /// Set once, from any task.
    private final class Flag: Sendable {
        private let value = Mutex(false)

        /// Whether this call set it (it was not set before).
        @discardableResult func set() -> Bool {
            value.withLock { value in
                defer { value = true }
                return !value
            }
        }

        var isSet: Bool { value.withLock { $0 } }
    }

    /// Unique violations become the store's own conflicts; a database that is not there
    /// becomes `unavailable`; everything else stays what it was.
    static func translate(_ error: any Error) -> any Error {
        if error is StoreError || error is CancellationError { return error }
        if let error = error as? PSQLError {
            if let info = error.serverInfo {
                let state = info[.sqlState] ?? ""
                // The server ended the connection (an administrator, a restart, a crash): the
                // next lease gets a new one, so this is "retry shortly", not a fault.
                if state.hasPrefix("57P") || state.hasPrefix("08") { return StoreError.unavailable("PostgreSQL ended the connection (\(state))") }
                guard state == "23505" else { return error }
                switch info[.constraintName] ?? "" {
                case "domains_pkey": return StoreError.hostTaken(Self.keyValue(info[.detail]))
                case "links_alias": return StoreError.aliasTaken(Self.keyValue(info[.detail]))
                case "links_code_key": return StoreError.codeTaken(Self.keyValue(info[.detail]))
                case "users_email_key": return StoreError.emailTaken(Self.keyValue(info[.detail]))
                default: return error
                }
            }
            // No server answer: the connection failed, closed, or the pool is closing.
            return StoreError.unavailable("PostgreSQL is not reachable (\(error.code))")
        }
        if error is ChannelError || error is IOError || error is NIOConnectionError {
            return StoreError.unavailable("PostgreSQL is not reachable")
        }
        return error
    }

    /// The last value of `Key (a, b)=(x, y) already exists.`
    private static func keyValue(_ detail: String?) -> String {
        guard let detail, let open = detail.range(of: ")=("), let close = detail.range(of: ")", range: open.upperBound..<detail.endIndex) else {
            return ""
        }
        let values = detail[open.upperBound..<close.lowerBound].split(separator: ",")
        return values.last.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
    }
}

extension Duration {
    fileprivate var seconds: Double { Double(components.seconds) + Double(components.attoseconds) / 1e18 }
}
