import Hummingbird
import Metrics

/// Request metrics (swift-metrics, exported by Prometheus) for the API only: clicks
/// have their own counters, and a histogram per click would cost more than the click.
struct APIMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let metrics = MetricsMiddleware<Context>()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
        return try await metrics.handle(request, context: context, next: next)
    }
}
