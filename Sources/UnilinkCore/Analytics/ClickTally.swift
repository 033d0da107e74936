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

    /// The roll-ups a batch adds beside its hourly counts, one per counter table: each
    /// keeps some of the key's fields (`hour` becomes the UTC day where it says so) and
    /// sums the rest away, so every read costs the buckets it covers, not the kinds of
    /// clicks behind them.
    public enum Rollup: CaseIterable, Sendable {
        /// The app's hours by kind (`app_click_counts`): the edges of a window off UTC days.
        case appHourKinds
        /// The app's hours (`app_hours`): its series.
        case appHours
        /// The app's UTC days by kind (`app_days`): its breakdown over whole days.
        case appDayKinds
        /// Each link's hours (`link_hours`): its series, and the top links at a window's edges.
        case linkHours
        /// Each link's UTC days (`link_days`): the top links over whole days.
        case linkDays
        /// Each link's UTC days by kind (`link_day_counts`): its breakdown over whole days.
        case linkDayKinds

        /// The key with the fields this roll-up drops emptied, and `hour` a day where it is one.
        public func project(_ key: Key) -> Key {
            let day = key.hour >= 0 ? key.hour / 24 : (key.hour - 23) / 24
            switch self {
            case .appHourKinds:
                return Key(appID: key.appID, linkID: "", hour: key.hour, platform: key.platform, outcome: key.outcome, source: key.source)
            case .appHours: return Key(appID: key.appID, linkID: "", hour: key.hour, platform: "", outcome: "", source: "")
            case .appDayKinds: return Key(appID: key.appID, linkID: "", hour: day, platform: key.platform, outcome: key.outcome, source: key.source)
            case .linkHours: return Key(appID: key.appID, linkID: key.linkID, hour: key.hour, platform: "", outcome: "", source: "")
            case .linkDays: return Key(appID: key.appID, linkID: key.linkID, hour: day, platform: "", outcome: "", source: "")
            case .linkDayKinds:
                return Key(appID: key.appID, linkID: key.linkID, hour: day, platform: key.platform, outcome: key.outcome, source: key.source)
            }
        }
    }

    /// The batch's counts summed by `rollup`, without the keys that sum to zero (a step that
    /// moved a click between outcomes changes no link's day).
    public func rolled(_ rollup: Rollup) -> [Key: Int64] {
        counts.reduce(into: [Key: Int64]()) { totals, entry in totals[rollup.project(entry.key), default: 0] += entry.value }
            .filter { $0.value != 0 }
    }

    public static func key(_ click: ClickRecord, hour: Int64) -> Key {
        Key(
            appID: click.appID, linkID: click.linkID, hour: hour, platform: click.platform.rawValue, outcome: click.outcome.rawValue,
            source: click.inAppBrowser)
    }
}
