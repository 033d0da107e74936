public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
public import Prometheus
import ServiceLifecycle
import UnilinkStorage

/// Opens the store, runs migrations, prepares the demo on an empty database, and builds
/// the server with its background services (the store closes as the last of them), as
/// tests run it. `serve(settings:...)` runs the same parts as a process.
public func buildApplication(
    settings: ServerSettings,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    announce: @escaping @Sendable (String) -> Void = { print($0) }
) async throws -> some ApplicationProtocol {
    let logger = serverLogger(settings)
    let prepared = try await prepareServer(settings: settings, logger: logger, metrics: metrics)
    do {
        return try makeApplication(prepared, logger: logger,
                                   services: [StoreService(store: prepared.state.store)] + backgroundServices(prepared.state, logger: logger), announce: announce)
    } catch {
        try? await prepared.state.store.close()
        throw error
    }
}

func serverLogger(_ settings: ServerSettings) -> Logger {
    var logger = Logger(label: "unilink") { LogLineHandler(label: $0) }
    logger.logLevel = settings.logLevel
    return logger
}

/// The work besides answering requests, in start order (a graceful stop ends them in
/// reverse: the recorder's final flush comes last).
func backgroundServices(_ state: ServerState, logger: Logger) -> [any Service] {
    [
        ClickRecorderService(queue: state.clicks, store: state.store, logger: logger),
        PendingClickPurgeService(store: state.store, logger: logger),
        RetentionService(store: state.store, retention: state.settings.retention, logger: logger),
        ChangeListenerService(feed: state.changes, logger: logger, reloadInterval: .seconds(state.settings.reloadSeconds)),
    ]
}

/// The HTTP server over a prepared state, with `services` in its own service group.
func makeApplication(
    _ prepared: PreparedServer, logger: Logger, services: [any Service], announce: @escaping @Sendable (String) -> Void
) throws -> some ApplicationProtocol {
    let state = prepared.state, settings = state.settings
    let responder = try buildResponder(state: state)
    let requestTimeout = TimeAmount.milliseconds(Int64(settings.requestTimeoutSeconds * 1000))
    let serverName = "unilink"
    let answers: LinkHostFastPath.Answers = { [logger] head, peer in
        responder.answerFromMemory(Request(head: head, body: RequestBody(buffer: ByteBuffer())), peer: peer, logger: logger)
    }
    return Application(
        responder: responder,
        server: .http1(configuration: .init(additionalChannelHandlers: [
            RequestDeadlineHandler(timeout: requestTimeout), LinkHostFastPath(serverName: serverName, answers: answers),
        ])),
        configuration: .init(
            address: .hostname(settings.host, port: settings.port), serverName: serverName,
            // A burst of clicks (a push campaign) opens connections faster than a busy server
            // accepts them. Past Hummingbird's 256 the kernel drops handshakes, which clients
            // retry only a second later. The kernel caps this at net.core.somaxconn.
            backlog: 4096,
            availableConnectionsDelegate: MaximumAvailableConnections(settings.effectiveMaxConnections, logger: logger)
        ),
        services: services,
        onServerRunning: { channel in
            state.boundPort.set(channel.localAddress?.port ?? settings.port)
            announce(StartupBanner(settings: settings, port: state.boundPort.value, adminToken: prepared.newAdminToken, demo: prepared.demo,
                                   directory: state.directory).text)
        },
        logger: logger
    )
}

/// A store opened and made ready to serve, and what the banner shows once.
struct PreparedServer: Sendable {
    let state: ServerState
    let newAdminToken: String?
    let demo: DemoSetup.Demo?
}

/// Opens and migrates the store, makes sure an admin token exists, creates the demo on
/// an empty database, and loads the host directory. A failure closes the store again.
func prepareServer(
    settings: ServerSettings, logger: Logger, metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry()
) async throws -> PreparedServer {
    let store = try await SQLStore.open(settings.database, migrate: settings.migrates, pool: settings.databasePool, logger: logger)
    do {
        let newAdminToken = try await AdminToken.ensure(configured: settings.adminToken, store: store)
        let demo = settings.createsDemo ? try await DemoSetup.createIfEmpty(store: store) : nil
        let directory = HostDirectory()
        try await directory.reload(from: store)
        let memory = MemoryMetrics(registry: metrics)
        let budget = settings.memory
        let links = LinkCache(store: store, byteBudget: budget.linkCacheBytes, onEviction: { memory.linkEvictions.increment() })
        let changes = ChangeFeed(store: store, directory: directory, links: links, logger: logger)
        // The admin token may have changed, or the demo been created: other instances reload.
        if newAdminToken != nil || settings.adminToken != nil || demo != nil { try await changes.directoryChanged() }
        let state = ServerState(
            settings: settings, store: store, directory: directory,
            links: links,
            clicks: ClickQueue(byteBudget: budget.clickQueueBytes, onShed: { memory.shed(droppedSoFar: $0, logger: logger) }),
            previews: PreviewPageCache(renderer: try PreviewRenderer(), byteBudget: budget.previewCacheBytes, onEviction: { memory.previewEvictions.increment() }),
            boundPort: BoundPort(settings.port), metrics: metrics,
            networkKeys: try await NetworkKeys.load(from: store), installedMarker: try await InstalledMarker.load(from: store),
            clickMetrics: ClickMetrics(registry: metrics),
            rateLimits: settings.rateLimits, rateLimiter: RateLimiter(), changes: changes
        )
        return PreparedServer(state: state, newAdminToken: newAdminToken, demo: demo)
    } catch {
        try? await store.close()
        throw error
    }
}

/// The server's responder: a link host's two common GETs answered in front of the router,
/// everything else by the router.
func buildResponder(state: ServerState) throws -> LinkHostShortcut {
    let dashboard = try DashboardController(state: state)
    let association = AssociationController(state: state)
    let click = ClickController(state: state, pages: dashboard.pages)
    let router = try buildRouter(state: state, dashboard: dashboard, association: association, click: click)
    return LinkHostShortcut(
        state: state, router: router.buildResponder(), association: association, click: click,
        clickLimit: state.rateLimits.isEnabled ? RateLimitMiddleware(family: .clicks, state: state) : nil
    )
}

/// The router alone, with its own controllers (tests list its routes).
func buildRouter(state: ServerState) throws -> Router<AppRequestContext> {
    let dashboard = try DashboardController(state: state)
    return try buildRouter(state: state, dashboard: dashboard, association: AssociationController(state: state),
                           click: ClickController(state: state, pages: dashboard.pages))
}

/// Every route, in groups that carry their own rate limit, body limit and authenticator:
/// a handler of the admin, app or SDK group cannot run without its credential.
func buildRouter(
    state: ServerState, dashboard: DashboardController, association: AssociationController, click: ClickController
) throws -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let dashboardRouter = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    dashboard.register(on: dashboardRouter)
    router.addMiddleware {
        APIMetricsMiddleware()
        ErrorMiddleware(maxURLBytes: state.settings.maxURLBytes, store: state.store)
        BodyLimitMiddleware(bytes: state.settings.maxBodyBytes)
    }
    router.add(middleware: DashboardMiddleware(
        responder: dashboardRouter.buildResponder(), directory: state.directory, dashboardHost: state.settings.dashboardHost, pages: dashboard.pages
    ))
    func group(_ path: RouterPath, _ family: RateLimits.Family, _ credential: CallerAuthenticator.Credential? = nil,
               bodyLimit: Int? = nil) -> RouterGroup<AppRequestContext> {
        let group = router.group(path)
        if state.rateLimits.isEnabled { group.add(middleware: RateLimitMiddleware(family: family, state: state)) }
        if let bodyLimit { group.add(middleware: BodyLimitMiddleware(bytes: bodyLimit)) }
        if let credential { group.add(middleware: CallerAuthenticator(credential: credential, directory: state.directory)) }
        return group
    }
    SystemController(state: state).register(on: router)
    association.register(on: router)
    FirebaseShortLinksController(state: state).register(on: group("/v1/shortLinks", .api))
    BranchController(state: state).register(on: group("/v1/url", .api))
    AppsController(state: state).register(on: group("/v1/apps", .api, .adminToken).group(context: AdminContext.self))
    LinksController(state: state).register(on: group("/v1/links", .api, .secretKey).group(context: AppContext.self))
    let sdkBodyBytes = 8192
    SDKController(state: state).register(on: group("/v1/sdk", .sdk, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self))
    DeferredController(state: state).register(
        deferred: group("/v1/sdk/deferred", .deferred, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self),
        events: group("/v1/sdk/events", .sdk, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self)
    )
    let webSDK = WebSDKController(state: state)
    webSDK.register(on: router)
    let sdkLinks = router.group("/v1/sdk/links")
    sdkLinks.add(middleware: CORSMiddleware(allowOrigin: .originBased, allowHeaders: [.contentType, CallerAuthenticator.keyHeader],
                                            allowMethods: [.post, .options], maxAge: .seconds(3600)))
    // Errors become responses inside CORS, so the page can read them.
    sdkLinks.add(middleware: ErrorMiddleware(maxURLBytes: state.settings.maxURLBytes, store: state.store))
    if state.rateLimits.isEnabled { sdkLinks.add(middleware: RateLimitMiddleware(family: .sdk, state: state)) }
    sdkLinks.add(middleware: BodyLimitMiddleware(bytes: sdkBodyBytes))
    sdkLinks.add(middleware: CallerAuthenticator(credential: .publishableKey, directory: state.directory))
    webSDK.register(links: sdkLinks.group(context: SDKContext.self))
    SignalsController(state: state).register(on: group("/v1/clicks", .signals, bodyLimit: SignalsController.maxBodyBytes))
    click.register(on: group("", .clicks))
    return router
}
