public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
public import Prometheus
import UnilinkStorage

/// Opens the store, runs migrations, prepares the demo on an empty database, and builds
/// the server with its background services. `announce` receives the start-up banner
/// once the server listens.
public func buildApplication(
    settings: ServerSettings,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    announce: @escaping @Sendable (String) -> Void = { print($0) }
) async throws -> some ApplicationProtocol {
    var logger = Logger(label: "unilink")
    logger.logLevel = settings.logLevel
    let (state, newAdminToken, demo) = try await prepareServer(settings: settings, logger: logger, metrics: metrics)
    let store = state.store, directory = state.directory
    let table = buildRoutes(state: state)
    let requestTimeout = TimeAmount.milliseconds(Int64(settings.requestTimeoutSeconds * 1000))
    return Application(
        router: table.router,
        server: .http1(configuration: .init(additionalChannelHandlers: [RequestDeadlineHandler(timeout: requestTimeout)])),
        configuration: .init(
            address: .hostname(settings.host, port: settings.port), serverName: "unilink",
            availableConnectionsDelegate: MaximumAvailableConnections(settings.effectiveMaxConnections, logger: logger)
        ),
        services: [
            StoreService(store: store),
            ClickRecorderService(queue: state.clicks, store: store, logger: logger),
            PendingClickPurgeService(store: store, logger: logger),
            RetentionService(store: store, retention: settings.retention, logger: logger),
        ],
        onServerRunning: { channel in
            state.boundPort.set(channel.localAddress?.port ?? settings.port)
            announce(StartupBanner(settings: settings, port: state.boundPort.value, adminToken: newAdminToken, demo: demo, directory: directory).text)
        },
        logger: logger
    )
}

/// Opens and migrates the store, makes sure an admin token exists, creates the demo on
/// an empty database, and loads the host directory.
func prepareServer(
    settings: ServerSettings, logger: Logger, metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
) async throws -> (ServerState, adminToken: String?, demo: DemoSetup.Demo?) {
    let store = try await SQLStore.open(settings.database, logger: logger)
    let newAdminToken = try await AdminToken.ensure(configured: settings.adminToken, store: store)
    let demo = settings.createsDemo ? try await DemoSetup.createIfEmpty(store: store) : nil
    let directory = HostDirectory()
    try await directory.reload(from: store)
    let memory = MemoryMetrics(registry: metrics)
    let budget = settings.memory
    let state = ServerState(
        settings: settings, store: store, directory: directory,
        links: LinkCache(store: store, byteBudget: budget.linkCacheBytes, onEviction: { memory.linkEvictions.increment() }),
        clicks: ClickQueue(byteBudget: budget.clickQueueBytes, onShed: { memory.shed(droppedSoFar: $0, logger: logger) }),
        previews: PreviewPageCache(renderer: try PreviewRenderer(), byteBudget: budget.previewCacheBytes, onEviction: { memory.previewEvictions.increment() }),
        boundPort: BoundPort(settings.port), metrics: metrics,
        networkKeys: try await NetworkKeys.load(from: store), installedMarker: try await InstalledMarker.load(from: store), clickMetrics: ClickMetrics(registry: metrics),
        rateLimits: settings.rateLimits, rateLimiter: RateLimiter()
    )
    return (state, newAdminToken, demo)
}

/// Every route, recorded in a `RouteTable` (the OpenAPI test reads it).
func buildRoutes(state: ServerState) -> RouteTable {
    let router = Router(context: AppRequestContext.self)
    router.add(middleware: APIMetricsMiddleware())
    router.add(middleware: ErrorMiddleware(maxURLBytes: state.settings.maxURLBytes))
    if state.rateLimits.isEnabled { router.add(middleware: RateLimitMiddleware(state: state)) }
    let table = RouteTable(router: router)
    SystemController(state: state).register(in: table)
    AssociationController(state: state).register(in: table)
    AppsController(state: state).register(in: table)
    LinksController(state: state).register(in: table)
    SDKController(state: state).register(in: table)
    DeferredController(state: state).register(in: table)
    SignalsController(state: state).register(in: table)
    ClickController(state: state).register(in: table)
    return table
}
