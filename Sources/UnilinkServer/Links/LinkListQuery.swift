import Foundation
import Hummingbird
import HummingbirdCore
import UnilinkCore
import UnilinkStorage

/// Reads a links list's query (`q`, `tag`, `campaign`, `state`, `sort`, `cursor`) the same
/// way for the API and the dashboard. `sort` is a column, `-` first for descending
/// (`-created` by default).
enum LinkListQuery {
    static let maxSearch = 200

    static func listing(_ query: FlatDictionary<Substring, Substring>, now: Date) throws -> LinkListing {
        var listing = LinkListing(now: now)
        func text(_ name: String) -> String? { query[Substring(name)].map(String.init).flatMap { $0.isEmpty ? nil : $0 } }
        let search = text("q") ?? ""
        guard search.unicodeScalars.count <= maxSearch else { throw APIError.badRequest("'q' is longer than \(maxSearch) characters") }
        listing.search = search
        listing.tag = text("tag")
        listing.campaign = text("campaign")
        if let state = text("state") {
            guard let states = LinkListing.States(rawValue: state) else {
                throw APIError.badRequest("'state' must be one of \(LinkListing.States.allCases.map(\.rawValue).joined(separator: ", "))")
            }
            listing.states = states
        }
        if let sort = text("sort") {
            let descending = sort.hasPrefix("-")
            guard let order = LinkListing.Order(rawValue: String(sort.dropFirst(descending ? 1 : 0))) else {
                throw APIError.badRequest(
                    "'sort' must be one of \(LinkListing.Order.allCases.map(\.rawValue).joined(separator: ", ")), with '-' first for descending")
            }
            listing.order = order
            listing.descending = descending
        }
        if let cursor = text("cursor") {
            // Newest first, a cursor is a link id, as it always was.
            if listing.order == .created {
                listing.after = LinkListing.Cursor(value: "", id: cursor)
            } else {
                guard let after = LinkListing.Cursor(text: cursor), listing.order.isText || Int64(after.value) != nil else {
                    throw APIError.unprocessable("invalid_cursor", "'cursor' is not one this list gave (with this 'sort')")
                }
                listing.after = after
            }
        }
        return listing
    }

    static func text(of cursor: LinkListing.Cursor, order: LinkListing.Order) -> String {
        order == .created ? cursor.id : cursor.text
    }
}
