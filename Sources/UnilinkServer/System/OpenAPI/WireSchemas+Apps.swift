import UnilinkAPI
import UnilinkCore

extension WireSchemas {
    static let teamID = JSONSchema.string(pattern: "^[A-Z0-9]{10}$")
    static let bundleID = JSONSchema.string(length: WireLimits.identifierLength, pattern: #"^[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$"#)
    static let scheme = JSONSchema.string(length: WireLimits.identifierLength, pattern: #"^[A-Za-z][A-Za-z0-9+.-]*$"#)
        .described("A custom URL scheme like `shop` (not http or https, no `://`).")
    static let hostName = JSONSchema.string(
        length: 1...253, pattern: #"^[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?(\.[A-Za-z0-9]([A-Za-z0-9-]{0,61}[A-Za-z0-9])?)*$"#
    )
    static let pathPattern = JSONSchema.string(length: WireLimits.pathPatternLength, pattern: "^[^\(whiteSpace)]+$")

    /// An app as answers show it.
    static var app: JSONSchema {
        var schema = appRequest(creating: false)
        schema.properties += [
            .init(name: "id", schema: JSONSchema.string().readOnly),
            .init(name: "secret_key", schema: JSONSchema.string().readOnly.described("Only in the answer to POST /v1/apps: shown once.")),
            .init(name: "publishable_key", schema: JSONSchema.string().readOnly),
            .init(name: "created_at", schema: timestamp.readOnly),
        ]
        schema.required = [
            "id", "name", "web", "domains", "paths", "exclude_paths", "match_window_seconds", "pasteboard_token",
            "min_match_confidence", "created_at",
        ]
        return schema
    }

    /// Creation names the app and, for each platform given, its identity; a change gives
    /// only what changes (a platform's identity is needed the first time it is set: 422).
    static func appRequest(creating: Bool) -> JSONSchema {
        .object(
            [
                "name": .string(length: WireLimits.appName, pattern: "[^\(whiteSpace)]").described("Not only spaces."),
                "ios": .object(
                    [
                        "team_id": teamID, "bundle_id": bundleID, "app_store_id": .string(pattern: "^[0-9]{1,15}$"), "scheme": scheme,
                        "additional_app_ids": .array(
                            .string(
                                max: 10 + 1 + WireLimits.identifierLength.upperBound, pattern: #"^[A-Z0-9]{10}\.[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)*$"#),
                            max: WireLimits.appListItems),
                    ], required: creating ? ["team_id", "bundle_id"] : []),
                "android": .object(
                    [
                        "package": .string(length: WireLimits.identifierLength, pattern: #"^[A-Za-z][A-Za-z0-9_]*(\.[A-Za-z][A-Za-z0-9_]*)+$"#),
                        "scheme": scheme,
                        "sha256_cert_fingerprints": .array(.string(pattern: "^[0-9A-Fa-f]{2}(:[0-9A-Fa-f]{2}){31}$"), max: WireLimits.appListItems),
                    ], required: creating ? ["package"] : []),
                "harmony": harmony(creating: creating),
                "web": .object([
                    "fallback_url": .string(max: WireLimits.linkText)
                        .described("An absolute http(s) URL as browsers read it; one they refuse is 422 invalid_destination."),
                    "allowed_hosts": .array(
                        .string(length: WireLimits.identifierLength).described("A host (IDN allowed) or *.host."), max: WireLimits.allowedHosts
                    )
                    .described("Hosts links may send people to besides the app's own."),
                ]),
                "domains": .array(
                    .object(["host": hostName, "role": .choice(HostRole.allCases.map(\.rawValue))], required: ["host", "role"]),
                    max: WireLimits.appListItems
                )
                .described("At most one primary and one alternate host; a host another app has is 409 host_taken."),
                "paths": .array(pathPattern, max: WireLimits.pathPatterns),
                "exclude_paths": .array(pathPattern, max: WireLimits.pathPatterns),
                "match_window_seconds": .integer(WireLimits.matchWindowSeconds),
                "pasteboard_token": JSONSchema.boolean.described(
                    "The preview page's button copies a token the SDK reads for an exact deferred match."),
                "min_match_confidence": JSONSchema.number(WireLimits.minMatchConfidence).defaulting(.number(DeferredMatchModel.defaultThreshold))
                    .described(
                        "How sure a probabilistic deferred match must be; below it the answer is not_found unless the SDK asks for weak matches."),
                "qr": qrDesign, "default_rules": routingRules,
            ], required: creating ? ["name"] : [])
    }

    /// HarmonyOS NEXT's block. Its rules are stated in words and refused with 422
    /// `invalid_harmony` naming the field (issue 43); only the scheme is the shared pattern's 400.
    static func harmony(creating: Bool) -> JSONSchema {
        JSONSchema.object(
            [
                "bundle_name": JSONSchema.string().described(
                    "The bundle name AppGallery lists the app under, like com.example.shop: 7 to 128 letters, digits, '_' and '.', each part starting with a letter."
                ),
                "app_identifiers": JSONSchema.array(
                    .object(
                        [
                            "app_identifier": JSONSchema.string().described(
                                "The app's APP ID in AppGallery Connect: 1 to 128 letters, digits, '.', '_' or '-'; each listed once."),
                            "index": JSONSchema.integer().described("Priority among the apps of one host, -100 to 100; absent: not written."),
                        ], required: ["app_identifier"]),
                    max: WireLimits.appListItems
                )
                .described("The apps every host's /.well-known/applinking.json lists (App Linking)."),
                "app_gallery_url": JSONSchema.string().described(
                    "An https://appgallery.huawei.com/ page; absent: https://appgallery.huawei.com/app/detail?id=<bundle_name>."),
                "scheme": scheme,
            ], required: creating ? ["bundle_name"] : []
        )
        .described("The HarmonyOS NEXT app. A value its fields' words refuse is 422 invalid_harmony naming the field.")
    }

    /// The app's QR design; what the schema cannot say (contrast, the logo's file) is 422.
    static let qrDesign = JSONSchema.object([
        "foreground": qrColour.defaulting(.text("#000000")).described("Dark modules; darker than the background."),
        "background": qrColour.defaulting(.text("#ffffff")).described(
            "Light modules and the quiet zone; a WCAG contrast of at least 4.5:1 with the foreground, or 422 low_contrast (inverted_colours when lighter)."
        ),
        "logo_png": JSONSchema.string(format: "byte").described(
            "A PNG in base64, drawn in the centre at error correction H: at most 64 KiB and 512×512 pixels, 8 bits a sample or fewer, "
                + "not interlaced (else 422 logo_too_large, logo_not_png or logo_unreadable); empty removes it."),
    ]).described("How the app's QR codes are drawn; in a change, a field left out keeps its value.")

    static let qrColour = JSONSchema.string(pattern: "^#[0-9A-Fa-f]{6}$")

    static let keyRotation = JSONSchema.object([
        "kind": choice(AppKeyKind.self).defaulting(.text(AppKeyKind.secret.rawValue)),
        "grace_seconds": JSONSchema.integer(WireLimits.graceSeconds).defaulting(.number(86_400)),
    ])

    static let keyRotationAnswer = JSONSchema.object(
        [
            "kind": choice(AppKeyKind.self), "secret_key": .string(), "publishable_key": .string(),
            "previous_key_expires_at": timestamp,
        ], required: ["kind", "previous_key_expires_at"])
}
