import HTTPTypes
import UnilinkAPI

/// The operations on every host (association files, links, health) and the compatibility
/// endpoints, which answer errors in the shapes Firebase and Branch had.
extension OpenAPIOperation {
    static var compatibility: [OpenAPIOperation] {
        let google = A.errors([400, 403], schema: "GoogleError"), branch = { (statuses: [Int]) in A.errors(statuses, schema: "BranchError") }
        let url = JSONSchema.object(["url": .string()], required: ["url"])
        return [
            .init(
                method: .post, path: APIPath.firebaseShortLinks,
                summary: "Firebase Dynamic Links' REST shape: a short link for a long dynamic link (same input, same short link)",
                credential: .firebaseKey, body: "FirebaseShortLinkRequest",
                answers: [.json(200, "The short link", "FirebaseShortLink")] + google + A.errors([413, 429, 503])),
            .init(
                method: .post, path: APIPath.branchURL, summary: "Branch's link API shape: a short link from branch_key, alias and data",
                body: "BranchLinkRequest",
                answers: [.init(status: 200, summary: "The URL", shape: .json(url))] + branch([400, 401, 409, 422])
                    + A.errors([413, 429, 503])),
            .init(
                method: .get, path: APIPath.branchURL, summary: "Branch's link read: a short link's data in Branch's keys",
                parameters: [
                    .init(name: "url", place: .query, schema: .string(), required: true),
                    .init(name: "branch_key", place: .query, schema: .string(), required: true),
                ],
                answers: [.init(status: 200, summary: "The link", shape: .json(JSONSchema(types: [.object])))] + branch([400, 401, 404])
                    + A.errors([429, 503])),
            .init(
                method: .post, path: APIPath.branchBulk, summary: "Branch's bulk link creation: one answer per link, in order",
                body: "BranchBulkRequest",
                answers: [
                    .init(
                        status: 200, summary: "A URL or an error per link",
                        shape: .json(
                            .array(
                                .object([
                                    "url": .string(), "error": .object(["code": .integer(), "message": .string()], required: ["code", "message"]),
                                ]))))
                ] + branch([400, 401]) + A.errors([413, 429, 503])),
        ]
    }

    static var everyHost: [OpenAPIOperation] {
        let script = Answer(status: 200, summary: "The script", shape: .media(["text/javascript"]))
        var operations: [OpenAPIOperation] = [
            .init(method: .get, path: APIPath.webSDK, summary: "The web SDK (plain JavaScript), cached an hour", answers: [script]),
            .init(
                method: .get, path: APIPath.webSDK(version: WebSDKScript.version), summary: "The web SDK at a versioned address, cached a year",
                answers: [script]),
            .init(
                method: .get, path: APIPath.webSDKTryPage, summary: "A page to try the web SDK",
                parameters: ["key", "api", "open", "path"].map {
                    .init(name: $0, place: .query, schema: .string())
                }, answers: [.init(status: 200, summary: "The page", shape: .media(["text/html"]))]),
        ]
        let files = [
            (APIPath.appleAssociation, "The host's AASA file"), (APIPath.appleAssociationAtRoot, "The host's AASA file (old iOS path)"),
            (APIPath.assetLinks, "The host's Digital Asset Links"),
            (APIPath.appLinking, "The host's HarmonyOS App Linking file ({\"applinking\": {\"apps\": []}} without a HarmonyOS app)"),
        ]
        for (path, summary) in files {
            operations.append(
                .init(
                    method: .get, path: path, summary: summary,
                    answers: [.init(status: 200, summary: "The file", shape: .json(nil))] + A.errors([404])))
            operations.append(
                .init(
                    method: .head, path: path, summary: summary + ", headers only",
                    answers: [.init(status: 200, summary: "The file's headers"), .init(status: 404, summary: "No app serves the host")]))
        }
        operations += [
            .init(
                method: .get, path: APIPath.robots, summary: "Crawlers may read everything",
                answers: [.init(status: 200, summary: "robots.txt", shape: .media(["text/plain"]))]),
            .init(method: .get, path: APIPath.health, summary: "Liveness", answers: [.init(status: 200, summary: "ok", shape: .json(nil))]),
            .init(
                method: .get, path: APIPath.tlsAllowed, summary: "Whether a TLS proxy may get a certificate for a host (Caddy's on_demand_tls ask)",
                parameters: [
                    .init(
                        name: "domain", place: .query, schema: .string(length: 1...253), required: true,
                        summary: "The host name, lower case, without a trailing dot (as Caddy asks)")
                ],
                answers: [
                    .init(status: 200, summary: "A link host of an app, or the dashboard's host"),
                    .init(status: 404, summary: "Not a host this server serves (an IP address, another spelling, any other name)"),
                ] + A.errors([400, 503])),
            .init(
                method: .get, path: APIPath.readiness, summary: "Readiness: the database answers",
                answers: [
                    .init(
                        status: 200, summary: "ready, or degraded: the storage refuses writes (full, read-only) while clicks are answered",
                        shape: .json(nil)),
                    .init(status: 503, summary: "The database does not answer", shape: .json(nil), headers: ["Retry-After": "Seconds to wait"]),
                ]),
            .init(
                method: .get, path: APIPath.metrics, summary: "Prometheus metrics (with UNILINK_METRICS_TOKEN, or from this machine)",
                answers: [
                    .init(status: 200, summary: "Text exposition format", shape: .media(["text/plain"]))
                ] + A.errors([404])),
            .init(
                method: .get, path: APIPath.openAPI, summary: "This document",
                answers: [.init(status: 200, summary: "OpenAPI 3.1", shape: .json(nil))]),
        ]
        let page = ["text/html"]
        let link = OpenAPIOperation.Parameter(
            name: "path", place: .path, schema: .string(), required: true,
            summary: "A short code, alias or claimed path on an app's host")
        operations += [
            .init(
                method: .get, path: "/{path}", summary: "A click: redirect, preview page or crawler page", parameters: [link],
                answers: [
                    .init(status: 200, summary: "Preview or crawler page", shape: .media(page)),
                    .init(status: 302, summary: "Redirect", headers: ["Location": "Where the click goes"]),
                    .init(status: 400, summary: "A compatibility link whose destination the allow-list refuses", shape: .media(page)),
                    .init(status: 404, summary: "No such link or host", shape: .media(page + ["application/json"])),
                    .init(status: 410, summary: "Expired link", shape: .media(page)),
                ] + A.errors([414, 429])),
            .init(
                method: .head, path: "/{path}", summary: "A link check: never counted", parameters: [link],
                answers: [200, 302, 400, 404, 410, 414, 429].map {
                    .init(status: $0, summary: $0 == 200 ? "Headers of the crawler page" : Answer.meaning[$0] ?? "As GET, without a body")
                }),
        ]
        return operations
    }
}
