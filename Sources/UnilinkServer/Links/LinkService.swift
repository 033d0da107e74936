import Foundation
import HTTPTypes
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// The one writer of links: the API, the dashboard, the web SDK, FDL's and Branch's
/// endpoints and the importer all create, change and delete links through it, so
/// validation, idempotent aliases and the change feed are the same for every caller.
struct LinkService: Sendable {
    let store: any LinkStore & ClickStore & EventStore
    let changes: ChangeFeed
    let port: BoundPort
    let installedMarker: InstalledMarker
    static let maxBatch = 1000

    /// A new link, or the existing one for an identical repeat of its alias.
    func create(_ body: LinkBody, app: App, by author: ChangeAuthor) async throws -> (link: Link, created: Bool) {
        let (links, existing) = try await prepare([body], app: app)
        if let link = existing.first ?? nil { return (link, false) }
        return (try await insert(links, app: app, by: author)[0], true)
    }

    /// All or nothing: one bad item refuses the batch, naming its index. An item whose
    /// alias an identical link holds answers with that link.
    func createBatch(_ bodies: [LinkBody], app: App, by author: ChangeAuthor) async throws -> [Link] {
        try Self.checkSize(of: bodies)
        let (links, existing) = try await prepare(bodies, app: app)
        var stored = try await insert(links.enumerated().filter { existing[$0.offset] == nil }.map(\.element), app: app, by: author).makeIterator()
        return existing.map { $0 ?? stored.next()! }
    }

    /// Item by item, as Branch's bulk endpoint answered: a bad item gets its own error and
    /// the others are stored, all in one transaction (a thousand links are one write, not a
    /// thousand). An alias repeated with the same link answers with the first one.
    func createEach(_ bodies: [Result<LinkBody, APIError>], app: App, by author: ChangeAuthor) async throws -> [Result<Link, APIError>] {
        var answers: [Result<Link, APIError>] = []
        var fresh: [Link] = []
        var byAlias: [String: Link] = [:]
        for body in bodies {
            do {
                let (links, existing) = try await prepare([try body.get()], app: app)
                let link = links[0]
                if let old = existing[0] {
                    answers.append(.success(old))
                } else if let alias = link.alias, let earlier = byAlias[alias] {
                    guard Self.identical(earlier, link) else {
                        throw APIError.conflict("alias_taken", "the alias '\(alias)' appears twice with different links")
                    }
                    answers.append(.success(earlier))
                } else {
                    if let alias = link.alias { byAlias[alias] = link }
                    fresh.append(link)
                    answers.append(.success(link))
                }
            } catch let error as APIError {
                answers.append(.failure(error))
            }
        }
        let stored = try await insert(fresh, app: app, by: author)
        // Codes may have been drawn again on a collision: answer with the links as stored.
        let storedByID = Dictionary(uniqueKeysWithValues: stored.map { ($0.id, $0) })
        return answers.map { answer in answer.map { storedByID[$0.id] ?? $0 } }
    }

    /// `replacing` makes the body the whole link (the dashboard's form, where an emptied
    /// field means "no value"); otherwise absent fields keep their values (PATCH).
    func update(_ old: Link, with body: LinkBody, app: App, replacing: Bool = false, by author: ChangeAuthor) async throws -> Link {
        var body = body
        if replacing {
            // A form without the fields (a page from before them) keeps the link's rules and test.
            body.rules = body.rules ?? old.routing?.ruleBodies
            body.variants = body.variants ?? old.routing?.variantBodies
        }
        var link =
            try replacing
            ? LinkInput.create(body, app: app, id: old.id, code: old.code, now: .now)
            : LinkInput.patch(old, with: body, app: app, now: .now)
        link.createdAt = old.createdAt
        if replacing {
            // The form replaces the link's content; its filing is changed where the body says so.
            if body.tags == nil { link.tags = old.tags }
            if body.archived == nil { link.archivedAt = old.archivedAt }
        }
        let diff = ChangeAuthor.changes(before: shown(old, app), after: shown(link, app))
        try await store.update(
            link: link, audit: diff.isEmpty ? [] : [author.entry("link.update", "link", link.id, appID: app.id, changes: diff)],
            webhooks: diff.isEmpty ? [] : [webhookEvent(.linkUpdated, link, app)])
        await changes.linksChanged(LinkKey.keys(of: old) + LinkKey.keys(of: link))
        return link
    }

    func delete(_ link: Link, app: App, by author: ChangeAuthor) async throws {
        let diff = ChangeAuthor.changes(before: shown(link, app), after: nil)
        try await store.deleteLink(
            id: link.id, audit: [author.entry("link.delete", "link", link.id, appID: app.id, changes: diff)],
            webhooks: [webhookEvent(.linkDeleted, link, app)])
        await changes.linksChanged(LinkKey.keys(of: link))
    }

    /// What a batch would do, item by item, storing nothing (`?dry_run=true`, for imports):
    /// `create`, `exists` (an identical link holds the alias: a re-run), `conflict` (another
    /// link holds it, or the batch repeats it) or `invalid` with the API's message.
    func plan(_ bodies: [LinkBody], app: App) async throws -> [LinkBatchPlan.Item] {
        try Self.checkSize(of: bodies)
        var aliases = Set<String>()
        var items: [LinkBatchPlan.Item] = []
        for (index, body) in bodies.enumerated() {
            do {
                let (_, existing) = try await prepare([body], app: app)
                if let alias = body.alias, !aliases.insert(alias).inserted {
                    items.append(.init(index: index, status: .conflict, alias: alias, message: "the alias '\(alias)' appears twice in the batch"))
                } else if let link = existing[0] {
                    items.append(.init(index: index, status: .exists, alias: body.alias, message: nil, url: shown(link, app).shortURL))
                } else {
                    items.append(.init(index: index, status: .create, alias: body.alias, message: nil))
                }
            } catch let error as APIError {
                items.append(.init(index: index, status: error.status == .conflict ? .conflict : .invalid, alias: body.alias, message: error.message))
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
                    if let old = try await store.link(appID: app.id, alias: alias) {
                        guard Self.identical(old, link) else {
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

    /// `{"link": ...}` as the API shows it.
    func webhookEvent(_ type: WebhookEventType, _ link: Link, _ app: App) -> WebhookEvent {
        WebhookEvent(
            appID: app.id, type: type.rawValue, linkID: link.id, campaign: link.content.campaign?.campaign, time: .now,
            data: WebhookEvent.encoded(["link": shown(link, app)]))
    }

    /// A link as the API shows it, with its signed URL for people known to have the app.
    func shown(_ link: Link, _ app: App) -> LinkBody {
        var body = LinkInput.body(of: link, app: app, addressing: port.addressing)
        if app.ios?.scheme != nil || app.android?.scheme != nil, let url = body.shortURL ?? body.longURL {
            let marker = "\(LinkParameters.installedKey)=\(installedMarker.signature(for: link))"
            body.knownUserURL = url + (url.contains("?") ? "&" : "?") + marker
        }
        return body
    }

    /// Stores new links; a collision of random codes (about one in 10^12 per pair) draws
    /// new codes. Returns the links as stored.
    func insert(_ links: [Link], app: App, by author: ChangeAuthor) async throws -> [Link] {
        guard !links.isEmpty else { return [] }
        var links = links
        for attempt in 1...3 {
            do {
                let audit = links.map { link in
                    author.entry("link.create", "link", link.id, appID: app.id, changes: ChangeAuthor.changes(before: nil, after: shown(link, app)))
                }
                try await store.insert(links: links, audit: audit, webhooks: links.map { webhookEvent(.linkCreated, $0, app) })
                break
            } catch StoreError.codeTaken where attempt < 3 {
                for index in links.indices { links[index].code = ShortCode.make() }
            }
        }
        // A code or alias may have been cached as missing.
        await changes.linksChanged(links.flatMap(LinkKey.keys(of:)))
        return links
    }

    /// What makes a repeat of an alias the same link rather than a conflict.
    private static func identical(_ old: Link, _ new: Link) -> Bool {
        old.content == new.content && old.expiresAt == new.expiresAt && old.matchWindowSeconds == new.matchWindowSeconds
    }

    private static func checkSize(of bodies: [LinkBody]) throws {
        guard !bodies.isEmpty else { throw APIError.badRequest("the batch is empty") }
        guard bodies.count <= maxBatch else { throw APIError.badRequest("a batch holds at most \(maxBatch) links; got \(bodies.count)") }
    }

    /// One link's numbers between two days (`from`, `to` inclusive).
    func counts(_ link: Link, window: StatsWindow) async throws -> AppHourlyCounts {
        var counts = try await store.linkCounts(
            linkID: link.id, hours: window.hours, utcDays: window.granularity != .hour && window.daysAreUTCDays)
        let hours = window.hours
        counts.breakdowns = try await store.clickBreakdowns(
            appID: link.appID, linkID: link.id, days: hours.lowerBound / 24..<(hours.upperBound + 23) / 24)
        return counts
    }
}
