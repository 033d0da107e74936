/// A decision with, when it is not a match, the reason in full.
public struct AASAExplanation: Sendable, Equatable {
    public var verdict: AASAVerdict
    /// `nil` for a match and for an exclusion (the excluding rule is `verdict.rule`).
    public var miss: AASAMiss?

    public init(verdict: AASAVerdict, miss: AASAMiss?) {
        self.verdict = verdict
        self.miss = miss
    }
}
