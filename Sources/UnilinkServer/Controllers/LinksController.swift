import Foundation
import Hummingbird
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
    }

    @Sendable func create(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let body = try await request.decode(as: LinkBody.self, context: context)
        let (links, existing) = try await prepare([body], app: app)
        if let link = existing.first ?? nil {
            return try HTTPBody.json(shown(link, app), status: .ok)
        }
        let stored = try await store(links)
        return try HTTPBody.json(shown(stored[0], app), status: .created)
    }

    /// All or nothing: one bad item refuses the batch, naming its index.
    @Sendable func createBatch(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let bodies = try await request.decode(as: [LinkBody].self, context: context)
        guard !bodies.isEmpty else { throw APIError.badRequest("the batch is empty") }
        guard bodies.count <= Self.maxBatch else { throw APIError.badRequest("a batch holds at most \(Self.maxBatch) links; got \(bodies.count)") }
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
        let app = context.app
        let old = try await ownLink(context, app: app)
        let body = try await request.decode(as: LinkBody.self, context: context)
        let link = try LinkInput.patch(old, with: body, app: app, now: .now)
        try await state.store.update(link: link)
        await state.changes.linksChanged(ChangeFeed.keys(of: old) + ChangeFeed.keys(of: link))
        return try HTTPBody.json(shown(link, app))
    }

    @Sendable func delete(_ request: Request, context: AppContext) async throws -> Response {
        let app = context.app
        let link = try await ownLink(context, app: app)
        try await state.store.deleteLink(id: link.id)
        await state.changes.linksChanged(ChangeFeed.keys(of: link))
        return Response(status: .noContent)
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
    private func shown(_ link: Link, _ app: App) -> LinkBody {
        var body = LinkInput.body(of: link, app: app, addressing: state.addressing)
        if app.ios?.scheme != nil || app.android?.scheme != nil, let url = body.shortURL ?? body.longURL {
            let marker = "\(LinkParameters.installedKey)=\(state.installedMarker.signature(for: link))"
            body.knownUserURL = url + (url.contains("?") ? "&" : "?") + marker
        }
        return body
    }

    /// Stores new links; a collision of random codes (about one in 10^12 per pair) draws
    /// new codes. Returns the links as stored.
    private func store(_ links: [Link]) async throws -> [Link] {
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
        let id = try context.parameters.require("id")
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
