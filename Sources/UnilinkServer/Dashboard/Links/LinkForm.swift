import Foundation
import UnilinkAPI
import UnilinkCore

/// The link form's fields: every field of the API's link body.
struct LinkForm: Decodable, Sendable {
    var csrf: String?
    var path: String?
    var alias: String?
    var deepLinkValue: String?
    var webURL: String?
    var iosURL: String?
    var androidURL: String?
    var desktopURL: String?
    var webOnly: String?
    var minIOS: String?
    var minAndroid: String?
    var socialTitle: String?
    var socialDescription: String?
    var socialImageURL: String?
    var channel: String?
    var campaign: String?
    var feature: String?
    var source: String?
    var medium: String?
    var expiresAt: String?
    var matchWindowSeconds: String?
    var data: String?
    var subs: String?
    var tags: String?
    /// The routing rules and A/B variants as the API's JSON; empty removes them.
    var rules: String?
    var variants: String?
    /// `preview`: try a visitor against the form as typed, without saving.
    var intent: String?
    var previewVisitor: String?
    var previewCountry: String?
    var previewLanguages: String?
    var previewAt: String?

    enum CodingKeys: String, CodingKey {
        case csrf, path, alias, channel, campaign, feature, source, medium, data, subs, tags, rules, variants, intent
        case deepLinkValue = "deep_link_value", webURL = "web_url", iosURL = "ios_url", androidURL = "android_url", desktopURL = "desktop_url"
        case webOnly = "web_only", minIOS = "min_ios", minAndroid = "min_android", socialTitle = "social_title"
        case socialDescription = "social_description", socialImageURL = "social_image_url", expiresAt = "expires_at"
        case matchWindowSeconds = "match_window_seconds"
        case previewVisitor = "preview_visitor", previewCountry = "preview_country", previewLanguages = "preview_languages"
        case previewAt = "preview_at"
    }

    var previews: Bool { intent == "preview" }

    /// Custom data is `key=value` per line.
    func body() throws -> LinkBody {
        let text = AppForm.text
        var body = LinkBody(path: text(path), deepLinkValue: text(deepLinkValue), alias: text(alias))
        body.webURL = text(webURL)
        body.iosURL = text(iosURL)
        body.androidURL = text(androidURL)
        body.desktopURL = text(desktopURL)
        body.webOnly = webOnly == "on"
        if text(minIOS) != nil || text(minAndroid) != nil { body.minAppVersion = .init(ios: text(minIOS), android: text(minAndroid)) }
        if text(socialTitle) != nil || text(socialDescription) != nil || text(socialImageURL) != nil {
            body.social = .init(title: text(socialTitle), description: text(socialDescription), imageURL: text(socialImageURL))
        }
        if [channel, campaign, feature, source, medium].contains(where: { text($0) != nil }) {
            body.campaign = .init(
                channel: text(channel), campaign: text(campaign), feature: text(feature), source: text(source), medium: text(medium))
        }
        body.expiresAt = text(expiresAt)
        // Always sent: an emptied field removes the tags.
        body.tags = LinkTags.parse(tags ?? "")
        if let window = text(matchWindowSeconds) {
            guard let seconds = Int(window) else { throw APIError.badRequest("'match_window_seconds' must be a whole number of seconds") }
            body.matchWindowSeconds = seconds
        }
        let pairs = try AppForm.lines(data).map { line -> (String, String) in
            guard let equals = line.firstIndex(of: "=") else { throw APIError.badRequest("each data line is 'key=value'; got '\(line)'") }
            return (
                String(line[..<equals]).trimmingCharacters(in: .whitespaces),
                String(line[line.index(after: equals)...]).trimmingCharacters(in: .whitespaces)
            )
        }
        if !pairs.isEmpty { body.data = Dictionary(pairs, uniquingKeysWith: { $1 }) }
        // A form from before the fields existed sends neither: the link keeps its own.
        if let rules { body.rules = try Self.json([RoutingRuleBody].self, rules, field: "rules") }
        if let variants { body.variants = try Self.json([LinkVariantBody].self, variants, field: "variants") }
        for line in AppForm.lines(subs) {
            let parts = line.split(separator: "=", maxSplits: 1).map { $0.trimmingCharacters(in: .whitespaces) }
            guard parts.count == 2, let index = Int(parts[0]), (1...10).contains(index) else {
                throw APIError.badRequest("each deep_link_sub line is 'n=value' with n from 1 to 10; got '\(line)'")
            }
            body.deepLinkSubs[index] = parts[1]
        }
        return body
    }

    /// A JSON list typed into a textarea; blank is an empty list.
    static func json<T: Decodable>(_ type: [T].Type, _ text: String, field: String) throws -> [T] {
        guard !text.allSatisfy(\.isWhitespace) else { return [] }
        do {
            return try JSONDecoder().decode(type, from: Data(text.utf8))
        } catch DecodingError.dataCorrupted(let context) where context.codingPath.isEmpty {
            throw APIError.unprocessable("invalid_rule", "'\(field)': is not valid JSON: a list in [ ], names and texts in double quotes")
        } catch let error as DecodingError {
            throw APIError.unprocessable("invalid_rule", "'\(field)': \(Self.describe(error))")
        }
    }

    /// `rules[0].conditions[1].country: expected a list`.
    private static func describe(_ error: DecodingError) -> String {
        func path(_ context: DecodingError.Context) -> String {
            context.codingPath.map { $0.intValue.map { "[\($0)]" } ?? ".\($0.stringValue)" }.joined()
        }
        switch error {
        case .typeMismatch(let type, let context): return "at \(path(context)): expected \(type == String.self ? "a string" : "\(type)")"
        case .valueNotFound(_, let context): return "at \(path(context)): a value is missing"
        case .keyNotFound(let key, let context): return "at \(path(context)): '\(key.stringValue)' is missing"
        case .dataCorrupted(let context): return "at \(path(context)): \(context.debugDescription)"
        @unknown default: return "not readable"
        }
    }
}
