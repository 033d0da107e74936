public import UnilinkAPI

/// A rule's conditions and destination in words, as the dashboard's link page, its rule
/// preview and the link debugger say them.
public enum RuleWords {
    public static func condition(_ body: RuleConditionBody) -> String {
        let not = body.negate == true ? "not " : ""
        func list(_ name: String, _ values: [String]?) -> String? { values.map { "\(name) is \(not)\($0.joined(separator: ", "))" } }
        if let text = list("country", body.country) ?? list("region", body.region) ?? list("language", body.language)
            ?? list("platform", body.platform) ?? list("device", body.device) ?? list("in-app browser", body.inAppBrowser)
        {
            return text
        }
        if let time = body.time {
            let parts = [
                time.from.map { "from \($0)" }, time.until.map { "until \($0)" }, time.days.map { $0.joined(separator: ", ") },
                time.hours.map { $0.joined(separator: "–") },
            ].compactMap { $0 }
            return "\(not)time in \(time.zone): \(parts.joined(separator: ", "))"
        }
        if let query = body.query { return "query \(not)has \(query.name)" + (query.equals.map { " = \($0)" } ?? "") }
        if let campaign = body.campaign { return "campaign \(campaign.field) is \(not)\(campaign.values.joined(separator: ", "))" }
        return "?"
    }

    public static func destination(_ body: DestinationOverrideBody) -> String {
        [
            body.webURL.map { "web: \($0)" }, body.desktopURL.map { "desktop: \($0)" }, body.iosURL.map { "iOS: \($0)" },
            body.androidURL.map { "Android: \($0)" }, body.webOnly.map { $0 ? "web only" : "apps too" },
            body.social?.title.map { "title: \($0)" }, body.social?.description.map { "description: \($0)" },
            body.social?.imageURL.map { "image: \($0)" },
        ].compactMap { $0 }.joined(separator: "; ")
    }
}
