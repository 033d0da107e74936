import UnilinkAPI

extension WireSchemas {
    static let installID = JSONSchema.string(
        pattern: "^[A-Za-z0-9_-]{\(WireLimits.installIDLength.lowerBound),\(WireLimits.installIDLength.upperBound)}$"
    )
    .described("Random per install, made by the SDK and kept for the install's life.")

    static let resolveRequest = JSONSchema.object(
        [
            "url": JSONSchema.string(max: WireLimits.openedURL).described(
                "The URL the app was opened with (universal link, short link or scheme); one that is not an absolute URL is 422."),
            "app_version": version.described("The running app's version: a link with a higher min_app_version answers requires_update."),
            "os": choice(AppPlatform.self).defaulting(.text(AppPlatform.ios.rawValue)),
        ], required: ["url"])

    /// What only the device (or the browser, for a click's signals) knows.
    static let screenAndLanguages: KeyValuePairs<String, JSONSchema> = [
        "screen_width": .integer(WireLimits.screenPoints), "screen_height": .integer(WireLimits.screenPoints),
        "screen_scale": .number(WireLimits.screenScale),
        "time_zone": JSONSchema.string(pattern: "^[A-Za-z0-9/_+-]{\(WireLimits.timeZoneLength.lowerBound),\(WireLimits.timeZoneLength.upperBound)}$")
            .described("An IANA time zone name like Europe/Berlin."),
        "languages": .array(.string(length: WireLimits.languageLength), max: WireLimits.languages),
    ]

    static var deferredRequest: JSONSchema {
        var device = JSONSchema.object(
            [
                "os": choice(AppPlatform.self), "os_version": .string(max: WireLimits.deviceText),
                "model": JSONSchema.string(max: WireLimits.deviceText).described("iPhone16,2, SM-S918B"),
            ], required: ["os"])
        device.properties += screenAndLanguages.map { JSONSchema.Property(name: $0.key, schema: $0.value) }
        return .object(
            [
                "install_id": installID, "app_version": version, "device": device,
                "install_referrer": JSONSchema.string(max: WireLimits.linkText).described("Android: the Play Install Referrer string."),
                "pasteboard_token": JSONSchema.string(max: WireLimits.linkText).described("iOS, opt-in: the token the preview page's button copied."),
                "allow_weak_match": JSONSchema.boolean.described("Also answer matches below the app's min_match_confidence, as match_type weak."),
            ], required: ["install_id", "device"])
    }

    static let eventRequest = JSONSchema.object(
        [
            "install_id": installID, "type": choice(EventType.self),
            "name": JSONSchema.string(max: WireLimits.eventName).described("Required (not empty) for a custom event, else 422."),
            "click_id": .string(max: 128),
            "link_id": JSONSchema.string(max: 128).described(
                "The stored link an open came from (the resolve answer's click_event.link_id); another app's is 404."),
            "properties": .map(
                .string(max: WireLimits.eventPropertyValue), maxKeys: WireLimits.eventProperties, keys: .string(max: WireLimits.eventPropertyKey)),
        ], required: ["install_id", "type"])

    static var clickSignals: JSONSchema {
        var schema = JSONSchema(types: [.object])
        schema.properties = screenAndLanguages.map { JSONSchema.Property(name: $0.key, schema: $0.value) }
        return schema
    }

    static var deepLinkResult: JSONSchema {
        var deepLink = JSONSchema.object(
            [
                "url": .string(), "path": .string(), "deep_link_value": .string(),
                "is_deferred": .boolean, "match_type": choice(MatchType.self), "confidence": .number(0...1), "click_id": .string(),
                "click_event": JSONSchema.map(.string()).described("The link's data, ref and campaign, for analytics."),
                "min_app_version": JSONSchema.string().described("The link's minimum version for the caller's platform."),
                "requires_update": JSONSchema.boolean.described("The running app is older than min_app_version: send the user to store_url."),
                "store_url": .string(), "fallback_url": .string(),
                "variant": JSONSchema.string().described("The A/B variant of the link the install came from."),
            ], required: ["url", "path", "is_deferred", "click_event"])
        deepLink.properties += (1...10).map { JSONSchema.Property(name: "deep_link_sub\($0)", schema: .string()) }
        return .object(["status": choice(ResultStatus.self), "deep_link": deepLink], required: ["status"])
    }
}
