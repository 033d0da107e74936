import Hummingbird
import Logging
import NIOCore
import Prometheus
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// Health and the API description.
struct SystemController {
    let store: SQLStore
    let clicks: ClickQueue
    let links: LinkCache
    let geo: GeoLocator
    let metrics: PrometheusCollectorRegistry
    let metricsToken: String?

    func register(on router: Router<AppRequestContext>) {
        router.get(RouterPath(APIPath.health), use: health)
        router.get(RouterPath(APIPath.readiness), use: ready)
        router.get(RouterPath(APIPath.openAPI), use: openAPI)
        router.get(RouterPath(APIPath.metrics), use: metrics)
    }

    /// Alive, with the click queue's depth; does not depend on the database.
    @Sendable func health(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Health: Encodable {
            let status = "ok"
            let queued_clicks: Int
            let dropped_clicks: Int
        }
        return try HTTPBody.json(Health(queued_clicks: clicks.count, dropped_clicks: clicks.droppedCount))
    }

    /// Ready to serve everything: the database answers. Load balancers take an instance out
    /// on 503 (it still answers association files and cached links from memory meanwhile).
    /// Storage that takes no writes (full, read-only) is `degraded`, still 200: clicks are
    /// answered and queued, and taking the instance out would stop that too. `details` says
    /// what works without deciding readiness: the country database is optional.
    @Sendable func ready(_ request: Request, context: AppRequestContext) async throws -> Response {
        struct Readiness: Encodable {
            let status: String
            let database: String
            var storage = "ok"
            var storage_problem: String?
            var storage_problem_since: String?
            var queued_clicks: Int
            var details: Details
        }
        struct Details: Encodable {
            /// `GeoLocator.status`: which database tells countries, or why none does.
            let geoip: String
            let geoip_available: Bool
        }
        let details = Details(geoip: geo.status, geoip_available: geo.isAvailable)
        do {
            try await store.ping()
            var readiness = Readiness(status: "ready", database: "ok", queued_clicks: clicks.count, details: details)
            if let problem = store.writeProblem {
                readiness = Readiness(
                    status: "degraded", database: "ok", storage: "refusing_writes", storage_problem: problem.reason,
                    storage_problem_since: Timestamp.format(problem.since), queued_clicks: clicks.count, details: details)
            }
            return try HTTPBody.json(readiness)
        } catch {
            context.logger.warning("not ready: the database does not answer", metadata: ["error": "\(error)"])
            var response = try HTTPBody.json(
                Readiness(status: "not_ready", database: "unavailable", storage: "unknown", queued_clicks: clicks.count, details: details),
                status: .serviceUnavailable)
            response.headers[.retryAfter] = "5"
            return response
        }
    }

    /// Prometheus text format: clicks by outcome and platform, the click queue, and (when
    /// the executable bootstrapped swift-metrics with the same registry) HTTP requests.
    @Sendable func metrics(_ request: Request, context: AppRequestContext) async throws -> Response {
        guard Self.mayReadMetrics(request, peer: context.peerAddress, token: metricsToken) else {
            throw APIError.notFound("no route for GET /metrics")
        }
        metrics.makeGauge(
            descriptor: .init(namespace: "unilink", metricName: "click_queue", unitName: "depth", helpText: "Clicks waiting to be stored")
        )
        .set(Int64(clicks.count))
        metrics.makeGauge(
            descriptor: .init(
                namespace: "unilink", metricName: "clicks_dropped", unitName: "total", helpText: "Clicks dropped because the queue was full")
        )
        .set(Int64(clicks.droppedCount))
        metrics.makeGauge(
            descriptor: .init(
                namespace: "unilink", metricName: "click_queue", unitName: "bytes",
                helpText: "Estimated bytes of the clicks waiting to be stored (UNILINK_CLICK_QUEUE_MB bounds it)")
        )
        .set(Int64(clicks.bytes))
        let cached = links.count
        metrics.makeGauge(descriptor: .init(namespace: "unilink", metricName: "link_cache", unitName: "entries", helpText: "Links held in memory"))
            .set(Int64(cached.links))
        metrics.makeGauge(
            descriptor: .init(
                namespace: "unilink", metricName: "link_cache", unitName: "bytes",
                helpText: "Estimated bytes of the links held in memory (UNILINK_LINK_CACHE_MB bounds it)")
        )
        .set(Int64(cached.bytes))
        return Response(
            status: .ok,
            headers: [.contentType: "text/plain; version=0.0.4; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: metrics.emitToBuffer()))
        )
    }

    @Sendable func openAPI(_ request: Request, context: AppRequestContext) async throws -> Response {
        Response(
            status: .ok,
            headers: [.contentType: "application/json", .cacheControl: "public, max-age=300"],
            body: .init(byteBuffer: ByteBuffer(string: OpenAPIDocument.json))
        )
    }

    /// With a token configured, whoever sends it; without one, only a process on this
    /// machine talking to the socket directly (a scraper beside the server), never the
    /// internet through a proxy on loopback.
    static func mayReadMetrics(_ request: Request, peer: String?, token: String?) -> Bool {
        if let token {
            guard let sent = request.bearerToken else { return false }
            return ConstantTime.equals(sent, token)
        }
        guard request.headers[ClientAddressResolver.xForwardedFor] == nil, request.headers[ClientAddressResolver.forwarded] == nil,
            let peer
        else { return false }
        return peer == "127.0.0.1" || peer == "::1" || peer.hasPrefix("::ffff:127.")
    }
}
