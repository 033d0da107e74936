public import Foundation

/// How far an upgrade got in counting the clicks stored before the counters.
public struct UpgradeProgress: Sendable, Equatable {
    /// 0...1 of the stored clicks' time span.
    public var fraction: Double
    /// Clicks before this time (milliseconds since 1970) are counted.
    public var countedUpTo: Int64

    public var countedUpToDate: Date { Date(timeIntervalSince1970: Double(countedUpTo) / 1000) }
}
