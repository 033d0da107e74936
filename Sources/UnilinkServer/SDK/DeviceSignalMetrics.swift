import Prometheus
import UnilinkCore

/// What first launches said about their devices that could not be true, dropped before
/// matching (`InstallSignalCheck`), by signal: an SDK or a device that misreports shows here.
struct DeviceSignalMetrics: Sendable {
    private let counters: [InstallSignalCheck.Ignored: Counter]

    init(registry: PrometheusCollectorRegistry) {
        let descriptor = MetricNameDescriptor(
            namespace: "unilink", metricName: "deferred_signals_ignored", unitName: "total",
            helpText:
                "First launches' device signals ignored as impossible (a 0 px screen, an unknown time zone, another platform's model), by signal")
        var counters: [InstallSignalCheck.Ignored: Counter] = [:]
        for signal in InstallSignalCheck.Ignored.allCases {
            counters[signal] = registry.makeCounter(descriptor: descriptor, labels: [("signal", signal.rawValue)])
        }
        self.counters = counters
    }

    func count(_ ignored: [InstallSignalCheck.Ignored]) {
        for signal in ignored { counters[signal]?.increment() }
    }
}
