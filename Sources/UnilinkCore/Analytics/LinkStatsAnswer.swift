public import UnilinkAPI

/// A link's stats answer: the same totals, breakdowns and series as an app's, and the
/// local days that had clicks.
public enum LinkStatsAnswer {
    public static func make(linkID: String, window: StatsWindow, counts: AppHourlyCounts) -> LinkStats {
        let report = AppStatsReport.make(appID: "", window: window, counts: counts)
        var daily: [String: Int] = [:]
        for (hour, clicks) in counts.clicksByHour { daily[window.bucket(ofHour: hour, by: .day), default: 0] += clicks }
        return LinkStats(
            linkID: linkID, from: report.from, to: report.to, granularity: report.granularity, tz: report.tz, clicks: report.clicks,
            byPlatform: report.byPlatform, byOutcome: report.byOutcome, bySource: report.bySource, installs: report.installs,
            opens: report.opens,
            daily: daily.filter { $0.value != 0 }.sorted { $0.key < $1.key }.map { LinkStats.Day(date: $0.key, clicks: $0.value) },
            series: report.series, customEvents: report.customEvents, byAutomated: counts.automated, byCountry: report.byCountry,
            byRule: report.byRule)
    }
}
