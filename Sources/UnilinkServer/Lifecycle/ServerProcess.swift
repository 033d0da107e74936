import Hummingbird
import Logging
public import Prometheus
import ServiceLifecycle
import Synchronization
import UnilinkStorage

/// `unilink serve` from start to exit. The address is checked before anything else runs;
/// then one service group: PostgreSQL's connection pool first (when the database is
/// PostgreSQL), then `ServerRun`, which opens the database (waiting for PostgreSQL) and runs
/// the server and its background work in a group of their own that stops in order (the
/// server stops taking requests and finishes those it has, the recorder stores what is
/// queued); then the store closes, whatever happened, and the pool last. A failure to
/// start throws `StartFailure` with everything opened before it closed again; a stop
/// requested during the start ends it without error.
public func serve(
    settings: ServerSettings,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    stop: StopRequest,
    gracefulStopLimit: Duration = .seconds(10),
    announce: @escaping @Sendable (String) -> Void
) async throws {
    let logger = serverLogger(settings)
    // Before anything runs: a taken address opens no database connection at all.
    try await ListenAddress.check(host: settings.host, port: settings.port)
    var connections: PostgresConnections?
    if case .postgres(let url) = settings.database {
        do {
            connections = try PostgresConnections(url: url, options: settings.databasePool, logger: logger)
        } catch {
            throw StartFailure.classify(error, host: settings.host, port: settings.port) ?? error
        }
    }
    let run = ServerRun(
        settings: settings, metrics: metrics, connections: connections, logger: logger, gracefulStopLimit: gracefulStopLimit,
        announce: announce)
    let services: [any Service] = (connections.map { [$0] } ?? []) + [run]
    let group = ServiceGroup(
        configuration: .init(
            services: services.map {
                .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup)
            },
            logger: logger
        ))
    stop.onRequest { Task { await group.triggerGracefulShutdown() } }
    // A failing service's own error (a `StartFailure`) is what the group throws.
    try await group.run()
}

/// The server's part of the process: start (cancelled by a stop), run, close.
struct ServerRun: Service {
    let settings: ServerSettings
    let metrics: PrometheusCollectorRegistry
    let connections: PostgresConnections?
    let logger: Logger
    let gracefulStopLimit: Duration
    let announce: @Sendable (String) -> Void

    func run() async throws {
        let prepared: PreparedServer
        do {
            prepared = try await cancelWhenGracefulShutdown {
                try await prepareServer(settings: settings, logger: logger, metrics: metrics, connections: connections)
            }
        } catch {
            if Task.isShuttingDownGracefully || error is CancellationError {
                logger.notice("stopped before the server started")
                return
            }
            throw StartFailure.classify(error, host: settings.host, port: settings.port) ?? error
        }
        try await serve(prepared)
    }

    /// Runs a prepared server until it stops, then closes its store, whatever happened (a
    /// listener that could not bind after all included: another process may take the
    /// address between the check and the bind).
    func serve(_ prepared: PreparedServer) async throws {
        let store = prepared.parts.store
        let listening = Mutex(false)
        do {
            let application = try makeApplication(prepared, logger: logger, services: []) { banner in
                listening.withLock { $0 = true }
                announce(banner)
            }
            var configuration = ServiceGroupConfiguration(
                services: (backgroundServices(prepared.parts) + [application]).map {
                    .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup)
                },
                logger: logger
            )
            // Connections that do not finish cannot hold the stop past this; the recorder's
            // last flush is not cut short by it (ClickRecorderService).
            configuration.maximumGracefulShutdownDuration = gracefulStopLimit
            configuration.maximumCancellationDuration = .seconds(5)
            try await withGracefulShutdownHandler {
                try await ServiceGroup(configuration: configuration).run()
            } onGracefulShutdown: { [logger] in
                logger.notice("stopping: finishing the requests under way and storing queued clicks")
            }
        } catch {
            try? await store.close()
            guard !listening.withLock({ $0 }) else { throw error }
            throw StartFailure.classify(error, host: settings.host, port: settings.port) ?? error
        }
        try await store.close()
        logger.notice("stopped", metadata: ["clicks_not_stored": "\(prepared.parts.clicks.count)"])
    }
}
