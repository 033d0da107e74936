extension WireSchemas {
    /// `POST /v1/shortLinks` as Firebase documented it: a long link, or its parts.
    static var firebaseRequest: JSONSchema {
        let strings: (String...) -> JSONSchema = { names in
            var schema = JSONSchema(types: [.object])
            schema.properties = names.map { JSONSchema.Property(name: $0, schema: .string()) }
            return schema
        }
        return .object([
            "longDynamicLink": JSONSchema.string().described("https://<short host>/?link=...&apn=...; or give dynamicLinkInfo."),
            "dynamicLinkInfo": .object([
                "domainUriPrefix": JSONSchema.string().described("One of the app's short hosts, as https://host."), "link": .string(),
                "androidInfo": strings("androidPackageName", "androidFallbackLink", "androidMinPackageVersionCode"),
                "iosInfo": strings(
                    "iosBundleId", "iosFallbackLink", "iosCustomScheme", "iosIpadFallbackLink", "iosIpadBundleId", "iosAppStoreId",
                    "iosMinimumVersion"),
                "navigationInfo": .object(["enableForcedRedirect": .boolean]),
                "analyticsInfo": .object([
                    "googlePlayAnalytics": strings("utmSource", "utmMedium", "utmCampaign", "utmTerm", "utmContent"),
                    "itunesConnectAnalytics": strings("at", "ct", "mt", "pt"),
                ]),
                "socialMetaTagInfo": strings("socialTitle", "socialDescription", "socialImageLink"),
            ]),
            "suffix": .object(["option": JSONSchema.choice(["SHORT", "UNGUESSABLE"]).defaulting(.text("UNGUESSABLE"))]),
        ])
    }

    static let firebaseAnswer = JSONSchema.object(
        [
            "shortLink": .string(), "previewLink": .string(),
            "warning": .array(.object(["warningCode": .string(), "warningMessage": .string()])),
        ], required: ["shortLink", "previewLink", "warning"])

    static let googleError = JSONSchema.object(
        [
            "error": .object(["code": .integer(), "message": .string(), "status": .string()], required: ["code", "message", "status"])
        ], required: ["error"])

    /// `POST /v1/url` (one link) and each item of `/v1/url/bulk/{branch_key}`.
    static let branchRequest = JSONSchema.object([
        "branch_key": JSONSchema.string().described("The app's publishable or secret key (in the path for bulk requests)."),
        "alias": .string(),
        "data": JSONSchema(types: [.object]).described("$fallback_url, $ios_url, $deeplink_path, $og_title, ~channel, ... and the app's own keys."),
        "channel": .string(), "feature": .string(), "campaign": .string(), "stage": .string(), "tags": .array(.string()),
    ])

    static let branchError = JSONSchema.object(
        [
            "error": .object(["code": .integer(), "message": .string()], required: ["code", "message"])
        ], required: ["error"])
}
