import Synchronization
import UnilinkCore
import UnilinkStorage

/// Stored links by code and by alias, so a repeated click touches no database.
///
/// Misses are cached too (a code nobody created stays cheap), in their own smaller set:
/// a flood of made-up codes fills and clears that set, never the links people click.
/// Links are charged by their estimated size against a byte budget; past it the cache
/// starts over (counted by `onEviction`).
/// A load that raced a change is returned but not kept: every invalidation bumps a
/// generation, and a load that started before it does not write its (maybe stale) answer.
final class LinkCache: Sendable {
    private struct State {
        var links: [Key: Link] = [:]
        var bytes = 0
        var missing: Set<Key> = []
        var generation: UInt64 = 0
    }

    private let state = Mutex(State())
    private let load: @Sendable (Key) async throws -> Link?
    let byteBudget: Int
    let missCapacity: Int
    private let onEviction: @Sendable () -> Void

    enum Key: Hashable, Sendable {
        case code(String)
        case alias(appID: String, alias: String)
    }

    init(byteBudget: Int = 128 << 20, missCapacity: Int = 10_000, onEviction: @escaping @Sendable () -> Void = {},
         load: @escaping @Sendable (Key) async throws -> Link?) {
        self.byteBudget = byteBudget
        self.missCapacity = missCapacity
        self.onEviction = onEviction
        self.load = load
    }

    convenience init(store: SQLStore, byteBudget: Int = 128 << 20, missCapacity: Int = 10_000, onEviction: @escaping @Sendable () -> Void = {}) {
        self.init(byteBudget: byteBudget, missCapacity: missCapacity, onEviction: onEviction) { key in
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

    func invalidate(code: String) {
        forget([.code(code)])
    }

    /// Forget everything (another instance may have changed any link).
    func removeAll() {
        state.withLock { state in
            state.generation &+= 1
            state.links.removeAll()
            state.missing.removeAll()
            state.bytes = 0
        }
    }

    var count: (links: Int, missing: Int, bytes: Int) {
        state.withLock { ($0.links.count, $0.missing.count, $0.bytes) }
    }

    private func forget(_ keys: [Key]) {
        state.withLock { state in
            state.generation &+= 1
            for key in keys {
                if let old = state.links.removeValue(forKey: key) { state.bytes -= old.estimatedBytes }
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
        let evicted = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            var evicted = false
            if let link {
                let size = link.estimatedBytes
                guard size <= byteBudget else { return false }
                if state.bytes + size > byteBudget {
                    state.links.removeAll(keepingCapacity: true)
                    state.bytes = 0
                    evicted = true
                }
                if let old = state.links.updateValue(link, forKey: key) { state.bytes -= old.estimatedBytes }
                state.bytes += size
            } else {
                if state.missing.count >= missCapacity {
                    state.missing.removeAll(keepingCapacity: true)
                    evicted = true
                }
                state.missing.insert(key)
            }
            return evicted
        }
        if evicted { onEviction() }
        return link
    }
}
