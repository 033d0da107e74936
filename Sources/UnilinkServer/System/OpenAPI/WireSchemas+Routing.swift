import UnilinkAPI
import UnilinkCore

extension WireSchemas {
    /// What the schema can say of rules; what it cannot (a country that is no ISO code, two
    /// kinds in one condition, a destination off the allow-list) is 422 naming the field.
    static var routingRules: JSONSchema {
        let values = JSONSchema.array(JSONSchema.string(max: 256), max: 50, min: 1)
        let condition = JSONSchema.object([
            "country": values.described("ISO 3166-1 alpha-2 codes; never holds without UNILINK_GEOIP_DATABASE."),
            "region": values.described("ISO 3166-2 codes (US-CA)."),
            "language": values.described("Tags the visitor's most preferred language must be; `de` takes every region."),
            "platform": JSONSchema.array(JSONSchema.choice(ClickPlatform.allCases.map(\.rawValue)), max: ClickPlatform.allCases.count, min: 1),
            "device": JSONSchema.array(JSONSchema.choice(["phone", "tablet", "desktop"]), max: 3, min: 1),
            "in_app_browser": values.described("In-app browsers by name (instagram, facebook, ...), or [\"any\"]."),
            "time": JSONSchema.object(
                [
                    "zone": JSONSchema.string(max: 64).described("An IANA time zone."),
                    "from": JSONSchema.string(max: 32).described("Local date-time, 2026-11-27T09:00."),
                    "until": JSONSchema.string(max: 32), "days": JSONSchema.array(JSONSchema.choice(TimeWindow.dayNames), max: 7, min: 1),
                    "hours": JSONSchema.array(JSONSchema.string(max: 5), max: 2, min: 2).described("[\"09:00\", \"18:00\"]; may wrap midnight."),
                ], required: ["zone"]),
            "query": JSONSchema.object(["name": JSONSchema.string(max: 128), "equals": JSONSchema.string(max: 1024)], required: ["name"]),
            "campaign": JSONSchema.object(
                ["field": JSONSchema.choice(RoutingCondition.CampaignField.allCases.map(\.rawValue)), "values": values],
                required: ["field", "values"]),
            "negate": .boolean,
        ]).described("Exactly one kind per condition (else 422).")
        let rule = JSONSchema.object(
            [
                "name": JSONSchema.string(max: 100), "match": JSONSchema.choice(["all", "any"]).defaulting(.text("all")),
                "conditions": JSONSchema.array(condition, max: RoutingRule.maximumConditions, min: 1), "destination": destinationOverride,
            ], required: ["conditions", "destination"])
        return JSONSchema.array(rule, max: LinkRouting.maximumRules)
            .described("Tried in order, the link's before its app's; the first that holds gives its destination. A PATCH replaces them all.")
    }

    static let destinationOverride = JSONSchema.object([
        "web_url": destination, "desktop_url": destination, "ios_url": destination, "android_url": destination, "web_only": .boolean,
        "social": social,
    ])

    static var linkVariants: JSONSchema {
        JSONSchema.array(
            JSONSchema.object(
                [
                    "name": JSONSchema.string(pattern: "^[A-Za-z0-9_-]{1,32}$"),
                    "weight": JSONSchema.integer(1...LinkVariant.maximumWeight), "destination": destinationOverride,
                ], required: ["name", "weight"]),
            max: LinkVariant.maximumCount
        )
        .described("An A/B test of 2 to 10 variants (else 422) splitting the visitors no rule took, by weight; [] ends it.")
    }

    static let variantReport = JSONSchema.object(
        [
            "link_id": .string(),
            "variants": .array(
                .object(
                    [
                        "name": .string(), "weight": .count, "clicks": .count, "installs": .count, "opens": .count,
                        "install_rate": .number(0...1), "interval": JSONSchema.array(.number(0...1), max: 2, min: 2),
                        "difference": .number(-1...1), "p_value": .number(0...1),
                        "verdict": JSONSchema.choice(["better", "worse", "no_difference", "too_small"]),
                    ], required: ["name", "weight", "clicks", "installs", "opens"])),
        ], required: ["link_id", "variants"])
}
