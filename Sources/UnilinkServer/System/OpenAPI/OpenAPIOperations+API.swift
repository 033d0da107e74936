import HTTPTypes
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The management and SDK operations, with every status each can answer.
extension OpenAPIOperation {
    typealias A = Answer

    static var apps: [OpenAPIOperation] {
        let read: [Int] = [401, 403, 429, 503], write: [Int] = [400, 401, 403, 413, 422, 429, 503]
        return [
            .init(
                method: .post, path: APIPath.apps, summary: "Create an app with its hosts", credential: .apiToken, scope: .appsWrite,
                body: "AppCreate",
                answers: [.json(201, "Created; the only answer that shows the secret key", "App")] + A.errors(write + [409])),
            .init(
                method: .get, path: APIPath.apps, summary: "List apps", credential: .apiToken, scope: .appsRead,
                answers: [.json(200, "Apps", "AppList")] + A.errors(read)),
            .init(
                method: .get, path: APIPath.app, summary: "Get an app", credential: .apiToken, scope: .appsRead,
                answers: [.json(200, "The app", "App")] + A.errors(read + [404])),
            .init(
                method: .patch, path: APIPath.app, summary: "Change an app (fields given replace the stored ones)", credential: .apiToken,
                scope: .appsWrite,
                body: "AppPatch",
                answers: [.json(200, "The app", "App")] + A.errors(write + [404, 409])),
            .init(
                method: .post, path: APIPath.appKeyRotation,
                summary: "A new secret or publishable key; the old one works until its grace period ends",
                credential: .apiToken, scope: .appsWrite, body: .optional("KeyRotation"),
                answers: [.json(201, "The new key, shown once", "KeyRotationAnswer")] + A.errors(write + [404])),
            .init(
                method: .get, path: APIPath.appStats, summary: "The app's numbers over local days, from the counters kept on write",
                credential: .apiToken, scope: .statsRead,
                parameters: [
                    .init(name: "from", place: .query, schema: WireSchemas.day, summary: "First local day; 29 days before `to` if absent"),
                    .init(name: "to", place: .query, schema: WireSchemas.day, summary: "Last local day; today in `tz` if absent"),
                ] + Self.statsBuckets, answers: [.json(200, "Stats", "AppStats")] + A.errors(read + [400, 404])),
            .init(
                method: .get, path: APIPath.appClicksCSV,
                summary: "The app's raw clicks as CSV, oldest first, streamed (clicks past their retention are gone; the stats keep them)",
                credential: .apiToken, scope: .statsRead,
                parameters: [
                    .init(name: "from", place: .query, schema: WireSchemas.day, summary: "First local day; 29 days before `to` if absent"),
                    .init(name: "to", place: .query, schema: WireSchemas.day, summary: "Last local day; today in `tz` if absent"),
                    .init(
                        name: "tz", place: .query, schema: JSONSchema.string(length: 1...64),
                        summary: "IANA time zone the days begin in (UTC if absent); an unknown one is 400"),
                    .init(name: "link_id", place: .query, schema: JSONSchema.string(length: 1...64), summary: "Only this link's clicks"),
                    .init(
                        name: "platform", place: .query, schema: JSONSchema.choice(ClickPlatform.allCases.map(\.rawValue)),
                        summary: "Only this platform"),
                    .init(
                        name: "outcome", place: .query, schema: JSONSchema.choice(ClickOutcome.allCases.map(\.rawValue)), summary: "Only this outcome"
                    ),
                    .init(
                        name: "source", place: .query, schema: JSONSchema.string(length: 1...64),
                        summary: "Only clicks from this app's web view (instagram, wechat, ...); browser for none"),
                ],
                answers: [
                    .init(
                        status: 200, summary: "time,click_id,link_id,host,path,platform,outcome,source; time in UTC with milliseconds",
                        shape: .media(["text/csv"]))
                ] + A.errors(read + [400, 404])),
        ]
    }

    static var audit: [OpenAPIOperation] {
        [
            .init(
                method: .get, path: APIPath.audit, summary: "Who changed what, newest first (read only: the changes append it)",
                credential: .apiToken, scope: .auditRead,
                parameters: [
                    .init(name: "app_id", place: .query, schema: JSONSchema.string(length: 1...128), summary: "Only this app's entries"),
                    .init(
                        name: "object_id", place: .query, schema: JSONSchema.string(length: 1...128), summary: "Only this link's, app's or session's"),
                    .init(
                        name: "actor", place: .query, schema: JSONSchema.choice(AuditActor.Kind.allCases.map(\.rawValue)),
                        summary: "Only this kind of actor"),
                    .init(name: "action", place: .query, schema: JSONSchema.string(length: 1...128), summary: "Only this action, link.update"),
                    .init(name: "from", place: .query, schema: WireSchemas.timestamp, summary: "At or after this time"),
                    .init(name: "to", place: .query, schema: WireSchemas.timestamp, summary: "Before this time"),
                    .init(name: "cursor", place: .query, schema: JSONSchema.string(length: 1...128), summary: "The previous page's next_cursor"),
                    .init(
                        name: "limit", place: .query, schema: JSONSchema.integer(1...AuditController.maxLimit).defaulting(.number(50)),
                        summary: "Entries per page"),
                    .init(
                        name: "user", place: .query, schema: JSONSchema.string(length: 1...128),
                        summary: "Only this person's changes, their own and their tokens'"),
                ], answers: [.json(200, "Entries", "AuditPage")] + A.errors([400, 401, 403, 404, 429, 503]))
        ]
    }

    static var links: [OpenAPIOperation] {
        let read: [Int] = [401, 403, 404, 429, 503], write: [Int] = [400, 401, 403, 404, 409, 413, 422, 429, 503]
        let app = Parameter(
            name: "app_id", place: .query, schema: JSONSchema.string(length: 1...64),
            summary: "The app, for a person's token or the admin token (422 without it when they have several); a secret key's is its own")
        return [
            .init(
                method: .post, path: APIPath.links, summary: "Create a link (same alias and content: the existing link)", credential: .apiToken,
                scope: .linksWrite, parameters: [app], body: "LinkCreate",
                answers: [.json(201, "Created", "Link"), .json(200, "An identical link with this alias exists", "Link")] + A.errors(write)),
            .init(
                method: .get, path: APIPath.links, summary: "List links, newest first unless `sort` says otherwise", credential: .apiToken,
                scope: .linksRead,
                parameters: [
                    app, .init(name: "cursor", place: .query, schema: .string(), summary: "next_cursor of the page before (same query)"),
                    .init(name: "limit", place: .query, schema: JSONSchema.integer(WireLimits.pageSize).defaulting(.number(50))),
                    .init(
                        name: "q", place: .query, schema: .string(max: 200),
                        summary: "Text in the path, alias, code, destinations, campaign fields or tags (any case)"),
                    .init(name: "tag", place: .query, schema: .string(), summary: "Only links with this tag"),
                    .init(name: "campaign", place: .query, schema: .string(), summary: "Only links of this campaign name"),
                    .init(
                        name: "state", place: .query, schema: JSONSchema.choice(LinkListing.States.allCases.map(\.rawValue)),
                        summary: "current (default: all but archived), live, expired, archived or all"),
                    .init(
                        name: "sort", place: .query,
                        schema: JSONSchema.choice(LinkListing.Order.allCases.flatMap { [$0.rawValue, "-" + $0.rawValue] }),
                        summary: "A column, `-` first for descending (default -created); clicks_7d and clicks_30d count people's clicks"),
                ], answers: [.json(200, "A page", "LinkPage")] + A.errors([400, 401, 403, 404, 422, 429, 503])),
            .init(
                method: .post, path: APIPath.linkBulk, summary: "One action on up to 500 links of the app, all or none", credential: .apiToken,
                scope: .linksWrite, parameters: [app], body: "LinkBulkRequest",
                answers: [.json(200, "The links after the action (none after delete)", "LinkBatch")] + A.errors(write)),
            .init(
                method: .post, path: APIPath.linkBatch, summary: "Create up to 1000 links, all or none", credential: .apiToken, scope: .linksWrite,
                parameters: [
                    app,
                    .init(
                        name: "dry_run", place: .query, schema: .boolean,
                        summary:
                            "true: what each link would do, nothing stored; an item this document does not allow is `invalid` in the plan, not a 400"),
                ], body: "LinkBatchRequest",
                answers: [
                    .json(201, "Created", "LinkBatch"), .json(200, "The dry run's plan", "LinkBatchPlan"),
                ] + A.errors(write)),
            .init(
                method: .get, path: APIPath.link, summary: "Get a link", credential: .apiToken, scope: .linksRead,
                answers: [.json(200, "The link", "Link")] + A.errors(read)),
            .init(
                method: .patch, path: APIPath.link, summary: "Change a link", credential: .apiToken, scope: .linksWrite, body: "LinkPatch",
                answers: [.json(200, "The link", "Link")] + A.errors(write + [403, 404])),
            .init(
                method: .delete, path: APIPath.link, summary: "Delete a link", credential: .apiToken, scope: .linksWrite,
                answers: [.init(status: 204, summary: "Deleted")] + A.errors(read)),
            .init(
                method: .get, path: APIPath.linkStats, summary: "The link's numbers over local days, from the counters kept on write",
                credential: .apiToken, scope: .statsRead,
                parameters: [
                    .init(
                        name: "from", place: .query, schema: WireSchemas.day,
                        summary: "First local day; the day the link was made if absent (as far back as the granularity allows)"),
                    .init(name: "to", place: .query, schema: WireSchemas.day, summary: "Last local day; today in `tz` if absent"),
                ] + Self.statsBuckets, answers: [.json(200, "Stats", "LinkStats")] + A.errors(read + [400])),
            .init(
                method: .get, path: APIPath.linkVariants,
                summary: "The link's A/B test: each variant's clicks, installs and opens, and how it compares",
                credential: .apiToken, scope: .statsRead, answers: [.json(200, "The variants", "VariantReport")] + A.errors(read)),
            .init(
                method: .get, path: APIPath.linkQR, summary: "The link's short URL (or long URL) as a QR code", credential: .apiToken,
                scope: .linksRead,
                parameters: [
                    .init(name: "format", place: .query, schema: JSONSchema.choice(["svg", "png"]).defaulting(.text("svg"))),
                    .init(name: "size", place: .query, schema: JSONSchema.integer(WireLimits.qrSize).defaulting(.number(256)), summary: "Pixels"),
                    .init(
                        name: "level", place: .query, schema: JSONSchema.choice(["L", "M", "Q", "H", "l", "m", "q", "h"]).defaulting(.text("M")),
                        summary: "Error correction (H when a logo is drawn)"),
                    .init(
                        name: "fg", place: .query, schema: JSONSchema.string(pattern: "^#?[0-9A-Fa-f]{6}$"),
                        summary: "Dark colour, rrggbb; the app's QR design if absent"),
                    .init(
                        name: "bg", place: .query, schema: JSONSchema.string(pattern: "^#?[0-9A-Fa-f]{6}$"),
                        summary: "Light colour, rrggbb; under 4.5:1 contrast with fg, or lighter than it, is 422"),
                    .init(
                        name: "logo", place: .query, schema: JSONSchema.choice(["0", "1"]),
                        summary: "The design's logo: drawn when it has one and it fits; 1 asks for it (422 no_logo, logo_does_not_fit)"),
                ],
                answers: [.init(status: 200, summary: "The image", shape: .media(["image/svg+xml", "image/png"]))] + A.errors(read + [400, 409, 422])),
        ]
    }

    /// What the app's and a link's stats take beside their days.
    static let statsBuckets: [OpenAPIOperation.Parameter] = [
        .init(
            name: "granularity", place: .query, schema: WireSchemas.choice(StatsGranularity.self),
            summary: "Buckets of the series (day if absent); hour covers at most 400 days, day and month 3,660"),
        .init(
            name: "tz", place: .query, schema: JSONSchema.string(length: 1...64),
            summary: "IANA time zone the days begin in (UTC if absent); an unknown one is 400"),
    ]

    static var sdk: [OpenAPIOperation] {
        let call: [Int] = [400, 401, 413, 429, 503]
        return [
            .init(
                method: .post, path: APIPath.sdkResolve, summary: "What a URL the app was opened with points to", credential: .publishableKey,
                body: "ResolveRequest", answers: [.json(200, "The result", "DeepLinkResult")] + A.errors(call + [422])),
            .init(
                method: .post, path: APIPath.sdkDeferred,
                summary: "First launch after install: the link the app was installed from, once per install",
                credential: .publishableKey, body: "DeferredRequest",
                answers: [.json(200, "found (content parameters only) or not_found", "DeepLinkResult")] + A.errors(call)),
            .init(
                method: .post, path: APIPath.sdkEvents, summary: "Record an open, install or custom event", credential: .publishableKey,
                body: "EventRequest", answers: [.init(status: 202, summary: "Recorded")] + A.errors(call + [404, 422])),
            .init(
                method: .post, path: APIPath.sdkLinks,
                summary:
                    "A short link made by the web SDK on the team's site (content, campaign and card; no alias, destinations through the allow-list)",
                credential: .publishableKey, body: "WebLinkCreate",
                answers: [.json(201, "The link's addresses", "WebLink")] + A.errors(call + [409, 422])),
            .init(
                method: .options, path: APIPath.sdkLinks, summary: "CORS preflight for the team's own origin",
                answers: [.init(status: 204, summary: "Allowed", headers: ["Allow": "OPTIONS, POST"])]),
            .init(
                method: .post, path: APIPath.clickSignals, summary: "The preview page reports what only the browser knows, once, within 10 minutes",
                body: "ClickSignals", answers: [.init(status: 204, summary: "Accepted")] + A.errors([400, 404, 409, 410, 413, 429, 503])),
        ]
    }
}
