import UnilinkAPI

/// One condition of a routing rule, ready to test: parsed and checked once when the rule is
/// set, then tested on each click without allocating (lists are short and compared in place).
public struct RoutingCondition: Sendable, Equatable {
    public enum Test: Sendable, Equatable {
        case country([String])
        case region([String])
        /// Lowercased tags; one without a region matches every region of its language.
        case language([String])
        case platform([ClickPlatform])
        case device([UserAgent.Device])
        /// `nil`: any in-app browser.
        case inAppBrowser([UserAgent.App]?)
        case time(TimeWindow)
        case query(name: String, equals: String?)
        case campaign(CampaignField, [String])
    }

    public enum CampaignField: String, Sendable, CaseIterable {
        case channel, campaign, feature, source, medium

        func value(of campaign: Campaign) -> String? {
            switch self {
            case .channel: campaign.channel
            case .campaign: campaign.campaign
            case .feature: campaign.feature
            case .source: campaign.source
            case .medium: campaign.medium
            }
        }
    }

    public var test: Test
    public var negate: Bool

    /// Whether the condition holds; a country or region condition never holds when the
    /// visitor's place is unknown (no database), negated or not.
    public func holds(for visitor: RuleVisitor) -> Bool {
        switch test {
        case .country(let codes):
            guard let place = visitor.place else { return false }
            return codes.contains(place.country) != negate
        case .region(let codes):
            guard let region = visitor.place?.region else { return false }
            return codes.contains(region) != negate
        default:
            return matches(visitor) != negate
        }
    }

    private func matches(_ visitor: RuleVisitor) -> Bool {
        switch test {
        case .country, .region: return false
        case .language(let tags):
            guard let first = visitor.languages.first else { return false }
            return tags.contains { Self.language(first, matches: $0) }
        case .platform(let platforms):
            return platforms.contains(ClickPlatform(visitor.userAgent))
        case .device(let devices):
            return devices.contains(visitor.userAgent.device)
        case .inAppBrowser(let apps):
            guard let app = visitor.userAgent.app else { return false }
            return apps?.contains(app) ?? true
        case .time(let window):
            return window.contains(visitor.time)
        case .query(let name, let equals):
            guard let query = visitor.query else { return false }
            return Self.query(query, has: name, equals: equals)
        case .campaign(let field, let values):
            guard let campaign = visitor.campaign, let value = field.value(of: campaign) else { return false }
            return values.contains(value)
        }
    }

    /// `de-DE` matches `de` and `de-de`; `de` matches `de` only. ASCII, case-insensitive,
    /// `_` read as `-`.
    static func language(_ visitor: String, matches tag: String) -> Bool {
        var visitorBytes = visitor.utf8.makeIterator()
        var tagBytes = tag.utf8.makeIterator()
        while true {
            let t = tagBytes.next()
            let v = visitorBytes.next()
            switch (v, t) {
            case (nil, nil): return true
            case (let v?, nil): return v == UInt8(ascii: "-") || v == UInt8(ascii: "_")
            case (nil, _?): return false
            case (let v?, let t?):
                guard normalised(v) == normalised(t) else { return false }
            }
        }
    }

    private static func normalised(_ byte: UInt8) -> UInt8 {
        if byte == UInt8(ascii: "_") { return UInt8(ascii: "-") }
        return byte >= 65 && byte <= 90 ? byte + 32 : byte
    }

    /// Whether the raw query has `name` (and that value, percent-decoded when it must be).
    static func query(_ query: Substring, has name: String, equals: String?) -> Bool {
        var rest = query[...]
        while !rest.isEmpty {
            let end = rest.firstIndex(of: "&") ?? rest.endIndex
            let item = rest[rest.startIndex..<end]
            rest = end == rest.endIndex ? rest[end...] : rest[rest.index(after: end)...]
            let equalsSign = item.firstIndex(of: "=") ?? item.endIndex
            guard item[item.startIndex..<equalsSign] == name[...] else { continue }
            guard let equals else { return true }
            let value = equalsSign == item.endIndex ? item[equalsSign...] : item[item.index(after: equalsSign)...]
            if value == equals[...] { return true }
            if value.contains("%") || value.contains("+"), URLText.decode(value) == equals { return true }
        }
        return false
    }
}

extension RoutingCondition {
    /// What the visitor has for this condition, in words: the debugger's "why".
    public func seen(by visitor: RuleVisitor) -> String {
        switch test {
        case .country:
            return visitor.place?.country ?? "unknown (no country database, or the address is not in it)"
        case .region:
            return visitor.place.map { $0.region ?? "unknown (the database has no region for \($0.country))" }
                ?? "unknown (no country database, or the address is not in it)"
        case .language:
            return visitor.languages.first ?? "none (no Accept-Language)"
        case .platform:
            return ClickPlatform(visitor.userAgent).rawValue
        case .device:
            return visitor.userAgent.device.rawValue
        case .inAppBrowser:
            return visitor.userAgent.app?.rawValue ?? "none (a browser)"
        case .time(let window):
            return TimeWindow.localText(visitor.time, in: window.zone)
        case .query:
            guard let query = visitor.query, !query.isEmpty else { return "no query" }
            return "?" + query
        case .campaign(let field, _):
            return visitor.campaign.flatMap(field.value(of:)) ?? "none"
        }
    }
}
