public import UnilinkAPI

/// An app's stats answer from its hourly counts, bucketed in the window's zone: every
/// bucket of the window appears, empty ones with zeros; the top links are the ten most
/// clicked, ties by id.
public enum AppStatsReport {
    public static let topLinks = 10

    public static func make(appID: String, window: StatsWindow, counts: AppHourlyCounts) -> AppStats {
        var clicks: [String: Int] = [:], installs: [String: Int] = [:], opens: [String: Int] = [:], custom: [String: Int] = [:]
        for (hour, count) in counts.clicksByHour { clicks[window.bucket(ofHour: hour), default: 0] += count }
        for (hour, types) in counts.eventsByHour {
            let bucket = window.bucket(ofHour: hour)
            installs[bucket, default: 0] += types[EventType.install.rawValue] ?? 0
            opens[bucket, default: 0] += types[EventType.open.rawValue] ?? 0
            for (type, count) in types {
                if let name = EventCounter.customName(type) { custom[name, default: 0] += count }
            }
        }
        var byPlatform: [String: Int] = [:], byOutcome: [String: Int] = [:], bySource: [String: Int] = [:]
        for entry in counts.breakdown {
            byPlatform[entry.platform, default: 0] += entry.clicks
            byOutcome[entry.outcome, default: 0] += entry.clicks
            bySource[entry.source.isEmpty ? "browser" : entry.source, default: 0] += entry.clicks
        }
        let top = counts.clicksByLink.sorted { ($1.value, $0.key) < ($0.value, $1.key) }.prefix(topLinks)
        return AppStats(
            appID: appID, from: window.from, to: window.to, granularity: window.granularity, tz: window.zoneName,
            clicks: counts.clicksByHour.values.reduce(0, +), installs: installs.values.reduce(0, +), opens: opens.values.reduce(0, +),
            byPlatform: byPlatform, byOutcome: byOutcome, bySource: bySource,
            topLinks: top.map { AppStats.LinkClicks(linkID: $0.key.isEmpty ? nil : $0.key, clicks: $0.value) },
            series: window.buckets.map {
                AppStats.Bucket(start: $0, clicks: clicks[$0] ?? 0, installs: installs[$0] ?? 0, opens: opens[$0] ?? 0)
            }, customEvents: custom.filter { $0.value != 0 }, byAutomated: counts.automated, byCountry: counts.breakdowns.byCountry,
            byRule: counts.breakdowns.ruleRows)
    }
}
