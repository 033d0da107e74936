public import Hummingbird
import HummingbirdCore
import Logging
import NIOCore
public import Prometheus
import ServiceLifecycle
import UnilinkAPI
import UnilinkStorage

/// Opens the store, runs migrations, prepares the demo on an empty database, and builds
/// the server with its background services (the store closes as the last of them), as
/// tests run it. `serve(settings:...)` runs the same parts as a process.
public func buildApplication(
    settings: ServerSettings,
    metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    announce: @escaping @Sendable (String) -> Void = { print($0) }
) async throws -> some ApplicationProtocol {
    try await buildApplicationAndParts(settings: settings, metrics: metrics, announce: announce).application
}

/// The application and the parts it runs on, for tests that wait on them (the click queue).
func buildApplicationAndParts(
    settings: ServerSettings, metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(), announce: @escaping @Sendable (String) -> Void
) async throws -> (application: some ApplicationProtocol, parts: ServerParts) {
    let logger = serverLogger(settings)
    let prepared = try await prepareServer(settings: settings, logger: logger, metrics: metrics)
    do {
        let application = try makeApplication(
            prepared, logger: logger,
            services: [StoreService(store: prepared.parts.store)] + backgroundServices(prepared.parts), announce: announce)
        return (application, prepared.parts)
    } catch {
        try? await prepared.parts.store.close()
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
func backgroundServices(_ parts: ServerParts) -> [any Service] {
    [
        parts.recorder,
        PendingClickPurgeService(store: parts.store, logger: parts.logger),
        RetentionService(store: parts.store, retention: parts.settings.retention, logger: parts.logger),
        ChangeListenerService(feed: parts.changes, logger: parts.logger, reloadInterval: .seconds(parts.settings.reloadSeconds)),
        TokenUsageService(people: parts.people, store: parts.store, logger: parts.logger),
        RelayRangesRefresh(keys: parts.networkKeys),
        GeoDatabaseRefresh(geo: parts.geo),
        WebhookDeliveryService(
            store: parts.store,
            sender: WebhookSender(destination: parts.settings.webhookDestination, timeout: .seconds(parts.settings.webhookTimeoutSeconds)),
            metrics: WebhookMetrics(registry: parts.metrics), logger: parts.logger),
    ]
}

/// The HTTP server over a prepared state, with `services` in its own service group.
func makeApplication(
    _ prepared: PreparedServer, logger: Logger, services: [any Service], announce: @escaping @Sendable (String) -> Void
) throws -> some ApplicationProtocol {
    let parts = prepared.parts, settings = parts.settings
    let responder = try buildResponder(parts)
    let requestTimeout = TimeAmount.milliseconds(Int64(settings.requestTimeoutSeconds * 1000))
    let serverName = "unilink"
    let answers: LinkHostFastPath.Answers = { [logger] head, peer in
        responder.answerFromMemory(Request(head: head, body: RequestBody(buffer: ByteBuffer())), peer: peer, logger: logger)
    }
    return Application(
        responder: responder,
        server: .http1(
            configuration: .init(additionalChannelHandlers: [
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
            parts.port.set(channel.localAddress?.port ?? settings.port)
            announce(
                StartupBanner(
                    settings: settings, port: parts.port.value, adminToken: prepared.newAdminToken, setupToken: prepared.setupToken,
                    demo: prepared.demo, directory: parts.directory
                ).text)
        },
        logger: logger
    )
}

/// A store opened and made ready to serve, and what the banner shows once.
struct PreparedServer: Sendable {
    let parts: ServerParts
    let newAdminToken: String?
    /// While no one has an account: the first owner's one-time link.
    let setupToken: String?
    let demo: DemoSetup.Demo?
}

/// Opens and migrates the store, makes sure an admin token exists, creates the demo on
/// an empty database, and loads the host directory. A failure closes the store again.
func prepareServer(
    settings: ServerSettings, logger: Logger, metrics: PrometheusCollectorRegistry = PrometheusCollectorRegistry(),
    connections: PostgresConnections? = nil
) async throws -> PreparedServer {
    let upgrade = UpgradeProgressLog()
    let store = try await SQLStore.open(
        settings.database, migrate: settings.migrates, pool: settings.databasePool, over: connections, logger: logger, progress: upgrade.report)
    do {
        let newAdminToken = try await AdminToken.ensure(configured: settings.adminToken, store: store)
        let demo = settings.createsDemo ? try await DemoSetup.createIfEmpty(store: store) : nil
        let directory = HostDirectory()
        try await directory.reload(from: store)
        let memory = MemoryMetrics(registry: metrics)
        let budget = settings.memory
        let links = LinkCache(store: store, byteBudget: budget.linkCacheBytes, onEviction: { memory.linkEvictions.increment() })
        let people = PeopleDirectory()
        try await people.reload(from: store)
        let changes = ChangeFeed(store: store, directory: directory, links: links, people: people, logger: logger)
        // The admin token may have changed, or the demo been created: other instances reload.
        if newAdminToken != nil || settings.adminToken != nil || demo != nil { try await changes.directoryChanged() }
        let parts = ServerParts(
            settings: settings, store: store, directory: directory, links: links,
            clicks: ClickQueue(byteBudget: budget.clickQueueBytes, onShed: { memory.shed(droppedSoFar: $0, logger: logger) }),
            previews: PreviewPageCache(
                renderer: try PreviewRenderer(), byteBudget: budget.previewCacheBytes, onEviction: { memory.previewEvictions.increment() }),
            port: BoundPort(settings.port), metrics: metrics,
            // Without a relay list, a phone's click asks no lock whether its address is a relay's.
            networkKeys: try await NetworkKeys.load(
                from: store, relay: settings.privateRelayRanges.map { PrivateRelayWatch(path: $0, logger: logger) }),
            installedMarker: try await InstalledMarker.load(from: store),
            clickMetrics: ClickMetrics(registry: metrics), rateLimiter: RateLimiter(), changes: changes, people: people,
            passwords: Passwords(cost: settings.bcryptCost),
            addresses: ClientAddressResolver(trustedProxies: settings.trustedProxies, header: settings.forwardedHeader),
            geo: GeoLocator(path: settings.geoipDatabase, logger: logger), logger: logger
        )
        return PreparedServer(parts: parts, newAdminToken: newAdminToken, setupToken: try await SetupLink.prepare(store: store), demo: demo)
    } catch {
        try? await store.close()
        throw error
    }
}

/// The server's responder: a link host's GETs and HEADs (association files, clicks)
/// answered in front of the router, everything else by the router.
func buildResponder(_ parts: ServerParts) throws -> LinkHostResponder {
    let pages = try DashboardPages()
    let association = AssociationController(directory: parts.directory)
    var click = ClickController(
        links: parts.links, clicks: parts.clicks, previews: parts.previews, port: parts.port, metrics: parts.clickMetrics,
        networkKeys: parts.networkKeys, installedMarker: parts.installedMarker, addresses: parts.addresses,
        limit: parts.rateLimit(.clicks), debugPage: debugPage(parts, pages), automated: parts.settings.automated,
        bursts: BurstWatch(window: parts.settings.burstWindow)
    )
    click.place = { [geo = parts.geo] in geo.place(of: $0) }
    // Without a database configured no click is ever located: not even the lock is taken.
    if parts.geo.path != nil { click.locates = { [geo = parts.geo] in geo.isAvailable } }
    return LinkHostResponder(
        directory: parts.directory, dashboardHost: parts.settings.dashboardHost, router: try buildRouter(parts, pages: pages).buildResponder(),
        association: association, click: click, errors: ErrorMiddleware(maxURLBytes: parts.settings.maxURLBytes, store: parts.store)
    )
}

func debugPage(_ parts: ServerParts, _ pages: DashboardPages) -> LinkDebugPage {
    LinkDebugPage(store: parts.store, directory: parts.directory, links: parts.links, port: parts.port, pages: pages)
}

/// The dashboard's pages, which `DashboardMiddleware` reaches on hosts no app claims. The
/// session of the visitor's cookie rides on the context (`DashboardSessionAuthenticator`);
/// a handler of the signed-in group cannot run without one.
func buildDashboardRouter(_ parts: ServerParts, pages: DashboardPages) -> Router<AppRequestContext> {
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let visitors = router.group(context: DashboardContext.self)
        .add(middleware: DashboardSessionAuthenticator(store: parts.store, directory: parts.directory, people: parts.people))
    let signedIn = visitors.group(context: SignedInContext.self)
    let signIn = SignInController(
        store: parts.store, directory: parts.directory, people: parts.people,
        passwords: PasswordSignIn(store: parts.store, passwords: parts.passwords), addresses: parts.addresses, rateLimiter: parts.rateLimiter,
        sessionHours: parts.settings.dashboardSessionHours, provider: parts.settings.singleSignOn?.name, pages: pages
    )
    if let sso = parts.settings.singleSignOn {
        SingleSignOnController(
            client: OpenIDClient(settings: sso), settings: sso, store: parts.store, people: parts.peopleService, signIn: signIn,
            address: DashboardAddress(dashboardHost: parts.settings.dashboardHost), addresses: parts.addresses, rateLimiter: parts.rateLimiter,
            pages: pages
        ).register(on: router)
    }
    InvitationPagesController(store: parts.store, people: parts.peopleService, signIn: signIn, addresses: parts.addresses, pages: pages)
        .register(on: router)
    AccountController(store: parts.store, people: parts.peopleService, directory: parts.directory, pages: pages).register(on: signedIn)
    PeoplePagesController(
        store: parts.store, people: parts.peopleService, directory: parts.directory,
        address: DashboardAddress(dashboardHost: parts.settings.dashboardHost), pages: pages
    ).register(on: signedIn)
    signIn.register(on: router, visitors: visitors, signedIn: signedIn)
    AppPagesController(
        store: parts.store, directory: parts.directory, apps: parts.appService, links: parts.linkService, people: parts.people, pages: pages
    ).register(on: signedIn)
    var linkPages = LinkPagesController(store: parts.store, directory: parts.directory, links: parts.linkService, pages: pages)
    linkPages.geography = { [geo = parts.geo] in
        GeoAvailability(
            available: geo.isAvailable,
            status: geo.isAvailable ? geo.status : "\(geo.status), so country and region conditions never hold (UNILINK_GEOIP_DATABASE)")
    }
    linkPages.register(on: signedIn)
    NumbersController(store: parts.store, directory: parts.directory, pages: pages).register(on: signedIn)
    WebhookPagesController(store: parts.store, directory: parts.directory, destination: parts.settings.webhookDestination, pages: pages)
        .register(on: signedIn)
    QRDesignPagesController(directory: parts.directory, apps: parts.appService, pages: pages).register(on: signedIn)
    DebuggerController(debugPage: debugPage(parts, pages)).register(on: signedIn)
    return router
}

/// Every route but a link host's own, in groups that carry their own rate limit, body
/// limit and authenticator: a handler of the admin, app or SDK group cannot run without
/// its credential.
func buildRouter(_ parts: ServerParts, pages: DashboardPages) throws -> Router<AppRequestContext> {
    let settings = parts.settings
    let router = Router(context: AppRequestContext.self, options: .autoGenerateHeadEndpoints)
    let dashboardRouter = buildDashboardRouter(parts, pages: pages)
    let routes = RouteTable()
    router.addMiddleware {
        APIMetricsMiddleware()
        ErrorMiddleware(maxURLBytes: settings.maxURLBytes, store: parts.store)
        AllowedMethods(table: routes)
        BodyLimitMiddleware(bytes: settings.maxBodyBytes)
    }
    router.add(
        middleware: DashboardMiddleware(
            responder: dashboardRouter.buildResponder(), directory: parts.directory, dashboardHost: settings.dashboardHost, pages: pages
        ))
    func group(
        _ path: RouterPath, _ family: RateLimits.Family, _ credential: CallerAuthenticator.Credential? = nil,
        bodyLimit: Int? = nil
    ) -> RouterGroup<AppRequestContext> {
        let group = router.group(path)
        if let limit = parts.rateLimit(family) { group.add(middleware: limit) }
        if let bodyLimit { group.add(middleware: BodyLimitMiddleware(bytes: bodyLimit)) }
        if let credential { group.add(middleware: CallerAuthenticator(credential: credential, directory: parts.directory, people: parts.people)) }
        return group
    }
    SystemController(
        store: parts.store, clicks: parts.clicks, links: parts.links, geo: parts.geo, metrics: parts.metrics, metricsToken: settings.metricsToken
    ).register(on: router)
    AssociationController(directory: parts.directory).register(on: router)
    TLSController(directory: parts.directory, dashboardHost: settings.dashboardHost).register(on: router)
    FirebaseShortLinksController(
        store: parts.store, directory: parts.directory, links: parts.linkService, port: parts.port,
        installedMarker: parts.installedMarker
    ).register(on: group(RouterPath(APIPath.firebaseShortLinks), .api))
    BranchController(store: parts.store, directory: parts.directory, links: parts.linkService).register(
        on: group(RouterPath(APIPath.branchURL), .api))
    // The management API: any of its credentials gets in, `Authorizer` decides route by route.
    func management(_ path: String) -> RouterGroup<APIContext> {
        group(RouterPath(path), .api, .management).group(context: APIContext.self)
    }
    let authorizer = parts.authorizer
    AppsController(apps: parts.appService).register(on: management(APIPath.apps), authorizer: authorizer)
    LinksController(links: parts.linkService).register(on: management(APIPath.links), authorizer: authorizer)
    AppStatsController(store: parts.store).register(on: management(APIPath.appStats), authorizer: authorizer)
    AuditController(store: parts.store).register(on: management(APIPath.audit), authorizer: authorizer)
    ClickExportController(store: parts.store).register(on: management(APIPath.appClicksCSV), authorizer: authorizer)
    let people = parts.peopleService
    UsersController(people: people, address: DashboardAddress(dashboardHost: settings.dashboardHost)).register(
        on: management(APIPath.users), authorizer: authorizer)
    MembersController(people: people).register(on: management(APIPath.appMembers), authorizer: authorizer)
    WebhooksController(store: parts.store, destination: settings.webhookDestination).register(
        on: management(APIPath.appWebhooks), authorizer: authorizer)
    TokensController(people: people).register(on: management(APIPath.tokens), authorizer: authorizer)
    MeController(people: parts.people).register(on: management(APIPath.me), authorizer: authorizer)
    let sdkBodyBytes = 8192
    SDKController(directory: parts.directory, links: parts.links, port: parts.port, maxURLBytes: settings.maxURLBytes)
        .register(on: group(RouterPath(APIPath.sdk), .sdk, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self))
    DeferredController(
        store: parts.store, clicks: parts.clicks, directory: parts.directory, port: parts.port, networkKeys: parts.networkKeys,
        addresses: parts.addresses, signalMetrics: DeviceSignalMetrics(registry: parts.metrics),
        evidenceLog: settings.deferredEvidenceLog.flatMap { DeferredEvidenceLog(path: $0, logger: parts.logger) }
    ).register(
        deferred: group(RouterPath(APIPath.sdkDeferred), .deferred, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self),
        events: group(RouterPath(APIPath.sdkEvents), .sdk, .publishableKey, bodyLimit: sdkBodyBytes).group(context: SDKContext.self)
    )
    let webSDK = WebSDKController(links: parts.linkService)
    webSDK.register(on: router)
    let sdkLinks = router.group(RouterPath(APIPath.sdkLinks))
    sdkLinks.add(
        middleware: CORSMiddleware(
            allowOrigin: .originBased, allowHeaders: [.contentType, CallerAuthenticator.keyHeader],
            allowMethods: [.post, .options], maxAge: .seconds(3600)))
    // Errors become responses inside CORS, so the page can read them.
    sdkLinks.add(middleware: ErrorMiddleware(maxURLBytes: settings.maxURLBytes, store: parts.store))
    if let limit = parts.rateLimit(.sdk) { sdkLinks.add(middleware: limit) }
    sdkLinks.add(middleware: BodyLimitMiddleware(bytes: sdkBodyBytes))
    // OPTIONS needs no key (a preflight carries none): registered before the authenticator.
    webSDK.register(options: sdkLinks)
    sdkLinks.add(middleware: CallerAuthenticator(credential: .publishableKey, directory: parts.directory, people: parts.people))
    webSDK.register(links: sdkLinks.group(context: SDKContext.self))
    SignalsController(store: parts.store, clicks: parts.clicks, recorder: parts.recorder)
        .register(on: group(RouterPath(APIPath.clicks), .signals, bodyLimit: SignalsController.maxBodyBytes))
    routes.load(router.routes.map { ($0.path.description, $0.method) })
    return router
}
