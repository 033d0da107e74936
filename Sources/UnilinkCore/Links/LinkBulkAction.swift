public import Foundation
import UnilinkAPI

/// One change made to many links at once (the links list's selection, `POST /v1/links/bulk`).
public enum LinkBulkAction: Sendable, Equatable {
    case archive
    case unarchive
    case addTags([String])
    case removeTags([String])
    /// `nil` clears the campaign name; the other campaign fields stay.
    case setCampaign(String?)
    case delete

    /// At most this many links per action: one transaction the server can hold.
    public static let maxLinks = 500

    /// The link after the action (for `delete`, unchanged), or the problem with it.
    public func applied(to link: Link, at time: Date) -> Result<Link, LinkTags.Problem> {
        var changed = link
        switch self {
        case .archive: changed.archivedAt = link.archivedAt ?? time
        case .unarchive: changed.archivedAt = nil
        case .addTags(let tags):
            switch LinkTags.checked((link.tags ?? []) + tags) {
            case .success(let kept): changed.tags = kept.isEmpty ? nil : kept
            case .failure(let problem): return .failure(problem)
            }
        case .removeTags(let tags):
            let kept = (link.tags ?? []).filter { !tags.contains($0) }
            changed.tags = kept.isEmpty ? nil : kept
        case .setCampaign(let name):
            var campaign = link.content.campaign ?? Campaign()
            campaign.campaign = name.flatMap { $0.isEmpty ? nil : $0 }
            changed.content.campaign = campaign.isEmpty ? nil : campaign
        case .delete: return .success(link)
        }
        if changed != link { changed.updatedAt = time }
        return .success(changed)
    }
}
