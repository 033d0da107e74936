/// What a batch of clicks adds to the counters kept on write: one count per (app, link,
/// UTC hour, platform, outcome, source), so numbers cost the time buckets they cover, not
/// the clicks behind them. A click's next step (the preview's button) moves it from one
/// outcome to another: -1 where it was, +1 where it is.
public struct ClickTally: Sendable, Equatable {
    public struct Key: Hashable, Sendable {
        public var appID: String
        /// "" for a click on no link (an unknown path on an app's host).
        public var linkID: String
        /// Hours since 1970-01-01T00:00Z.
        public var hour: Int64
        public var platform: String
        public var outcome: String
        /// The app whose web view the click came from (`instagram`, `wechat`, ...), "" for a browser.
        public var source: String

        public init(appID: String, linkID: String?, hour: Int64, platform: String, outcome: String, source: String?) {
            self.appID = appID
            self.linkID = linkID ?? ""
            self.hour = hour
            self.platform = platform
            self.outcome = outcome
            self.source = source ?? ""
        }
    }

    public private(set) var counts: [Key: Int64] = [:]

    public init() {}

    public static func hour(millisecondsSince1970 milliseconds: Int64) -> Int64 {
        milliseconds >= 0 ? milliseconds / 3_600_000 : (milliseconds - 3_599_999) / 3_600_000
    }

    public mutating func add(_ key: Key, _ count: Int64 = 1) {
        let total = counts[key, default: 0] + count
        counts[key] = total == 0 ? nil : total
    }

    /// A new click.
    public mutating func add(_ click: ClickRecord, millisecondsSince1970: Int64) {
        add(Self.key(click, hour: Self.hour(millisecondsSince1970: millisecondsSince1970)))
    }

    /// A stored click whose outcome becomes `outcome`.
    public mutating func move(_ stored: Key, to outcome: String) {
        guard stored.outcome != outcome else { return }
        add(stored, -1)
        var moved = stored
        moved.outcome = outcome
        add(moved)
    }

    /// An app's counts without the link: what the app's numbers read, whatever its links.
    public struct AppKey: Hashable, Sendable {
        public var appID: String
        public var hour: Int64
        public var platform: String
        public var outcome: String
        public var source: String

        public init(appID: String, hour: Int64, platform: String, outcome: String, source: String) {
            self.appID = appID
            self.hour = hour
            self.platform = platform
            self.outcome = outcome
            self.source = source
        }
    }

    /// A link's clicks of one UTC day (days since 1970) by platform and outcome: a link's
    /// daily numbers, and what ranks an app's links.
    public struct LinkDayKey: Hashable, Sendable {
        public var appID: String
        public var linkID: String
        public var day: Int64
        public var platform: String
        public var outcome: String

        public init(appID: String, linkID: String, day: Int64, platform: String, outcome: String) {
            self.appID = appID
            self.linkID = linkID
            self.day = day
            self.platform = platform
            self.outcome = outcome
        }
    }

    public var byApp: [AppKey: Int64] {
        counts.reduce(into: [:]) { totals, entry in
            let key = entry.key
            totals[AppKey(appID: key.appID, hour: key.hour, platform: key.platform, outcome: key.outcome, source: key.source), default: 0] +=
                entry.value
        }.filter { $0.value != 0 }
    }

    public var byLinkDay: [LinkDayKey: Int64] {
        counts.reduce(into: [:]) { totals, entry in
            let key = entry.key
            let day = key.hour >= 0 ? key.hour / 24 : (key.hour - 23) / 24
            totals[LinkDayKey(appID: key.appID, linkID: key.linkID, day: day, platform: key.platform, outcome: key.outcome), default: 0] +=
                entry.value
        }.filter { $0.value != 0 }
    }

    public static func key(_ click: ClickRecord, hour: Int64) -> Key {
        Key(
            appID: click.appID, linkID: click.linkID, hour: hour, platform: click.platform.rawValue, outcome: click.outcome.rawValue,
            source: click.inAppBrowser)
    }
}
