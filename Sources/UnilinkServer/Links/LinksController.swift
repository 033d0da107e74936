import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/links`: an app's links, with its secret key. HTTP only: `LinkService` writes.
struct LinksController {
    let links: LinkService

    /// `group` is `/v1/links`, behind an app's secret key.
    func register(on group: RouterGroup<AppContext>) {
        group.post(use: create)
        group.post(Self.below(APIPath.linkBatch), use: createBatch)
        group.get(use: list)
        group.get(Self.below(APIPath.link), use: get)
        group.patch(Self.below(APIPath.link), use: update)
        group.delete(Self.below(APIPath.link), use: delete)
        group.get(Self.below(APIPath.linkStats), use: stats)
        group.get(Self.below(APIPath.linkQR), use: qr)
    }

    private static func below(_ path: String) -> RouterPath { RouterPath(APIPath.relative(path, to: APIPath.links)) }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let (link, created) = try await links.create(
            try await request.decode(as: LinkBody.self, context: context), app: context.app, by: context.author)
        return try HTTPBody.json(links.shown(link, context.app), status: created ? .created : .ok)
    }

    /// All or nothing; `?dry_run=true` says what each item would do and stores nothing.
    @Sendable func createBatch(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let bodies = try await request.decode(as: [LinkBody].self, context: context)
        if request.uri.queryParameters["dry_run"] == "true" {
            return try HTTPBody.json(LinkBatchPlan(appID: app.id, data: try await links.plan(bodies, app: app)))
        }
        let answered = try await links.createBatch(bodies, app: app, by: context.author)
        return try HTTPBody.json(LinkBatch(data: answered.map { links.shown($0, app) }), status: .created)
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let query = request.uri.queryParameters
        let limit = try QueryNumber.parse(query["limit"], name: "limit", in: WireLimits.pageSize) ?? 50
        let cursor = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page = try await links.store.links(appID: app.id, before: cursor, limit: limit + 1)
        let shown = Array(page.prefix(limit))
        let next = page.count > limit ? shown.last?.id : nil
        return try HTTPBody.json(LinkPage(data: shown.map { links.shown($0, app) }, nextCursor: next))
    }

    @Sendable func get(_ request: Request, context: AppContext) async throws -> Response {
        try HTTPBody.json(links.shown(try await ownLink(context), context.app))
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let old = try await ownLink(context)
        let link = try await links.update(
            old, with: try await request.decode(as: LinkBody.self, context: context), app: context.app, by: context.author)
        return try HTTPBody.json(links.shown(link, context.app))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await links.delete(try await ownLink(context), app: context.app, by: context.author)
        return Response(status: .noContent)
    }

    /// `?format=svg|png` (svg by default), `size` in pixels (64...2048, 256 by default;
    /// a PNG is the largest whole number of pixels per module that fits), `level` L/M/Q/H.
    @Sendable func qr(_ request: Request, context: AppContext) async throws -> Response {
        try QRResponse.make(for: links.shown(try await ownLink(context), context.app), query: request.uri.queryParameters)
    }

    /// Since the link was made unless `from` says otherwise (`granularity` and `tz` as the
    /// app's stats take them).
    @Sendable func stats(_ request: Request, context: AppContext) async throws -> Response {
        let link = try await ownLink(context)
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

    private func ownLink(_ context: AppContext) async throws -> Link {
        try await links.ownLink(id: try context.parameters.require("id"), app: context.app)
    }
}
