import Foundation
public import UnilinkAPI

/// A link's A/B numbers made into a report: each variant's install rate with a 95% Wilson
/// interval, and each against the first variant (the control) by a two-sided
/// two-proportion z-test at 5%. Below 5 expected installs or non-installs in either arm
/// the normal approximation does not hold and the report says the sample is too small.
public enum ABTestReport {
    /// - Parameter numbers: clicks, installs, opens by variant name, in the order given.
    public static func make(linkID: String, variants: [(name: String, weight: Int, clicks: Int, installs: Int, opens: Int)])
        -> VariantReportBody
    {
        var rows = variants.map {
            VariantReportBody.Variant(name: $0.name, weight: $0.weight, clicks: $0.clicks, installs: $0.installs, opens: $0.opens)
        }
        for index in rows.indices {
            let row = rows[index]
            guard row.clicks > 0 else { continue }
            let installs = min(row.installs, row.clicks)
            rows[index].installRate = Double(installs) / Double(row.clicks)
            rows[index].interval = wilson(successes: installs, trials: row.clicks)
        }
        guard let control = rows.first else { return VariantReportBody(linkID: linkID, variants: rows) }
        for index in rows.indices.dropFirst() {
            let comparison = compare(
                control: (min(control.installs, control.clicks), control.clicks), (min(rows[index].installs, rows[index].clicks), rows[index].clicks))
            rows[index].difference = comparison.difference
            rows[index].pValue = comparison.pValue
            rows[index].verdict = comparison.verdict
        }
        return VariantReportBody(linkID: linkID, variants: rows)
    }

    static let z95 = 1.959_963_984_540_054

    /// The 95% Wilson score interval of a proportion.
    static func wilson(successes: Int, trials: Int) -> [Double] {
        let n = Double(trials)
        let p = Double(successes) / n
        let z2 = z95 * z95
        let centre = (p + z2 / (2 * n)) / (1 + z2 / n)
        let half = z95 * (p * (1 - p) / n + z2 / (4 * n * n)).squareRoot() / (1 + z2 / n)
        return [max(0, centre - half), min(1, centre + half)]
    }

    static func compare(control: (successes: Int, trials: Int), _ arm: (successes: Int, trials: Int)) -> (
        difference: Double?, pValue: Double?, verdict: String
    ) {
        guard control.trials > 0, arm.trials > 0 else { return (nil, nil, "too_small") }
        let p1 = Double(control.successes) / Double(control.trials)
        let p2 = Double(arm.successes) / Double(arm.trials)
        let pooled = Double(control.successes + arm.successes) / Double(control.trials + arm.trials)
        let expected = [control.trials, arm.trials].flatMap { [Double($0) * pooled, Double($0) * (1 - pooled)] }
        guard expected.allSatisfy({ $0 >= 5 }) else { return (p2 - p1, nil, "too_small") }
        let standardError = (pooled * (1 - pooled) * (1 / Double(control.trials) + 1 / Double(arm.trials))).squareRoot()
        let z = (p2 - p1) / standardError
        let pValue = erfc(abs(z) / 2.0.squareRoot())
        let verdict = pValue >= 0.05 ? "no_difference" : (p2 > p1 ? "better" : "worse")
        return (p2 - p1, pValue, verdict)
    }
}
