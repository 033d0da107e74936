import Hummingbird
import Prometheus
import UnilinkCore

/// The click counters, made once: the click path only increments (no registry lookup).
struct ClickMetrics: Sendable {
    private struct Key: Hashable {
        let outcome: ClickOutcome?
        let platform: ClickPlatform
    }

    private let counters: [Key: Counter]

    init(registry: PrometheusCollectorRegistry) {
        var counters: [Key: Counter] = [:]
        for outcome in ClickOutcome.allCases.map(Optional.some) + [nil] {
            for platform in ClickPlatform.allCases {
                let descriptor = MetricNameDescriptor(
                    namespace: "unilink", metricName: "clicks", unitName: "total", helpText: "Requests on link hosts, by how they were counted"
                )
                counters[Key(outcome: outcome, platform: platform)] = registry.makeCounter(
                    descriptor: descriptor, labels: [("outcome", outcome?.rawValue ?? "not_counted"), ("platform", platform.rawValue)]
                )
            }
        }
        self.counters = counters
    }

    func count(_ outcome: ClickOutcome?, _ platform: ClickPlatform) {
        counters[Key(outcome: outcome, platform: platform)]?.increment()
    }
}

/// Request metrics (swift-metrics, exported by Prometheus) for the API only: clicks
/// have their own counters, and a histogram per click would cost more than the click.
struct APIMetricsMiddleware<Context: RequestContext>: RouterMiddleware {
    private let metrics = MetricsMiddleware<Context>()

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        guard request.uri.path.hasPrefix("/v1/") else { return try await next(request, context) }
        return try await metrics.handle(request, context: context, next: next)
    }
}
