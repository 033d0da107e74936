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
    /// The wait is bounded (`shutdownWait`), so that a stop never hangs on the pool; past
    /// the bound it says so and goes on.
    func shutdown() async {
        guard let runner else { return }
        runner.cancel()
        let ended = await Self.first(
            of: {
                await runner.value
                return true
            },
            or: {
                try? await Task.sleep(for: Self.shutdownWait)
                return false
            })
        if !ended { logger.warning("PostgreSQL's connection pool did not stop within \(Self.shutdownWait); closing without waiting for it") }
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

    /// One leased connection for `body`. Waiting for it is bounded; the work itself is not,
    /// unless its connection closes under it.
    func withConnection<R: Sendable>(timeout: TimeInterval? = nil, _ body: @escaping @Sendable (any SQLDatabase) async throws -> R) async throws -> R
    {
        try await withPostgresConnection(timeout: timeout) { connection in try await body(connection.sql(queryLogLevel: .trace)) }
    }

    /// `withConnection`'s connection as PostgresNIO's, for reads decoded by position.
    ///
    /// A statement sent on a connection whose channel has just closed never answers in
    /// PostgresNIO 1.33 (the write goes out with no promise, after the handler that would
    /// fail it is gone): a test that ended the pool's sessions waited forever on a `BEGIN`
    /// written to a connection the pool had leased a moment after PostgreSQL closed it. So
    /// the work runs in a task of its own, and when its connection closes and the work does
    /// not end within `closedGrace`, the caller gets `unavailable` and the work is left
    /// behind (nothing more can commit on a closed connection).
    func withPostgresConnection<R: Sendable>(timeout: TimeInterval? = nil, _ body: @escaping @Sendable (PostgresConnection) async throws -> R)
        async throws -> R
    {
        let timeout = Duration.milliseconds(Int64((timeout ?? options.acquireTimeout) * 1000))
        let lease = Lease()
        let client = self.client
        let work = Task {
            try await client.withConnection { connection in
                // Given up on before the connection came: the caller has this answer already.
                guard lease.took(connection) else { throw StoreError.unavailable("PostgreSQL gave no connection within \(timeout)") }
                // The pool can lease a connection a moment after PostgreSQL ended it: nothing
                // written to it would be answered.
                guard !connection.isClosed else { throw StoreError.unavailable("PostgreSQL ended the connection") }
                return try await body(connection)
            }
        }
        let logger = self.logger
        let grace = Self.closedGrace
        let watch: @Sendable () async -> Result<R, any Error> = {
            let clock = ContinuousClock()
            let start = clock.now
            var closedAt: ContinuousClock.Instant?
            while !Task.isCancelled {
                try? await Task.sleep(for: .milliseconds(100))
                switch lease.state(givingUpAfter: timeout, since: start, now: clock.now) {
                case .gaveUp: return .failure(StoreError.unavailable("PostgreSQL gave no connection within \(timeout)"))
                case .waiting: continue
                case .working(let connection):
                    guard connection.isClosed else { continue }
                    let since = closedAt ?? clock.now
                    closedAt = since
                    guard clock.now - since >= grace else { continue }
                    logger.warning("A PostgreSQL statement on a connection that closed did not end; the request fails as unavailable")
                    return .failure(StoreError.unavailable("PostgreSQL ended the connection"))
                }
            }
            return .failure(CancellationError())
        }
        let result = await withTaskCancellationHandler {
            await Self.first(of: { await work.result }, or: watch)
        } onCancel: {
            work.cancel()
        }
        // After the answer, so that a given-up work's CancellationError never comes first.
        work.cancel()
        do {
            return try result.get()
        } catch {
            throw Self.translate(error)
        }
    }

    /// The answer of whichever of two tasks ends first; the other is cancelled and not
    /// waited for (it may never end: that is why this is not a task group).
    private static func first<T: Sendable>(of one: @escaping @Sendable () async -> T, or other: @escaping @Sendable () async -> T) async -> T {
        let race = Race()
        return await withCheckedContinuation { (continuation: CheckedContinuation<T, Never>) in
            for body in [one, other] {
                race.add(
                    Task {
                        let value = await body()
                        guard let losers = race.win() else { return }
                        continuation.resume(returning: value)
                        for loser in losers { loser.cancel() }
                    })
            }
        }
    }

    /// The tasks of `first(of:or:)`, and whether one has answered.
    private final class Race: Sendable {
        private let state = Mutex<(tasks: [Task<Void, Never>], won: Bool)>(([], false))

        /// A task that starts after the answer is cancelled at once.
        func add(_ task: Task<Void, Never>) {
            if state.withLock({ state in
                state.tasks.append(task)
                return state.won
            }) {
                task.cancel()
            }
        }

        /// The tasks to cancel, for the first caller only.
        func win() -> [Task<Void, Never>]? {
            state.withLock { state in
                guard !state.won else { return nil }
                state.won = true
                return state.tasks
            }
        }
    }

    static let closedGrace: Duration = .seconds(1)

    /// Where a lease is: waiting for a connection, working on one, or given up on (the
    /// connection, if it comes later, is not used).
    private final class Lease: Sendable {
        enum State {
            case waiting, gaveUp
            case working(PostgresConnection)
        }

        private let current = Mutex(State.waiting)

        /// Whether the work may use `connection` (the wait was not given up on).
        func took(_ connection: PostgresConnection) -> Bool {
            current.withLock { state in
                guard case .waiting = state else { return false }
                state = .working(connection)
                return true
            }
        }

        /// The state, giving up when no connection came within `limit`.
        func state(givingUpAfter limit: Duration, since start: ContinuousClock.Instant, now: ContinuousClock.Instant) -> State {
            current.withLock { state in
                if case .waiting = state, now - start >= limit { state = .gaveUp }
                return state
            }
        }
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
