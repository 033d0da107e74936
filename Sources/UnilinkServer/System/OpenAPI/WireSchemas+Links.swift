import UnilinkAPI
import UnilinkCore

extension WireSchemas {
    static let text = JSONSchema.string(max: WireLimits.linkText)
    static let destination = text.described("An http(s) URL as browsers read it, on a host the app allows (else 422).")

    /// The fields a link is written with; answers add the read-only ones (`link`).
    static var linkRequest: JSONSchema {
        var properties: [JSONSchema.Property] = [
            .init(
                name: "path",
                schema: JSONSchema.string(max: WireLimits.linkText, pattern: "^/[^\(whiteSpace)?#]*$")
                    .described("The app's path: starts with `/`, no spaces, `?` or `#`. A link needs a path or a deep_link_value (422).")),
            .init(name: "deep_link_value", schema: text),
        ]
        properties += (1...10).map { JSONSchema.Property(name: "deep_link_sub\($0)", schema: text) }
        properties += [
            .init(name: "ref", schema: text),
            .init(
                name: "alias",
                schema: JSONSchema.string(pattern: "^[A-Za-z0-9_-]{1,\(WireLimits.aliasLength.upperBound)}$")
                    .described(
                        "The short URL's last segment instead of the code; a name the server answers itself (v1, sdk, ...) is 422 alias_reserved, one in use 409 alias_taken."
                    )),
            .init(name: "web_url", schema: destination), .init(name: "ios_url", schema: destination),
            .init(name: "android_url", schema: destination), .init(name: "desktop_url", schema: destination),
            .init(name: "web_only", schema: .boolean),
            .init(name: "min_app_version", schema: .object(["ios": version, "android": version])),
            .init(name: "social", schema: social), .init(name: "campaign", schema: campaign), .init(name: "data", schema: data),
            .init(name: "expires_at", schema: timestamp),
            .init(name: "match_window_seconds", schema: .integer(WireLimits.matchWindowSeconds)),
            .init(
                name: "dynamic_link",
                schema: JSONSchema.string(max: WireLimits.dynamicLink)
                    .described("A Firebase Dynamic Link this link routes as: its long URL or its query (`link=...&apn=...`).")),
            .init(name: "tags", schema: tags.described("Labels to file the link under; a PATCH with `tags` replaces them all.")),
            .init(
                name: "archived", schema: JSONSchema.boolean.described("Archived links are left out of the list unless asked for, and still work.")),
            .init(name: "rules", schema: routingRules), .init(name: "variants", schema: linkVariants),
        ]
        var schema = JSONSchema(types: [.object])
        schema.properties = properties
        return schema
    }

    /// Trimmed; blank ones are dropped, repeats kept once.
    static let tags = JSONSchema.array(
        JSONSchema.string(max: LinkTags.maxLength, pattern: "^[^,\\u0000-\\u001F\\u007F-\\u009F]*$"), max: LinkTags.maxCount)

    static let linkBulkRequest = JSONSchema.object(
        [
            "action": JSONSchema.choice(["archive", "unarchive", "add_tags", "remove_tags", "set_campaign", "delete"]),
            "ids": JSONSchema.array(JSONSchema.string(length: 1...64), max: LinkBulkAction.maxLinks, min: 1)
                .described("Links of the chosen app; one that is not refuses the whole request (422), nothing changed."),
            "tags": JSONSchema.array(
                JSONSchema.string(
                    length: 1...LinkTags.maxLength,
                    pattern: "^[^,\\u0000-\\u001F\\u007F-\\u009F]*[^,\\s\\u0000-\\u001F\\u007F-\\u009F][^,\\u0000-\\u001F\\u007F-\\u009F]*$"),
                max: LinkTags.maxCount, min: 1
            )
            .described("For add_tags and remove_tags (400 without)."),
            "campaign": text.described("For set_campaign: the campaign name; empty or absent clears it."),
        ], required: ["action", "ids"])

    static let social = JSONSchema.object([
        "title": text, "description": text, "image_url": text.described("An absolute http(s) URL (else 422 invalid_url)."),
    ])
    static let campaign = JSONSchema.object(["channel": text, "campaign": text, "feature": text, "source": text, "medium": text])
    static let data = JSONSchema.map(text, maxKeys: WireLimits.dataKeys, keys: .string(length: WireLimits.dataKeyLength))
        .described("Strings the app receives with the link.")

    static var link: JSONSchema {
        var schema = linkRequest
        schema.properties += [
            .init(name: "id", schema: JSONSchema.string().readOnly), .init(name: "code", schema: JSONSchema.string().readOnly),
            .init(name: "short_url", schema: JSONSchema.string().readOnly.described("Ends in the alias when the link has one, else the code.")),
            .init(name: "long_url", schema: JSONSchema.string().readOnly),
            .init(
                name: "known_user_url",
                schema: JSONSchema.string().readOnly.described(
                    "The link with a signed ul_installed marker, for people known to have the app: where universal links do not fire it opens the app's scheme."
                )),
            .init(name: "state", schema: JSONSchema.choice(LinkState.allCases.map(\.rawValue)).readOnly),
            .init(name: "created_at", schema: timestamp.readOnly), .init(name: "updated_at", schema: timestamp.readOnly),
        ]
        schema.required = ["id", "code", "created_at", "updated_at"]
        return schema
    }

    /// What a web page's share button may set: content, campaign and card.
    static var webLinkRequest: JSONSchema {
        var schema = linkRequest
        let kept: Set<String> = ["path", "deep_link_value", "web_url", "social", "campaign", "data"]
        schema.properties = schema.properties.filter { kept.contains($0.name) || $0.name.hasPrefix("deep_link_sub") }
        return schema
    }

    static let webLink = JSONSchema.object(["short_url": .string(), "long_url": .string()])

    static let linkStats = JSONSchema.object(
        [
            "link_id": .string(), "from": day, "to": day, "granularity": choice(StatsGranularity.self),
            "tz": JSONSchema.string().described("The IANA zone the days and buckets are read in."), "clicks": .count,
            "by_platform": .map(.count).described("ios, android, harmony, desktop, other -> clicks."),
            "by_outcome": .map(.count).described("preview, store, web, intent, ... -> clicks."),
            "by_source": .map(.count).described("The app whose web view a click came from (instagram, wechat, ...), browser for none -> clicks."),
            "installs": .count, "opens": .count,
            "daily": .array(.object(["date": day, "clicks": .count], required: ["date", "clicks"])).described("The local days that had clicks."),
            "series": statsSeries, "custom_events": customEvents,
            "automated": JSONSchema.count.described("Clicks of mail scanners and robots, by UTC day: in no other figure."),
            "by_automated": .map(.count).described("scanner, bot -> clicks."),
            "by_country": byCountry, "by_rule": byRule,
        ],
        required: [
            "link_id", "from", "to", "granularity", "tz", "clicks", "by_platform", "by_outcome", "by_source", "installs", "opens", "daily",
            "series", "custom_events", "automated", "by_automated", "by_country", "by_rule",
        ])

    static let customEvents = JSONSchema.map(.count).described("Custom events by their name -> count.")

    static let byCountry = JSONSchema.map(.count).described(
        "People's clicks by the visitor's country (ISO 3166-1, unknown for an address the database does not place), by UTC day; empty without a country database."
    )

    static let byRule = JSONSchema.array(
        .object(
            [
                "rule": JSONSchema.integer(1...50).described(
                    "The rule's number at the click among the link's own rules, or among the app's default rules with from_app; absent: no rule held."
                ),
                "name": JSONSchema.string().described("The rule's name at the click, when it had one."), "from_app": .boolean, "clicks": .count,
            ], required: ["from_app", "clicks"])
    ).described("People's clicks by the routing rule that gave the destination, by UTC day.")

    static let statsSeries = JSONSchema.array(
        .object(
            [
                "start": JSONSchema.string().described("The bucket's local start: 2026-11-23T14, 2026-11-23 or 2026-11."),
                "clicks": .count, "installs": .count, "opens": .count,
            ], required: ["start", "clicks", "installs", "opens"]))

    static let appStats = JSONSchema.object(
        [
            "app_id": .string(), "from": day, "to": day, "granularity": choice(StatsGranularity.self),
            "tz": JSONSchema.string().described("The IANA zone the days and buckets are read in."),
            "clicks": .count, "installs": .count, "opens": .count,
            "by_platform": .map(.count).described("ios, android, harmony, desktop, other -> clicks."),
            "by_outcome": .map(.count).described("preview, store, web, intent, ... -> clicks."),
            "by_source": .map(.count).described("The app whose web view a click came from (instagram, wechat, ...), browser for none -> clicks."),
            "top_links": .array(
                .object(["link_id": JSONSchema.string().nullable, "clicks": .count], required: ["link_id", "clicks"]),
                max: AppStatsReport.topLinks),
            "series": statsSeries, "custom_events": customEvents,
            "automated": JSONSchema.count.described("Clicks of mail scanners and robots, by UTC day: in no other figure."),
            "by_automated": .map(.count).described("scanner, bot -> clicks."),
            "by_country": byCountry, "by_rule": byRule,
        ],
        required: [
            "app_id", "from", "to", "granularity", "tz", "clicks", "installs", "opens", "by_platform", "by_outcome", "by_source", "top_links",
            "series", "custom_events", "automated", "by_automated", "by_country", "by_rule",
        ])

    static let linkBatchPlan = JSONSchema.object(
        [
            "app_id": .string(),
            "data": .array(
                .object(
                    [
                        "index": .count, "status": choice(PlanStatus.self), "alias": .string(),
                        "message": JSONSchema.string().described("Why the link cannot be created."),
                        "url": JSONSchema.string().described("The stored link's short URL, for exists."),
                    ], required: ["index", "status"])),
        ], required: ["app_id", "data"])
}
