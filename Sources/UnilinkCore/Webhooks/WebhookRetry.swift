public import Foundation

/// When a failed delivery is tried again: Standard Webhooks' suggested schedule (at once,
/// 5 s, 5 min, 30 min, 2 h, 5 h, 10 h, 10 h: about 28 hours in all), each wait stretched or
/// shrunk by up to a fifth at random so that an endpoint coming back is not hit by every
/// retry at the same instant. An endpoint failing for `disableAfter` is turned off.
public enum WebhookRetry {
    public static let waits: [TimeInterval] = [0, 5, 300, 1_800, 7_200, 18_000, 36_000, 36_000]
    public static let disableAfter: TimeInterval = 5 * 86_400

    /// When to try again after `attempts` attempts have failed, or `nil`: give up.
    public static func next(after attempts: Int, at now: Date, jitter: Double = Double.random(in: -0.2...0.2)) -> Date? {
        guard attempts >= 1, attempts < waits.count else { return nil }
        return now.addingTimeInterval(waits[attempts] * (1 + min(max(jitter, -0.2), 0.2)))
    }
}
