import Foundation

/// Clicks per day as an SVG bar chart, drawn on the server: no chart library, no script.
enum ClickChart {
    static func svg(days: [(day: String, clicks: Int)], width: Int = 960, height: Int = 180) -> String {
        guard !days.isEmpty else { return "<p class=\"muted\">No clicks in this range.</p>" }
        let top = max(1, days.map(\.clicks).max() ?? 1)
        let slot = Double(width) / Double(days.count)
        let plot = Double(height - 24)
        var bars = ""
        for (index, entry) in days.enumerated() {
            let barHeight = plot * Double(entry.clicks) / Double(top)
            let x = Double(index) * slot + slot * 0.1
            bars +=
                "<rect x=\"\(format(x))\" y=\"\(format(plot - barHeight + 4))\" width=\"\(format(slot * 0.8))\" height=\"\(format(barHeight))\" fill=\"currentColor\">"
            bars += "<title>\(entry.day): \(entry.clicks)</title></rect>"
        }
        let first = days.first!.day, last = days.last!.day
        return """
            <svg role="img" aria-label="Clicks per day" viewBox="0 0 \(width) \(height)" width="100%" style="color:var(--accent);max-height:\(height)px">\
            \(bars)<text x="0" y="\(height - 4)" font-size="12" fill="gray">\(first)</text>\
            <text x="\(width)" y="\(height - 4)" font-size="12" fill="gray" text-anchor="end">\(last) · max \(top)</text></svg>
            """
    }

    private static func format(_ value: Double) -> String {
        String(Double(Int((value * 10).rounded())) / 10)
    }
}
