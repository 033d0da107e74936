public import Foundation
public import UnilinkCore

/// What the links list asks for: a search, filters, an order and a page. Paging is by
/// keyset (the last row's sort value and id), so page 2,000 costs what page 1 does.
public struct LinkListing: Sendable, Equatable {
    public enum Order: String, Sendable, CaseIterable {
        case created, path, campaign, clicks7 = "clicks_7d", clicks30 = "clicks_30d"

        /// Ordered by a text column: its cursor holds the last link's id alone, and the
        /// query reads the link's value (a path may be 2,048 characters: too long for a URL).
        public var isText: Bool { self == .path || self == .campaign }
    }

    /// Which states to show; `current` (the default) is every state but archived.
    public enum States: String, Sendable, CaseIterable {
        case current, live, expired, archived, all
    }

    public var search: String = ""
    public var tag: String?
    public var campaign: String?
    public var states: States = .current
    public var order: Order = .created
    public var descending = true
    public var after: Cursor?
    public var limit = 50
    /// "Now" for expiry and for the click windows' last day.
    public var now: Date

    public init(now: Date) {
        self.now = now
    }

    /// The position after a row: its sort value and id, as one opaque text.
    public struct Cursor: Sendable, Equatable {
        public var value: String
        public var id: String

        public init(value: String, id: String) {
            self.value = value
            self.id = id
        }

        /// Hex of `value` NUL `id`: opaque, URL-safe, and any text round-trips.
        public var text: String {
            Hex.string((value + "\u{0}" + id).utf8)
        }

        public init?(text: String) {
            let hex = Array(text.utf8)
            guard hex.count.isMultiple(of: 2), hex.count <= 512 else { return nil }
            var bytes: [UInt8] = []
            for index in stride(from: 0, to: hex.count, by: 2) {
                guard let byte = UInt8(String(decoding: hex[index..<index + 2], as: UTF8.self), radix: 16) else { return nil }
                bytes.append(byte)
            }
            let parts = String(decoding: bytes, as: UTF8.self).split(separator: "\u{0}", omittingEmptySubsequences: false)
            guard parts.count == 2 else { return nil }
            value = String(parts[0])
            id = String(parts[1])
        }
    }
}

/// A row of the links list: the link and its people's clicks in the last 7 and 30 UTC days.
public struct ListedLink: Sendable, Equatable {
    public var link: Link
    public var clicks7: Int
    public var clicks30: Int

    public init(link: Link, clicks7: Int, clicks30: Int) {
        self.link = link
        self.clicks7 = clicks7
        self.clicks30 = clicks30
    }
}
