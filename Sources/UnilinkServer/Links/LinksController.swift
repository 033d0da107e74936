import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/links`: an app's links, with its secret key or a person's token (the app by
/// `?app_id=` where the link does not say it). HTTP only: `LinkService` writes.
struct LinksController {
    let links: LinkService

    /// `group` is `/v1/links`, behind the management API's authenticator.
    func register(on group: RouterGroup<APIContext>, authorizer: Authorizer) {
        group.on("", .post, .linksWrite, .chosenApp, authorizer, use: create)
        group.on(Self.below(APIPath.linkBatch), .post, .linksWrite, .chosenApp, authorizer, use: createBatch)
        group.on(Self.below(APIPath.linkBulk), .post, .linksWrite, .chosenApp, authorizer, use: bulk)
        group.on("", .get, .linksRead, .chosenApp, authorizer, use: list)
        group.on(Self.below(APIPath.link), .get, .linksRead, .linkInPath, authorizer, use: get)
        group.on(Self.below(APIPath.link), .patch, .linksWrite, .linkInPath, authorizer, use: update)
        group.on(Self.below(APIPath.link), .delete, .linksWrite, .linkInPath, authorizer, use: delete)
        group.on(Self.below(APIPath.linkStats), .get, .statsRead, .linkInPath, authorizer, use: stats)
        group.on(Self.below(APIPath.linkVariants), .get, .statsRead, .linkInPath, authorizer, use: variants)
        group.on(Self.below(APIPath.linkQR), .get, .linksRead, .linkInPath, authorizer, use: qr)
    }

    private static func below(_ path: String) -> RouterPath { RouterPath(APIPath.relative(path, to: APIPath.links)) }

    @Sendable func create(_ request: Request, context: APIContext) async throws -> Response {
        let (link, created) = try await links.create(
            try await request.decode(as: LinkBody.self, context: context), app: try context.app, by: context.author)
        return try HTTPBody.json(links.shown(link, try context.app), status: created ? .created : .ok)
    }

    /// All or nothing; `?dry_run=true` says what each item would do and stores nothing.
    @Sendable func createBatch(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let bodies = try await request.decode(as: [LinkBody].self, context: context)
        if request.uri.queryParameters["dry_run"] == "true" {
            return try HTTPBody.json(LinkBatchPlan(appID: app.id, data: try await links.plan(bodies, app: app)))
        }
        let answered = try await links.createBatch(bodies, app: app, by: context.author)
        return try HTTPBody.json(LinkBatch(data: answered.map { links.shown($0, app) }), status: .created)
    }

    /// `q`, `tag`, `campaign`, `state` and `sort` as the dashboard's list takes them.
    @Sendable func list(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let query = request.uri.queryParameters
        var listing = try LinkListQuery.listing(query, now: .now)
        listing.limit = try QueryNumber.parse(query["limit"], name: "limit", in: WireLimits.pageSize) ?? 50
        let page = try await links.store.links(appID: app.id, listing: listing)
        return try HTTPBody.json(
            LinkPage(
                data: page.rows.map { links.shown($0.link, app) }, nextCursor: page.next.map { LinkListQuery.text(of: $0, order: listing.order) }))
    }

    @Sendable func bulk(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        let body = try await request.decode(as: LinkBulkRequest.self, context: context)
        let changed = try await links.bulk(try LinkService.action(of: body), ids: body.ids, app: app, by: context.author)
        return try HTTPBody.json(LinkBatch(data: changed.map { links.shown($0, app) }))
    }

    @Sendable func get(_ request: Request, context: APIContext) async throws -> Response {
        try HTTPBody.json(links.shown(try context.link, try context.app))
    }

    @Sendable func update(_ request: Request, context: APIContext) async throws -> Response {
        let old = try context.link
        let link = try await links.update(
            old, with: try await request.decode(as: LinkBody.self, context: context), app: try context.app, by: context.author)
        return try HTTPBody.json(links.shown(link, try context.app))
    }

    @Sendable func delete(_ request: Request, context: APIContext) async throws -> Response {
        try await links.delete(try context.link, app: try context.app, by: context.author)
        return Response(status: .noContent)
    }

    /// The link's URL as a QR code in the app's design; `QRResponse` reads the query.
    @Sendable func qr(_ request: Request, context: APIContext) async throws -> Response {
        let app = try context.app
        return try await QRResponse.make(for: links.shown(try context.link, app), design: app.qrDesign, query: request.uri.queryParameters)
    }

    /// Since the link was made unless `from` says otherwise (`granularity` and `tz` as the
    /// app's stats take them).
    @Sendable func stats(_ request: Request, context: APIContext) async throws -> Response {
        let link = try context.link
        let query = request.uri.queryParameters
        let window: StatsWindow
        do {
            window = try StatsWindow(
                from: query["from"].map(String.init), to: query["to"].map(String.init), granularity: query["granularity"].map(String.init),
                tz: query["tz"].map(String.init), now: .now, earliest: link.createdAt)
        } catch {
            throw APIError.badRequest(error.message)
        }
        let counts = try await links.counts(link, window: window)
        return try HTTPBody.json(LinkStatsAnswer.make(linkID: link.id, window: window, counts: counts))
    }

    /// The link's A/B test as it stands: its variants in order (the first is the control),
    /// and any variant no longer on the link that still has numbers after them.
    @Sendable func variants(_ request: Request, context: APIContext) async throws -> Response {
        let link = try context.link
        let numbers = try await links.store.variantNumbers(linkID: link.id)
        let current = link.routing?.variants ?? []
        var rows = current.map { ($0.name, $0.weight) }
        rows += numbers.keys.filter { name in !current.contains { $0.name == name } }.sorted().map { ($0, 0) }
        let report = ABTestReport.make(
            linkID: link.id,
            variants: rows.map { name, weight in
                let counted = numbers[name] ?? VariantNumbers()
                return (name, weight, counted.clicks, counted.installs, counted.opens)
            })
        return try HTTPBody.json(report)
    }

}
