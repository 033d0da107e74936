import Foundation
import UnilinkAPI
import UnilinkCore

/// A Branch link request (`POST /v1/url`): its `$` and `~` keys mapped onto the API's
/// link body, so the same validation applies; other keys of `data` reach the app as data.
struct BranchLink: Decodable, Sendable {
    var branchKey: String?
    var alias: String?
    var data: [String: JSONValue]?
    var channel: String?
    var feature: String?
    var campaign: String?
    var stage: String?
    var tags: [String]?

    enum CodingKeys: String, CodingKey {
        case branchKey = "branch_key", alias, data, channel, feature, campaign, stage, tags
    }

    func body() throws(APIError) -> LinkBody {
        var data = self.data ?? [:]
        func take(_ key: String) -> String? {
            guard let value = data.removeValue(forKey: key) else { return nil }
            return Self.text(value)
        }
        var body = LinkBody(alias: alias)
        body.webURL = take("$fallback_url")
        body.desktopURL = take("$desktop_url")
        body.iosURL = take("$ios_url")
        body.androidURL = take("$android_url")
        let path = take("$deeplink_path")
        body.path = path.map { $0.startsWithSlash ? $0 : "/" + $0 } ?? "/"
        body.deepLinkValue = take("deep_link_value")
        if let webOnly = take("$web_only") { body.webOnly = webOnly == "true" || webOnly == "1" }
        let title = take("$og_title"), description = take("$og_description"), image = take("$og_image_url")
        if title != nil || description != nil || image != nil { body.social = .init(title: title, description: description, imageURL: image) }
        if let duration = take("$match_duration") {
            guard let seconds = Int(duration) else { throw APIError.badRequest("'$match_duration' must be a number of seconds") }
            body.matchWindowSeconds = seconds
        }
        let campaign = LinkBody.Campaign(
            channel: channel ?? take("~channel"), campaign: campaign ?? take("~campaign"), feature: feature ?? take("~feature"))
        if campaign != LinkBody.Campaign() { body.campaign = campaign }
        var extra: [String: String] = [:]
        if let stage = stage ?? take("~stage") { extra["~stage"] = stage }
        if let tags = tags { extra["~tags"] = tags.joined(separator: ",") } else if let tags = take("~tags") { extra["~tags"] = tags }
        for (key, value) in data { extra[key] = Self.text(value) ?? "" }
        if !extra.isEmpty { body.data = extra }
        return body
    }

    /// Branch sent numbers and booleans as JSON; the app gets them as text.
    static func text(_ value: JSONValue) -> String? {
        switch value {
        case .null: nil
        case .bool(let flag): flag ? "true" : "false"
        case .number(let number): number == number.rounded() && abs(number) < 1e15 ? String(Int(number)) : String(number)
        case .string(let text): text
        case .array, .object: (try? String(decoding: JSONEncoder().encode(value), as: UTF8.self)) ?? nil
        }
    }

    /// A stored link in Branch's read shape (`GET /v1/url`).
    static func shape(of link: LinkBody, url: String) -> JSONValue {
        var data: [String: JSONValue] = ["url": .string(url), "~id": .string(link.id ?? "")]
        let pairs: [(String, String?)] = [
            ("$fallback_url", link.webURL), ("$desktop_url", link.desktopURL), ("$ios_url", link.iosURL), ("$android_url", link.androidURL),
            ("$deeplink_path", link.path), ("$og_title", link.social?.title), ("$og_description", link.social?.description),
            ("$og_image_url", link.social?.imageURL), ("~channel", link.campaign?.channel), ("~campaign", link.campaign?.campaign),
            ("~feature", link.campaign?.feature), ("deep_link_value", link.deepLinkValue),
        ]
        for case (let key, let value?) in pairs { data[key] = .string(value) }
        if link.webOnly == true { data["$web_only"] = .bool(true) }
        if let window = link.matchWindowSeconds { data["$match_duration"] = .number(Double(window)) }
        for (key, value) in link.data ?? [:] { data[key] = .string(value) }
        var answer: [String: JSONValue] = ["data": .object(data), "type": .number(0)]
        if let alias = link.alias { answer["alias"] = .string(alias) }
        for (key, value) in [("channel", link.campaign?.channel), ("campaign", link.campaign?.campaign), ("feature", link.campaign?.feature)] {
            if let value { answer[key] = .string(value) }
        }
        return .object(answer)
    }
}
