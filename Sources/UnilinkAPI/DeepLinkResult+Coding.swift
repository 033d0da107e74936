extension DeepLinkResultBody.DeepLink {
    struct Key: CodingKey {
        var stringValue: String
        var intValue: Int? { nil }
        init(stringValue: String) { self.stringValue = stringValue }
        init?(intValue: Int) { nil }
    }

    public init(from decoder: any Decoder) throws {
        let container = try decoder.container(keyedBy: Key.self)
        func field<T: Decodable>(_ name: String) throws -> T? { try container.decodeIfPresent(T.self, forKey: Key(stringValue: name)) }
        url = try field("url") ?? ""
        path = try field("path") ?? "/"
        deepLinkValue = try field("deep_link_value")
        deepLinkSubs = [:]
        for index in 1...10 {
            if let sub: String = try field("deep_link_sub\(index)") { deepLinkSubs[index] = sub }
        }
        isDeferred = try field("is_deferred") ?? false
        matchType = try field("match_type")
        confidence = try field("confidence")
        clickID = try field("click_id")
        variant = try field("variant")
        clickEvent = try field("click_event") ?? [:]
        minAppVersion = try field("min_app_version")
        requiresUpdate = try field("requires_update")
        storeURL = try field("store_url")
        fallbackURL = try field("fallback_url")
    }

    public func encode(to encoder: any Encoder) throws {
        var container = encoder.container(keyedBy: Key.self)
        try container.encode(url, forKey: Key(stringValue: "url"))
        try container.encode(path, forKey: Key(stringValue: "path"))
        try container.encodeIfPresent(deepLinkValue, forKey: Key(stringValue: "deep_link_value"))
        for (index, sub) in deepLinkSubs.sorted(by: { $0.key < $1.key }) {
            try container.encode(sub, forKey: Key(stringValue: "deep_link_sub\(index)"))
        }
        try container.encode(isDeferred, forKey: Key(stringValue: "is_deferred"))
        try container.encodeIfPresent(matchType, forKey: Key(stringValue: "match_type"))
        try container.encodeIfPresent(confidence, forKey: Key(stringValue: "confidence"))
        try container.encodeIfPresent(clickID, forKey: Key(stringValue: "click_id"))
        try container.encodeIfPresent(variant, forKey: Key(stringValue: "variant"))
        try container.encode(clickEvent, forKey: Key(stringValue: "click_event"))
        try container.encodeIfPresent(minAppVersion, forKey: Key(stringValue: "min_app_version"))
        try container.encodeIfPresent(requiresUpdate, forKey: Key(stringValue: "requires_update"))
        try container.encodeIfPresent(storeURL, forKey: Key(stringValue: "store_url"))
        try container.encodeIfPresent(fallbackURL, forKey: Key(stringValue: "fallback_url"))
    }
}
