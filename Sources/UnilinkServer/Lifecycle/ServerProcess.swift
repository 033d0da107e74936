public import Prometheus
import Hummingbird
import Logging
import ServiceLifecycle
import Synchronization
import UnilinkStorage

/// `unilink serve` from start to exit: the address is checked before the database is
/// touched; the database is opened (waited for, on PostgreSQL); the server and its
/// background work run in one service group that stops in order (the server stops
/// taking requests and finishes those it has, the recorder stores what is queued);
/// then the store closes, whatever happened. A failure to start throws `StartFailure`
/// with everything opened before it closed again; a stop requested during the start
/// ends it without error.
public func serve(
    settings: ServerSettings,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    stop: StopRequest,
    gracefulStopLimit: Duration = .seconds(10),
    announce: @escaping @Sendable (String) -> Void
) async throws {
    let logger = serverLogger(settings)
    let start = Task {
        try await ListenAddress.check(host: settings.host, port: settings.port)
        return try await prepareServer(settings: settings, logger: logger, metrics: metrics)
    }
    stop.onRequest { start.cancel() }
    let prepared: PreparedServer
    do {
        prepared = try await start.value
    } catch {
        if stop.isRequested {
            logger.notice("stopped before the server started")
            return
        }
        throw StartFailure.classify(error, host: settings.host, port: settings.port) ?? error
    }
    try await run(prepared, logger: logger, stop: stop, gracefulStopLimit: gracefulStopLimit, announce: announce)
}

/// Runs a prepared server until it stops, then closes its store, whatever happened (a
/// listener that could not bind after all included: another process may take the
/// address between the check and the bind).
func run(
    _ prepared: PreparedServer, logger: Logger, stop: StopRequest, gracefulStopLimit: Duration,
    announce: @escaping @Sendable (String) -> Void
) async throws {
    let settings = prepared.parts.settings, store = prepared.parts.store
    let listening = Mutex(false)
    do {
        let application = try makeApplication(prepared, logger: logger, services: []) { banner in
            listening.withLock { $0 = true }
            announce(banner)
        }
        let services: [any Service] = backgroundServices(prepared.parts) + [application]
        var configuration = ServiceGroupConfiguration(
            services: services.map {
                .init(service: $0, successTerminationBehavior: .gracefullyShutdownGroup, failureTerminationBehavior: .gracefullyShutdownGroup)
            },
            logger: logger
        )
        // Connections that do not finish cannot hold the stop past this; the recorder's
        // last flush is not cut short by it (ClickRecorderService).
        configuration.maximumGracefulShutdownDuration = gracefulStopLimit
        configuration.maximumCancellationDuration = .seconds(5)
        let group = ServiceGroup(configuration: configuration)
        stop.onRequest {
            logger.notice("stopping: finishing the requests under way and storing queued clicks")
            Task { await group.triggerGracefulShutdown() }
        }
        try await group.run()
    } catch {
        try? await store.close()
        guard !listening.withLock({ $0 }) else { throw error }
        throw StartFailure.classify(error, host: settings.host, port: settings.port) ?? error
    }
    try await store.close()
    logger.notice("stopped", metadata: ["clicks_not_stored": "\(prepared.parts.clicks.count)"])
}
