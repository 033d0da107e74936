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
    private let fromMemory: Counter

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
        fromMemory = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "unilink", metricName: "clicks_answered_from_memory", unitName: "total",
                helpText: "Requests on link hosts answered from memory in the channel, before the router (part of unilink_clicks_total)"
            ))
    }

    func count(_ outcome: ClickOutcome?, _ platform: ClickPlatform) {
        counters[Key(outcome: outcome, platform: platform)]?.increment()
    }

    func countAnsweredFromMemory() {
        fromMemory.increment()
    }
}
