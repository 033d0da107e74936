/// What a batch of people's new clicks adds to the by-country and by-rule numbers: a count
/// per (app, link, UTC day, dimension, value), each also under the app (link "") where the
/// app's numbers read it: countries, and the app's default rules.
public struct BreakdownTally: Sendable, Equatable {
    public enum Dimension: String, Sendable, CaseIterable {
        case country, rule
    }

    public struct Key: Hashable, Sendable, Comparable {
        public var appID: String
        /// "" for the app's own count.
        public var linkID: String
        /// Days since 1970-01-01 (UTC).
        public var day: Int64
        public var dimension: Dimension
        public var value: String

        public init(appID: String, linkID: String, day: Int64, dimension: Dimension, value: String) {
            self.appID = appID
            self.linkID = linkID
            self.day = day
            self.dimension = dimension
            self.value = value
        }

        /// One order on every instance, so two batches wait for each other's rows in the
        /// same order and never deadlock.
        public static func < (a: Key, b: Key) -> Bool {
            (a.appID, a.linkID, a.day, a.dimension.rawValue, a.value) < (b.appID, b.linkID, b.day, b.dimension.rawValue, b.value)
        }
    }

    /// Rules are tallied by their hit and named once per batch: a click builds no string.
    private struct RuleKey: Hashable, Sendable {
        var appID: String
        var linkID: String
        var day: Int64
        var hit: RuleHit
    }

    private var countries: [Key: Int64] = [:]
    private var rules: [RuleKey: Int64] = [:]

    public init() {}

    /// A person's new click (the caller leaves out robots and a click's next step).
    public mutating func add(_ click: ClickRecord, millisecondsSince1970: Int64) {
        let hour = ClickTally.hour(millisecondsSince1970: millisecondsSince1970)
        let day = hour >= 0 ? hour / 24 : (hour - 23) / 24
        let linkID = click.linkID ?? ""
        if let country = click.country {
            countries[Key(appID: click.appID, linkID: linkID, day: day, dimension: .country, value: country), default: 0] += 1
            if !linkID.isEmpty { countries[Key(appID: click.appID, linkID: "", day: day, dimension: .country, value: country), default: 0] += 1 }
        }
        if let rule = click.rule {
            if !linkID.isEmpty { rules[RuleKey(appID: click.appID, linkID: linkID, day: day, hit: rule), default: 0] += 1 }
            if rule.fromApp { rules[RuleKey(appID: click.appID, linkID: "", day: day, hit: rule), default: 0] += 1 }
        }
    }

    public var counts: [Key: Int64] {
        var all = countries
        for (key, count) in rules {
            all[Key(appID: key.appID, linkID: key.linkID, day: key.day, dimension: .rule, value: key.hit.stored), default: 0] += count
        }
        return all
    }

    public var ordered: [(key: Key, count: Int64)] { counts.sorted { $0.key < $1.key }.map { ($0.key, $0.value) } }
}
