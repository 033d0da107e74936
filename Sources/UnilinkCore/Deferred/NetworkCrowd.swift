public import Foundation

/// How many clicks from phones of one system an address (IPv4) or /64 (IPv6) had in its
/// busiest hour of the last day. The match window alone forgets a crowd within the hour: a
/// carrier NAT or an office in a quiet hour (at night, after a campaign) would pass for a
/// home, and its few clicks for a household's. Counted per hour as the recorder writes
/// the clicks; kept a day, without clicks, devices or times.
public struct NetworkCrowd: Sendable, Equatable {
    public var networkKey: String
    public var prefixKey: String
    public var os: UserAgent.OS
    public var clicks: Int

    public init(networkKey: String, prefixKey: String, os: UserAgent.OS, clicks: Int) {
        self.networkKey = networkKey
        self.prefixKey = prefixKey
        self.os = os
        self.clicks = clicks
    }

    /// How many hours the busiest hour is remembered.
    public static let memoryHours: Int64 = 24

    /// The hour a click is counted in (hours since 1970).
    public static func hour(of time: Date) -> Int64 {
        Int64((time.timeIntervalSince1970 / 3600).rounded(.down))
    }

    /// The busiest hour a stored count still vouches for at `now`: the current hour's clicks
    /// or the peak, whichever is larger, each only while within `memoryHours`; 0 once forgotten.
    public static func busiest(hour: Int64, clicks: Int, peak: Int, peakHour: Int64, now: Date) -> Int {
        let oldest = Self.hour(of: now) - memoryHours
        return max(hour > oldest ? clicks : 0, peakHour > oldest ? peak : 0)
    }
}
