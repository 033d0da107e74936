import Synchronization
import UnilinkCore
import UnilinkStorage

/// Stored links by code and by alias, so a repeated click touches no database. Misses
/// are cached too (a code nobody created stays cheap). Bounded: cleared when full.
final class LinkCache: Sendable {
    private enum Entry: Sendable {
        case link(Link)
        case missing
    }

    private let entries = Mutex<[String: Entry]>([:])
    private let store: SQLStore
    private let capacity: Int

    init(store: SQLStore, capacity: Int = 100_000) {
        self.store = store
        self.capacity = capacity
    }

    func link(code: String) async throws -> Link? {
        try await cached("c:" + code) { try await store.link(code: code) }
    }

    func link(appID: String, alias: String) async throws -> Link? {
        try await cached("a:\(appID):" + alias) { try await store.link(appID: appID, alias: alias) }
    }

    /// Forget a link after it changed or was deleted.
    func invalidate(_ link: Link) {
        entries.withLock { entries in
            entries["c:" + link.code] = nil
            if let alias = link.alias { entries["a:\(link.appID):" + alias] = nil }
        }
    }

    /// A new alias may have been cached as missing.
    func invalidate(appID: String, alias: String) {
        _ = entries.withLock { $0.removeValue(forKey: "a:\(appID):" + alias) }
    }

    private func cached(_ key: String, load: () async throws -> Link?) async throws -> Link? {
        if let entry = entries.withLock({ $0[key] }) {
            if case .link(let link) = entry { return link }
            return nil
        }
        let link = try await load()
        entries.withLock { entries in
            if entries.count >= capacity { entries.removeAll(keepingCapacity: true) }
            entries[key] = link.map(Entry.link) ?? .missing
        }
        return link
    }
}
