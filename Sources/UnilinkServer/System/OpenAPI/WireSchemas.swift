import UnilinkAPI

/// The schemas of the wire types (`UnilinkAPI`), named as `/openapi.json`'s components,
/// with the limits the server checks (`WireLimits`).
enum WireSchemas {
    static var components: [String: JSONSchema] {
        [
            "Error": error, "App": app, "AppCreate": appRequest(creating: true).asRequest, "AppPatch": appRequest(creating: false).asRequest,
            "AppList": .object(["data": .array(.ref("App"))], required: ["data"]),
            "KeyRotation": keyRotation.asRequest, "KeyRotationAnswer": keyRotationAnswer,
            "Link": link, "LinkCreate": opening(linkRequest.asRequest, ["path", "deep_link_value", "dynamic_link"]),
            "LinkPatch": linkRequest.asRequest, "WebLinkCreate": opening(webLinkRequest.asRequest, ["path", "deep_link_value"]),
            "LinkPage": .object(
                ["data": .array(.ref("Link")), "next_cursor": .string().described("Pass as `cursor` for the next page; absent on the last one.")],
                required: ["data"]),
            "LinkBatchRequest": .array(.ref("LinkCreate"), max: WireLimits.batchLinks.upperBound, min: WireLimits.batchLinks.lowerBound),
            "LinkBatch": .object(["data": .array(.ref("Link"))], required: ["data"]),
            "LinkBulkRequest": linkBulkRequest.asRequest,
            "LinkBatchPlan": linkBatchPlan, "LinkStats": linkStats, "VariantReport": variantReport, "AppStats": appStats, "WebLink": webLink,
            "AuditPage": auditPage,
            "ResolveRequest": resolveRequest.asRequest, "DeferredRequest": deferredRequest.asRequest, "EventRequest": eventRequest.asRequest,
            "ClickSignals": clickSignals.asRequest, "DeepLinkResult": deepLinkResult,
            "FirebaseShortLinkRequest": firebaseRequest.asRequest, "FirebaseShortLink": firebaseAnswer, "GoogleError": googleError,
            "BranchLinkRequest": branchRequest.asRequest, "BranchError": branchError,
            "BranchBulkRequest": .array(.ref("BranchLinkRequest"), max: WireLimits.batchLinks.upperBound),
        ].merging(people) { first, _ in first }.merging(webhooks) { first, _ in first }
    }

    static let error = JSONSchema.object(
        [
            "error": .object(
                ["code": .string().described("A machine-readable code: bad_request, unauthorized, not_found, ..."), "message": .string()],
                required: ["code", "message"])
        ], required: ["error"])

    /// A new link names something for the app to open (one of `fields`, not null: else 422).
    static func opening(_ schema: JSONSchema, _ fields: [String]) -> JSONSchema {
        var schema = schema
        schema.anyOf = fields.map { JSONSchema(required: [$0]) }
        return schema
    }

    static func choice<Value: WireEnum>(_ type: Value.Type) -> JSONSchema {
        .choice(Value.allCases.map(\.rawValue))
    }

    /// RFC 3339 in the one form the server writes and reads (`2027-01-01T00:00:00Z`,
    /// fractions and offsets allowed).
    static let timestamp = JSONSchema.string(
        pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}(\.[0-9]{1,9})?(Z|[+-][0-9]{2}:[0-9]{2})$"#, format: "date-time"
    )

    /// A day, `2026-11-22`.
    /// A day of the calendar (RFC 3339's full-date): 2026-02-30 has the shape and is refused.
    static let day = JSONSchema.string(pattern: #"^[0-9]{4}-[0-9]{2}-[0-9]{2}$"#, format: "date")

    /// Unicode's White_Space characters, as a class body for a pattern.
    static let whiteSpace = #"\t-\r \u0085\u00A0\u1680\u2000-\u200A\u2028\u2029\u202F\u205F\u3000"#

    /// `5.2.0` or a version code like `520`.
    static let version = JSONSchema.string(max: WireLimits.deviceText, pattern: #"^[0-9]{1,10}(\.[0-9]{1,10})*$"#)
}
