extension LinkBody {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
        static func sub(_ index: Int) -> Key { Key(stringValue: "deep_link_sub\(index)") }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func field<T: Decodable>(_ name: String) throws -> T? { try container.decodeIfPresent(T.self, forKey: Key(stringValue: name)) }
        id = try field("id")
        code = try field("code")
        shortURL = try field("short_url")
        longURL = try field("long_url")
        knownUserURL = try field("known_user_url")
        path = try field("path")
        deepLinkValue = try field("deep_link_value")
        deepLinkSubs = [:]
        for index in 1...10 {
            if let sub = try container.decodeIfPresent(String.self, forKey: .sub(index)) { deepLinkSubs[index] = sub }
        }
        ref = try field("ref")
        alias = try field("alias")
        webURL = try field("web_url")
        iosURL = try field("ios_url")
        androidURL = try field("android_url")
        desktopURL = try field("desktop_url")
        webOnly = try field("web_only")
        minAppVersion = try field("min_app_version")
        social = try field("social")
        campaign = try field("campaign")
        data = try field("data")
        expiresAt = try field("expires_at")
        matchWindowSeconds = try field("match_window_seconds")
        dynamicLink = try field("dynamic_link")
        tags = try field("tags")
        archived = try field("archived")
        rules = try field("rules")
        variants = try field("variants")
        state = try field("state")
        createdAt = try field("created_at")
        updatedAt = try field("updated_at")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        func put<T: Encodable>(_ value: T?, _ name: String) throws { try container.encodeIfPresent(value, forKey: Key(stringValue: name)) }
        try put(id, "id")
        try put(code, "code")
        try put(shortURL, "short_url")
        try put(longURL, "long_url")
        try put(knownUserURL, "known_user_url")
        try put(path, "path")
        try put(deepLinkValue, "deep_link_value")
        for (index, sub) in deepLinkSubs.sorted(by: { $0.key < $1.key }) { try container.encode(sub, forKey: .sub(index)) }
        try put(ref, "ref")
        try put(alias, "alias")
        try put(webURL, "web_url")
        try put(iosURL, "ios_url")
        try put(androidURL, "android_url")
        try put(desktopURL, "desktop_url")
        try put(webOnly, "web_only")
        try put(minAppVersion, "min_app_version")
        try put(social, "social")
        try put(campaign, "campaign")
        try put(data, "data")
        try put(expiresAt, "expires_at")
        try put(matchWindowSeconds, "match_window_seconds")
        try put(dynamicLink, "dynamic_link")
        try put(tags, "tags")
        try put(archived, "archived")
        try put(rules, "rules")
        try put(variants, "variants")
        try put(state, "state")
        try put(createdAt, "created_at")
        try put(updatedAt, "updated_at")
    }
}

/// `GET /v1/links`: one page, newest first.
public struct LinkPage: Codable, Sendable, Equatable {
    public var data: [LinkBody]
    /// Pass as `cursor` for the next page; absent on the last one.
    public var nextCursor: String?

    public init(data: [LinkBody], nextCursor: String?) {
        self.data = data
        self.nextCursor = nextCursor
    }

    enum CodingKeys: String, CodingKey {
        case data, nextCursor = "next_cursor"
    }
}

/// `POST /v1/links/batch` answer.
public struct LinkBatch: Codable, Sendable, Equatable {
    public var data: [LinkBody]

    public init(data: [LinkBody]) {
        self.data = data
    }
}
