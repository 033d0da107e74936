import Logging
import Prometheus

/// What the byte budgets did: cache restarts and clicks shed, as counters and, for
/// shed clicks, a log line (the first, then every thousandth).
struct MemoryMetrics: Sendable {
    let linkEvictions: Counter
    let previewEvictions: Counter
    let clicksShed: Counter

    init(registry: PrometheusCollectorRegistry) {
        let evictions = MetricNameDescriptor(
            namespace: "unilink", metricName: "cache_evictions", unitName: "total",
            helpText: "Times a cache reached its byte budget and made room (links: the least recently clicked go; previews: the cache starts over)")
        linkEvictions = registry.makeCounter(descriptor: evictions, labels: [("cache", "links")])
        previewEvictions = registry.makeCounter(descriptor: evictions, labels: [("cache", "previews")])
        clicksShed = registry.makeCounter(
            descriptor: MetricNameDescriptor(
                namespace: "unilink", metricName: "clicks_shed", unitName: "total",
                helpText: "Clicks not recorded because the click queue was full (the database is slow or down)"
            ))
    }

    func shed(droppedSoFar: Int, logger: Logger) {
        clicksShed.increment()
        if droppedSoFar == 1 || droppedSoFar % 1000 == 0 {
            logger.error("click queue full: clicks are being shed", metadata: ["shed_so_far": "\(droppedSoFar)"])
        }
    }
}
