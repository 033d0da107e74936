import Synchronization
import UnilinkCore
import UnilinkStorage

/// Stored links by code and by alias, so a repeated click touches no database.
///
/// Misses are cached too (a code nobody created stays cheap), in their own smaller set:
/// a flood of made-up codes fills and clears that set, never the links people click.
/// A load that raced a change is returned but not kept: every invalidation bumps a
/// generation, and a load that started before it does not write its (maybe stale) answer.
final class LinkCache: Sendable {
    private struct State {
        var links: [Key: Link] = [:]
        var missing: Set<Key> = []
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let load: @Sendable (Key) async throws -> Link?
    let capacity: Int
    let missCapacity: Int

    enum Key: Hashable, Sendable {
        case code(String)
        case alias(appID: String, alias: String)
    }

    init(capacity: Int = 100_000, missCapacity: Int = 10_000, load: @escaping @Sendable (Key) async throws -> Link?) {
        self.capacity = capacity
        self.missCapacity = missCapacity
        self.load = load
    }

    convenience init(store: SQLStore, capacity: Int = 100_000, missCapacity: Int = 10_000) {
        self.init(capacity: capacity, missCapacity: missCapacity) { key in
            switch key {
            case .code(let code): try await store.link(code: code)
            case .alias(let appID, let alias): try await store.link(appID: appID, alias: alias)
            }
        }
    }

    func link(code: String) async throws -> Link? {
        try await cached(.code(code))
    }

    func link(appID: String, alias: String) async throws -> Link? {
        try await cached(.alias(appID: appID, alias: alias))
    }

    /// Forget a link after it was created, changed or deleted (its code and alias may
    /// have been cached as missing, or as the old link).
    func invalidate(_ link: Link) {
        forget([.code(link.code)] + (link.alias.map { [.alias(appID: link.appID, alias: $0)] } ?? []))
    }

    func invalidate(appID: String, alias: String) {
        forget([.alias(appID: appID, alias: alias)])
    }

    var count: (links: Int, missing: Int) {
        state.withLock { ($0.links.count, $0.missing.count) }
    }

    private func forget(_ keys: [Key]) {
        state.withLock { state in
            state.generation &+= 1
            for key in keys {
                state.links[key] = nil
                state.missing.remove(key)
            }
        }
    }

    private func cached(_ key: Key) async throws -> Link? {
        let (hit, generation) = state.withLock { state -> (Link??, UInt64) in
            if let link = state.links[key] { return (.some(link), state.generation) }
            if state.missing.contains(key) { return (.some(nil), state.generation) }
            return (nil, state.generation)
        }
        if let hit { return hit }
        let link = try await load(key)
        state.withLock { state in
            guard state.generation == generation else { return }
            if let link {
                if state.links.count >= capacity { state.links.removeAll(keepingCapacity: true) }
                state.links[key] = link
            } else {
                if state.missing.count >= missCapacity { state.missing.removeAll(keepingCapacity: true) }
                state.missing.insert(key)
            }
        }
        return link
    }
}
