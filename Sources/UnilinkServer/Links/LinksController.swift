import Foundation
import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `/v1/links`: an app's links, with its secret key.
struct LinksController {
    let state: ServerState
    static let maxBatch = 1000

    /// `group` is `/v1/links`, behind an app's secret key.
    func register(on group: RouterGroup<AppContext>) {
        group.post(use: create)
        group.post("batch", use: createBatch)
        group.get(use: list)
        group.get("{id}", use: get)
        group.patch("{id}", use: update)
        group.delete("{id}", use: delete)
        group.get("{id}/stats", use: stats)
        group.get("{id}/qr", use: qr)
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let (link, created) = try await create(try await request.decode(as: LinkBody.self, context: context), app: context.app)
        return try HTTPBody.json(shown(link, context.app), status: created ? .created : .ok)
    }

    /// A new link, or the existing one for an identical repeat of its alias. The
    /// dashboard's form goes through here too.
    func create(_ body: LinkBody, app: App) async throws -> (link: Link, created: Bool) {
        let (links, existing) = try await prepare([body], app: app)
        if let link = existing.first ?? nil { return (link, false) }
        return (try await store(links)[0], true)
    }

    /// All or nothing: one bad item refuses the batch, naming its index.
    @Sendable func createBatch(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let bodies = try await request.decode(as: [LinkBody].self, context: context)
        guard !bodies.isEmpty else { throw APIError.badRequest("the batch is empty") }
        guard bodies.count <= Self.maxBatch else { throw APIError.badRequest("a batch holds at most \(Self.maxBatch) links; got \(bodies.count)") }
        if request.uri.queryParameters["dry_run"] == "true" {
            return try HTTPBody.json(LinkBatchPlan(appID: app.id, data: try await plan(bodies, app: app)))
        }
        let (links, existing) = try await prepare(bodies, app: app)
        var stored = try await store(links.enumerated().filter { existing[$0.offset] == nil }.map(\.element)).makeIterator()
        let answered = existing.map { $0 ?? stored.next()! }
        return try HTTPBody.json(LinkBatch(data: answered.map { shown($0, app) }), status: .created)
    }

    @Sendable func list(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let query = request.uri.queryParameters
        let limitText = query["limit"].map(String.init)
        let limit = try limitText.map { text in
            guard let value = Int(text), (1...200).contains(value) else { throw APIError.badRequest("'limit' must be a number from 1 to 200") }
            return value
        } ?? 50
        let cursor = query["cursor"].map(String.init).flatMap { $0.isEmpty ? nil : $0 }
        let page = try await state.store.links(appID: app.id, before: cursor, limit: limit + 1)
        let shown = Array(page.prefix(limit))
        let next = page.count > limit ? shown.last?.id : nil
        return try HTTPBody.json(LinkPage(data: shown.map { self.shown($0, app) }, nextCursor: next))
    }

    @Sendable func get(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let link = try await ownLink(context, app: app)
        return try HTTPBody.json(shown(link, app))
    }

    @Sendable func update(_ request: Request, context: AppContext) async throws -> Response {
        let old = try await ownLink(context, app: context.app)
        let link = try await update(old, with: try await request.decode(as: LinkBody.self, context: context), app: context.app)
        return try HTTPBody.json(shown(link, context.app))
    }

    /// `replacing` makes the body the whole link (the dashboard's form, where an emptied
    /// field means "no value"); otherwise absent fields keep their values (PATCH).
    func update(_ old: Link, with body: LinkBody, app: App, replacing: Bool = false) async throws -> Link {
        var link = try replacing
            ? LinkInput.create(body, app: app, id: old.id, code: old.code, now: .now)
            : LinkInput.patch(old, with: body, app: app, now: .now)
        link.createdAt = old.createdAt
        try await state.store.update(link: link)
        await state.changes.linksChanged(ChangeFeed.keys(of: old) + ChangeFeed.keys(of: link))
        return link
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        try await delete(try await ownLink(context, app: context.app))
        return Response(status: .noContent)
    }

    func delete(_ link: Link) async throws {
        try await state.store.deleteLink(id: link.id)
        await state.changes.linksChanged(ChangeFeed.keys(of: link))
    }

    /// `?format=svg|png` (svg by default), `size` in pixels (64...2048, 256 by default;
    /// a PNG is the largest whole number of pixels per module that fits), `level` L/M/Q/H.
    @Sendable func qr(_ request: Request, context: AppContext) async throws -> Response {
        let link = try await ownLink(context, app: context.app)
        return try qrCode(for: link, app: context.app, query: request.uri.queryParameters)
    }

    func qrCode(for link: Link, app: App, query: FlatDictionary<Substring, Substring>) throws -> Response {
        let body = shown(link, app)
        guard let url = body.shortURL ?? body.longURL else { throw APIError.conflict("no_url", "the link has no URL to encode") }
        let format = query["format"].map(String.init) ?? "svg"
        guard format == "svg" || format == "png" else { throw APIError.badRequest("'format' must be svg or png") }
        let size = try query["size"].map { text in
            guard let value = Int(text), (64...2048).contains(value) else { throw APIError.badRequest("'size' must be a number of pixels from 64 to 2048") }
            return value
        } ?? 256
        let level = try query["level"].map { text in
            guard let level = QRErrorCorrection(rawValue: text.uppercased()) else { throw APIError.badRequest("'level' must be L, M, Q or H") }
            return level
        } ?? .medium
        let code = try QRCode(text: url, errorCorrection: level)
        let headers: HTTPFields = [.contentType: format == "svg" ? "image/svg+xml" : "image/png", .cacheControl: "private, max-age=300"]
        let bytes = format == "svg" ? Array(code.svg(pixels: size).utf8) : code.png(scale: code.scale(toFit: size))
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }

    @Sendable func stats(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let link = try await ownLink(context, app: app)
        let query = request.uri.queryParameters
        let from = try day(query["from"].map(String.init), field: "from") ?? "0000-01-01"
        let to = try day(query["to"].map(String.init), field: "to") ?? "9999-12-31"
        let counts = try await state.store.clickCounts(linkID: link.id, from: from, to: to)
        let events = try await state.store.eventCounts(linkID: link.id, from: from, to: to)
        var byPlatform: [String: Int] = [:], byOutcome: [String: Int] = [:], byDay: [String: Int] = [:]
        for count in counts {
            byPlatform[count.platform, default: 0] += count.count
            byOutcome[count.outcome, default: 0] += count.count
            byDay[count.day, default: 0] += count.count
        }
        let stats = LinkStats(
            linkID: link.id, clicks: counts.reduce(0) { $0 + $1.count }, byPlatform: byPlatform, byOutcome: byOutcome,
            installs: events["install"] ?? 0, opens: events["open"] ?? 0, daily: byDay.sorted { $0.key < $1.key }.map { LinkStats.Day(date: $0.key, clicks: $0.value) }
        )
        return try HTTPBody.json(stats)
    }

    /// What a batch would do, item by item, storing nothing (`?dry_run=true`, for imports):
    /// `create`, `exists` (an identical link holds the alias: a re-run), `conflict` (another
    /// link holds it, or the batch repeats it) or `invalid` with the API's message.
    private func plan(_ bodies: [LinkBody], app: App) async throws -> [LinkBatchPlan.Item] {
        var aliases = Set<String>()
        var items: [LinkBatchPlan.Item] = []
        for (index, body) in bodies.enumerated() {
            do {
                let (_, existing) = try await prepare([body], app: app)
                if let alias = body.alias, !aliases.insert(alias).inserted {
                    items.append(.init(index: index, status: "conflict", alias: alias, message: "the alias '\(alias)' appears twice in the batch"))
                } else if let link = existing[0] {
                    items.append(.init(index: index, status: "exists", alias: body.alias, message: nil, url: shown(link, app).shortURL))
                } else {
                    items.append(.init(index: index, status: "create", alias: body.alias, message: nil))
                }
            } catch let error as APIError {
                items.append(.init(index: index, status: error.status == .conflict ? "conflict" : "invalid", alias: body.alias, message: error.message))
            }
        }
        return items
    }

    /// Validates every body; an alias already used by an identical link answers with that
    /// link (idempotent repeat), by a different one with 409.
    private func prepare(_ bodies: [LinkBody], app: App) async throws -> ([Link], [Link?]) {
        let now = Date.now
        var links: [Link] = [], existing: [Link?] = []
        var aliases = Set<String>()
        for (index, body) in bodies.enumerated() {
            do {
                let link = try LinkInput.create(body, app: app, id: Identifiers.linkID(at: now), code: ShortCode.make(), now: now)
                var repeated: Link?
                if let alias = link.alias {
                    guard aliases.insert(alias).inserted else { throw APIError.conflict("alias_taken", "the alias '\(alias)' appears twice") }
                    if let old = try await state.store.link(appID: app.id, alias: alias) {
                        guard old.content == link.content, old.expiresAt == link.expiresAt, old.matchWindowSeconds == link.matchWindowSeconds else {
                            throw APIError.conflict("alias_taken", "the alias '\(alias)' is already used by another link of this app")
                        }
                        repeated = old
                    }
                }
                links.append(link)
                existing.append(repeated)
            } catch let error as APIError where bodies.count > 1 {
                throw APIError(error.status, error.code, "link [\(index)]: \(error.message)")
            }
        }
        return (links, existing)
    }

    /// A link as the API shows it, with its signed URL for people known to have the app.
    func shown(_ link: Link, _ app: App) -> LinkBody {
        var body = LinkInput.body(of: link, app: app, addressing: state.addressing)
        if app.ios?.scheme != nil || app.android?.scheme != nil, let url = body.shortURL ?? body.longURL {
            let marker = "\(LinkParameters.installedKey)=\(state.installedMarker.signature(for: link))"
            body.knownUserURL = url + (url.contains("?") ? "&" : "?") + marker
        }
        return body
    }

    /// Stores new links; a collision of random codes (about one in 10^12 per pair) draws
    /// new codes. Returns the links as stored.
    func store(_ links: [Link]) async throws -> [Link] {
        guard !links.isEmpty else { return [] }
        var links = links
        for attempt in 1...3 {
            do {
                try await state.store.insert(links: links)
                break
            } catch StoreError.codeTaken where attempt < 3 {
                for index in links.indices { links[index].code = ShortCode.make() }
            }
        }
        // A code or alias may have been cached as missing.
        await state.changes.linksChanged(links.flatMap(ChangeFeed.keys(of:)))
        return links
    }

    private func ownLink(_ context: AppContext, app: App) async throws -> Link {
        try await ownLink(id: try context.parameters.require("id"), app: app)
    }

    func ownLink(id: String, app: App) async throws -> Link {
        guard let link = try await state.store.link(id: id) else { throw APIError.notFound("no link has the id '\(id)'") }
        guard link.appID == app.id else { throw APIError.forbidden("the link '\(id)' belongs to another app") }
        return link
    }

    private func day(_ text: String?, field: String) throws -> String? {
        guard let text else { return nil }
        let parts = text.split(separator: "-")
        guard text.count == 10, parts.count == 3, parts.allSatisfy({ $0.allSatisfy(\.isNumber) }) else {
            throw APIError.badRequest("'\(field)' must be a date like 2026-11-22")
        }
        return text
    }
}
