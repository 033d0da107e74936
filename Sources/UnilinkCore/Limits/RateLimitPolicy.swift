/// A limit of `quota` requests per `window` seconds, with bursts up to the quota, decided
/// by the generic cell rate algorithm (GCRA): one number per key (the theoretical arrival
/// time), no timers, no per-request list. Pure: the time and the stored number come in.
public struct RateLimitPolicy: Sendable, Equatable {
    /// The name in `RateLimit-Policy` (`"sdk";q=120;w=60`).
    public var name: String
    public var quota: Int
    /// Seconds.
    public var window: Int

    public init(name: String, quota: Int, window: Int) {
        self.name = name
        self.quota = max(1, quota)
        self.window = max(1, window)
    }

    public struct Decision: Sendable, Equatable {
        public var allowed: Bool
        /// Requests left in the current window.
        public var remaining: Int
        /// Seconds until the quota is whole again (allowed) or until one request is allowed (refused).
        public var resetSeconds: Int
        /// The number to store for the key (unchanged when refused).
        public var nextArrival: UInt64
    }

    /// - Parameters:
    ///   - arrival: the key's stored theoretical arrival time in nanoseconds (0 for a new key).
    ///   - now: a monotonic clock in nanoseconds.
    public func decide(arrival: UInt64, now: UInt64) -> Decision {
        let windowNanos = UInt64(window) * 1_000_000_000
        let interval = windowNanos / UInt64(quota)
        let tolerance = windowNanos - interval
        let start = max(arrival, now)
        let ahead = start - now
        guard ahead <= tolerance else {
            return Decision(allowed: false, remaining: 0, resetSeconds: Self.seconds(ahead - tolerance), nextArrival: arrival)
        }
        let next = start + interval
        let used = next - now
        let remaining = Int((windowNanos - min(used, windowNanos)) / interval)
        return Decision(allowed: true, remaining: remaining, resetSeconds: Self.seconds(used), nextArrival: next)
    }

    private static func seconds(_ nanos: UInt64) -> Int {
        Int((nanos + 999_999_999) / 1_000_000_000)
    }

    /// `sdk=120/60`: name, requests, seconds.
    public init?(_ text: Substring) {
        let parts = text.split(separator: "=", maxSplits: 1)
        guard parts.count == 2, !parts[0].isEmpty else { return nil }
        let numbers = parts[1].split(separator: "/")
        guard numbers.count == 2, let quota = Int(numbers[0]), let window = Int(numbers[1]), quota > 0, window > 0, window <= 86_400 else {
            return nil
        }
        self.init(name: String(parts[0]), quota: quota, window: window)
    }
}
