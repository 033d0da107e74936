/// One address's last clicks, to tell a mail scanner that opens every link of a message
/// within a moment from people: a person does not open four different links in two
/// seconds, and people behind one address (an office, a carrier) who click the same
/// campaign mostly click the same link. Pure: the caller keeps one per address.
public struct LinkBurst: Sendable, Equatable {
    /// Distinct links within `window` that make a burst.
    public static let threshold = 4
    /// Milliseconds.
    public static let window: Int64 = 2_000
    static let kept = 8

    private var recent: [(link: String, at: Int64)] = []
    /// The burst goes on until then (ms): its later clicks are the scanner's too.
    private var until: Int64 = .min

    public init() {}

    /// Notes a click on `link` at `now` (ms); whether it belongs to a burst of `window` ms.
    public mutating func click(_ link: String, at now: Int64, window: Int64 = LinkBurst.window) -> Bool {
        recent.removeAll { now - $0.at > window }
        recent.append((link, now))
        if recent.count > Self.kept { recent.removeFirst(recent.count - Self.kept) }
        if distinctLinks >= Self.threshold { until = now + window }
        return now <= until
    }

    /// At most `kept` entries: no set to build on every click.
    private var distinctLinks: Int {
        var count = 0
        for (index, entry) in recent.enumerated() where !recent[..<index].contains(where: { $0.link == entry.link }) { count += 1 }
        return count
    }

    /// Nothing left to remember at `now`.
    public func isStale(at now: Int64) -> Bool {
        now > until && recent.allSatisfy { now - $0.at > Self.window }
    }

    public static func == (lhs: LinkBurst, rhs: LinkBurst) -> Bool {
        lhs.until == rhs.until && lhs.recent.map(\.link) == rhs.recent.map(\.link) && lhs.recent.map(\.at) == rhs.recent.map(\.at)
    }
}
