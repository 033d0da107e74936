public import Logging
import PostgresNIO
public import ServiceLifecycle

/// PostgreSQL's connection pool (postgres-nio's `PostgresClient`) as the `Service` it is:
/// the process runs it in its service group, before the server, and opens its store over
/// it (`SQLStore.open(_:over:)`); graceful shutdown ends it after the server is done.
public final class PostgresConnections: Service, Sendable {
    let pool: PostgresPool

    public init(url: String, options: PoolOptions, logger: Logger) throws {
        pool = try PostgresPool(url: url, options: options, logger: logger, runsItself: false)
    }

    public func run() async {
        await pool.client.run()
    }
}
