import Foundation

/// Clicks per bucket (day or hour) as an SVG bar chart drawn on the server: no chart
/// library, no script. A value axis, the first, middle and last bucket under the bars,
/// each bar's value on hover (its `<title>`), and the period before as a dashed line.
enum ClickChart {
    static func svg(buckets: [(name: String, clicks: Int)], previous: [Int] = [], width: Int = 960, height: Int = 220) -> String {
        guard !buckets.isEmpty else { return "<p class=\"muted\">No clicks in this range.</p>" }
        let left = 48.0, bottom = 24.0, top = 8.0
        let highest = max(1, (buckets.map(\.clicks) + previous).max() ?? 1)
        let ceiling = niceCeiling(highest)
        let plot = Double(height) - bottom - top
        let slot = (Double(width) - left) / Double(buckets.count)
        func y(_ value: Int) -> Double { top + plot - plot * Double(value) / Double(ceiling) }
        var parts: [String] = []
        for tick in [0, ceiling / 2, ceiling] {
            parts.append(
                "<line x1=\"\(left)\" x2=\"\(width)\" y1=\"\(f(y(tick)))\" y2=\"\(f(y(tick)))\" stroke=\"currentColor\" stroke-opacity=\"0.15\"/>"
                    + "<text x=\"\(f(left - 6))\" y=\"\(f(y(tick) + 4))\" font-size=\"12\" text-anchor=\"end\">\(Figures.grouped(tick))</text>")
        }
        for (index, bucket) in buckets.enumerated() {
            let x = left + Double(index) * slot + slot * 0.12
            let barTop = y(bucket.clicks)
            let was = index < previous.count ? " (the period before: \(Figures.grouped(previous[index])))" : ""
            parts.append(
                "<rect x=\"\(f(x))\" y=\"\(f(barTop))\" width=\"\(f(max(1, slot * 0.76)))\" height=\"\(f(top + plot - barTop))\" fill=\"currentColor\">"
                    + "<title>\(bucket.name): \(Figures.grouped(bucket.clicks)) click\(bucket.clicks == 1 ? "" : "s")\(was)</title></rect>")
        }
        if !previous.isEmpty {
            let points = previous.prefix(buckets.count).enumerated().map { index, value in
                "\(f(left + (Double(index) + 0.5) * slot)),\(f(y(value)))"
            }
            parts.append(
                "<polyline points=\"\(points.joined(separator: " "))\" fill=\"none\" stroke=\"currentColor\" stroke-opacity=\"0.55\" stroke-dasharray=\"4 3\" stroke-width=\"1.5\"><title>The period before</title></polyline>"
            )
        }
        let labelled = Set([0, buckets.count / 2, buckets.count - 1])
        for index in labelled.sorted() {
            let anchor = index == 0 ? "start" : index == buckets.count - 1 ? "end" : "middle"
            let x = index == 0 ? left : index == buckets.count - 1 ? Double(width) : left + (Double(index) + 0.5) * slot
            parts.append("<text x=\"\(f(x))\" y=\"\(height - 6)\" font-size=\"12\" text-anchor=\"\(anchor)\">\(buckets[index].name)</text>")
        }
        let total = buckets.reduce(0) { $0 + $1.clicks }
        let summary =
            "Clicks per \(buckets[0].name.count > 10 ? "hour" : "day") from \(buckets[0].name) to \(buckets[buckets.count - 1].name): \(Figures.grouped(total)) in all, at most \(Figures.grouped(buckets.map(\.clicks).max() ?? 0))"
        return """
            <svg role="img" aria-label="\(summary)" viewBox="0 0 \(width) \(height)" width="100%" style="color:var(--accent);max-height:\(height)px" id="click-chart">\
            \(parts.joined())</svg>
            """
    }

    /// 2, 4, 6, 8 or 10 times a power of ten, at or above `value`: round numbers on the
    /// axis, and its middle tick a whole number too.
    static func niceCeiling(_ value: Int) -> Int {
        var power = 1
        while power * 10 < value { power *= 10 }
        for step in [2, 4, 6, 8, 10] where step * power >= value { return step * power }
        return 10 * power
    }

    private static func f(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }
}
