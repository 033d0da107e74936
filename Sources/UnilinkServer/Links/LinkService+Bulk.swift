import Foundation
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

extension LinkService {
    /// The action a bulk request names, or a 400 naming what is wrong with it.
    static func action(of request: LinkBulkRequest) throws -> LinkBulkAction {
        func tags() throws -> [String] {
            let tags = (request.tags ?? []).map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
            guard !tags.isEmpty else { throw APIError.unprocessable("missing_tags", "'\(request.action)' needs 'tags'") }
            return tags
        }
        switch request.action {
        case "archive": return .archive
        case "unarchive": return .unarchive
        case "add_tags": return .addTags(try tags())
        case "remove_tags": return .removeTags(try tags())
        case "set_campaign":
            if let campaign = request.campaign, campaign.unicodeScalars.count > LinkInput.maxValueLength {
                throw APIError.badRequest("'campaign' is longer than \(LinkInput.maxValueLength) characters")
            }
            return .setCampaign(request.campaign)
        case "delete": return .delete
        default:
            throw APIError.badRequest("'action' must be archive, unarchive, add_tags, remove_tags, set_campaign or delete")
        }
    }

    /// `action` on the links `ids` of `app`, all in one transaction, each change audited and
    /// told to webhooks; refused as a whole (nothing changed) when one id is not a link of the
    /// app or one link cannot take the change. Returns the links as they are after it.
    func bulk(_ action: LinkBulkAction, ids: [String], app: App, by author: ChangeAuthor) async throws -> [Link] {
        var seen = Set<String>()
        let unique = ids.filter { seen.insert($0).inserted }
        guard !unique.isEmpty else { throw APIError.badRequest("'ids' is empty") }
        guard unique.count <= LinkBulkAction.maxLinks else {
            throw APIError.badRequest("a bulk action takes at most \(LinkBulkAction.maxLinks) links; got \(unique.count)")
        }
        let found = Dictionary(uniqueKeysWithValues: try await store.links(ids: unique).map { ($0.id, $0) })
        var before: [Link] = []
        for id in unique {
            // Another app's link is refused like a missing one: its existence is not this caller's to learn.
            guard let link = found[id], link.appID == app.id else {
                throw APIError.unprocessable("unknown_link", "'\(id.prefix(64))' is not a link of this app; nothing was changed")
            }
            before.append(link)
        }
        let now = Date.now
        if action == .delete {
            try await store.deleteLinks(
                ids: unique,
                audit: before.map {
                    author.entry("link.delete", "link", $0.id, appID: app.id, changes: ChangeAuthor.changes(before: shown($0, app), after: nil))
                },
                webhooks: before.map { webhookEvent(.linkDeleted, $0, app) })
            await changes.linksChanged(before.flatMap(LinkKey.keys(of:)))
            return []
        }
        var after: [Link] = []
        for link in before {
            switch action.applied(to: link, at: now) {
            case .success(let changed): after.append(changed)
            case .failure(let problem): throw APIError.unprocessable("invalid_tags", "link '\(link.id)': \(problem); nothing was changed")
            }
        }
        var audit: [AuditEntry] = []
        var events: [WebhookEvent] = []
        var changed: [Link] = []
        for (old, new) in zip(before, after) {
            let diff = ChangeAuthor.changes(before: shown(old, app), after: shown(new, app))
            guard !diff.isEmpty else { continue }
            changed.append(new)
            audit.append(author.entry("link.update", "link", new.id, appID: app.id, changes: diff))
            events.append(webhookEvent(.linkUpdated, new, app))
        }
        try await store.update(links: changed, audit: audit, webhooks: events)
        await changes.linksChanged(changed.flatMap(LinkKey.keys(of:)))
        return after
    }
}
