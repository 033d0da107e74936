import Foundation
public import UnilinkAPI

extension RoutingCondition {
    static let maximumValues = 50

    /// The condition `body`, checked: exactly one kind, every value known.
    public init(_ body: RuleConditionBody, field: String) throws(RoutingRuleError) {
        negate = body.negate ?? false
        var tests: [Test] = []
        if let codes = body.country {
            tests.append(
                .country(
                    try Self.values(codes, "\(field).country", "an ISO 3166-1 country code like DE") { code in
                        let upper = code.uppercased()
                        return ISOCodes.countries.contains(upper) ? upper : nil
                    }))
        }
        if let codes = body.region {
            tests.append(
                .region(
                    try Self.values(codes, "\(field).region", "an ISO 3166-2 code like US-CA") { code in
                        let upper = code.uppercased()
                        let parts = upper.split(separator: "-", maxSplits: 1)
                        guard parts.count == 2, ISOCodes.countries.contains(String(parts[0])), (1...3).contains(parts[1].count),
                            parts[1].allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber) })
                        else { return nil }
                        return upper
                    }))
        }
        if let tags = body.language {
            tests.append(
                .language(
                    try Self.values(tags, "\(field).language", "a language tag like de or pt-BR") { tag in
                        let lower = tag.lowercased().replacingOccurrences(of: "_", with: "-")
                        let parts = lower.split(separator: "-", omittingEmptySubsequences: false)
                        guard (1...3).contains(parts.count), (2...3).contains(parts[0].count),
                            parts.allSatisfy({ part in
                                !part.isEmpty && part.count <= 8 && part.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) }
                            })
                        else { return nil }
                        return lower
                    }))
        }
        if let names = body.platform {
            tests.append(
                .platform(
                    try Self.values(names, "\(field).platform", "one of ios, android, harmony, desktop, other") {
                        ClickPlatform(rawValue: $0.lowercased())
                    }))
        }
        if let names = body.device {
            tests.append(
                .device(
                    try Self.values(names, "\(field).device", "one of phone, tablet, desktop") {
                        let device = UserAgent.Device(rawValue: $0.lowercased())
                        return [.phone, .tablet, .desktop].contains(device) ? device : nil
                    }))
        }
        if let names = body.inAppBrowser {
            if names.map({ $0.lowercased() }) == ["any"] {
                tests.append(.inAppBrowser(nil))
            } else {
                let known = UserAgent.App.allCases.map(\.rawValue).joined(separator: ", ")
                tests.append(
                    .inAppBrowser(
                        try Self.values(names, "\(field).in_app_browser", "'any' or an in-app browser among \(known)") {
                            UserAgent.App(rawValue: $0.lowercased())
                        }))
            }
        }
        if let window = body.time { tests.append(.time(try Self.window(window, field: "\(field).time"))) }
        if let query = body.query {
            guard !query.name.isEmpty, query.name.utf8.count <= 128, (query.equals ?? "").utf8.count <= 1024 else {
                throw RoutingRuleError("\(field).query", "needs a 'name' of 1 to 128 bytes and an 'equals' of up to 1024")
            }
            tests.append(.query(name: query.name, equals: query.equals))
        }
        if let campaign = body.campaign {
            guard let path = CampaignField(rawValue: campaign.field) else {
                throw RoutingRuleError("\(field).campaign.field", "'\(campaign.field)' is none of channel, campaign, feature, source, medium")
            }
            tests.append(
                .campaign(
                    path,
                    try Self.values(campaign.values, "\(field).campaign.values", "a value of up to 256 characters") {
                        $0.count <= 256 ? $0 : nil
                    }))
        }
        guard tests.count == 1, let test = tests.first else {
            throw RoutingRuleError(
                field,
                tests.isEmpty
                    ? "names no condition: one of country, region, language, platform, device, in_app_browser, time, query, campaign"
                    : "names \(tests.count) conditions; give each its own entry")
        }
        self.test = test
    }

    private static func values<T>(
        _ values: [String], _ field: String, _ what: String, _ parse: (String) -> T?
    ) throws(RoutingRuleError) -> [T] {
        guard (1...maximumValues).contains(values.count) else { throw RoutingRuleError(field, "needs 1 to \(maximumValues) values") }
        var parsed: [T] = []
        for (index, value) in values.enumerated() {
            guard let one = parse(value) else { throw RoutingRuleError("\(field)[\(index)]", "'\(value.prefix(64))' is not \(what)") }
            parsed.append(one)
        }
        return parsed
    }

    private static func window(_ body: TimeWindowBody, field: String) throws(RoutingRuleError) -> TimeWindow {
        guard TimeZone.knownTimeZoneIdentifiers.contains(body.zone) || body.zone == "UTC", let zone = TimeZone(identifier: body.zone) else {
            throw RoutingRuleError("\(field).zone", "'\(body.zone.prefix(64))' is not an IANA time zone like Europe/Berlin")
        }
        var window = TimeWindow(zone: zone, from: nil, until: nil, days: 0x7F, hours: nil)
        for (name, text) in [("from", body.from), ("until", body.until)] {
            guard let text else { continue }
            guard let seconds = TimeWindow.localSeconds(text) else {
                throw RoutingRuleError("\(field).\(name)", "'\(text.prefix(64))' is not a local date and time like 2026-11-27T09:00")
            }
            if name == "from" { window.from = seconds } else { window.until = seconds }
        }
        if let from = window.from, let until = window.until, until <= from {
            throw RoutingRuleError("\(field).until", "comes before 'from'")
        }
        if let days = body.days {
            window.days = 0
            for (index, day) in days.enumerated() {
                guard let bit = TimeWindow.dayNames.firstIndex(of: day.lowercased()) else {
                    throw RoutingRuleError("\(field).days[\(index)]", "'\(day.prefix(16))' is none of mon, tue, wed, thu, fri, sat, sun")
                }
                window.days |= 1 << bit
            }
            if window.days == 0 { throw RoutingRuleError("\(field).days", "names no day") }
        }
        if let hours = body.hours {
            guard hours.count == 2, let from = TimeWindow.minutes(hours[0]), let until = TimeWindow.minutes(hours[1]), from != until else {
                throw RoutingRuleError("\(field).hours", "must be two different times like [\"09:00\", \"18:00\"]")
            }
            window.hours = (from, until)
        }
        guard body.from != nil || body.until != nil || body.days != nil || body.hours != nil else {
            throw RoutingRuleError(field, "needs 'from', 'until', 'days' or 'hours'")
        }
        return window
    }
}
