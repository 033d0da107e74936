import Synchronization
import UnilinkCore
import UnilinkStorage

/// Stored links by code and by alias, so a repeated click touches no database.
///
/// Misses are cached too (a code nobody created stays cheap), in their own smaller set:
/// a flood of made-up codes fills and clears that set, never the links people click.
/// Links are charged by their estimated size against a byte budget; past it the links
/// not clicked since the clock hand last passed them make room (CLOCK, a cheap
/// approximation of least recently used: a hit only sets a bit), so a working set above
/// the budget keeps its hottest links instead of starting over. `onEviction` counts the
/// times the budget was reached.
/// A load that raced a change is returned but not kept: every invalidation bumps a
/// generation, and a load that started before it does not write its (maybe stale) answer.
final class LinkCache: Sendable {
    private struct Slot {
        let key: LinkKey
        let link: Link
        let bytes: Int
        /// Clicked since the hand last passed.
        var referenced = false
    }

    private struct State {
        var slots: [Slot?] = []
        var slotOf: [LinkKey: Int] = [:]
        var free: [Int] = []
        var hand = 0
        var bytes = 0
        var missing: Set<LinkKey> = []
        var generation: UInt64 = 0

        mutating func hit(_ key: LinkKey) -> Link? {
            guard let index = slotOf[key] else { return nil }
            slots[index]!.referenced = true
            return slots[index]!.link
        }

        mutating func remove(_ key: LinkKey) {
            guard let index = slotOf.removeValue(forKey: key) else { return }
            bytes -= slots[index]!.bytes
            slots[index] = nil
            free.append(index)
        }

        /// `key` must not be cached (the caller removes it first, before making room).
        mutating func insert(_ link: Link, for key: LinkKey, bytes size: Int) {
            let slot = Slot(key: key, link: link, bytes: size)
            if let index = free.popLast() {
                slots[index] = slot
                slotOf[key] = index
            } else {
                slotOf[key] = slots.count
                slots.append(slot)
            }
            bytes += size
        }

        /// Sweeps until `size` more bytes fit: a referenced link loses its bit and stays
        /// for one more turn, an unreferenced one goes. Two turns at most.
        mutating func makeRoom(for size: Int, budget: Int) {
            while bytes + size > budget, !slotOf.isEmpty {
                if hand >= slots.count { hand = 0 }
                if let slot = slots[hand] {
                    if slot.referenced {
                        slots[hand]!.referenced = false
                    } else {
                        remove(slot.key)
                    }
                }
                hand += 1
            }
        }

        mutating func removeAll() {
            slots.removeAll()
            slotOf.removeAll()
            free.removeAll()
            hand = 0
            bytes = 0
        }
    }

    private let state = Mutex(State())
    /// A cached link's key, kept twice (slot and index), and its slot's bookkeeping; the
    /// key's strings are the link's own.
    private static let entryBytes =
        2 * MemoryLayout<LinkKey>.stride + MemoryLayout<Slot?>.stride - MemoryLayout<Link>.stride + MemoryLayout<Int>.stride
    private let load: @Sendable (LinkKey) async throws -> Link?
    let byteBudget: Int
    let missCapacity: Int
    private let onEviction: @Sendable () -> Void

    init(
        byteBudget: Int = 128 << 20, missCapacity: Int = 10_000, onEviction: @escaping @Sendable () -> Void = {},
        load: @escaping @Sendable (LinkKey) async throws -> Link?
    ) {
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

    /// From memory only: `.some(nil)` for a key known to name no link, `nil` when only the
    /// store can say. A hit counts as a use, as in `link(_:)`.
    func memorized(_ key: LinkKey) -> Link?? {
        state.withLock { state in
            if let link = state.hit(key) { return .some(link) }
            return state.missing.contains(key) ? .some(nil) : nil
        }
    }

    /// Forget a link after it was created, changed or deleted (its code and alias may
    /// have been cached as missing, or as the old link).
    func invalidate(_ link: Link) {
        forget(LinkKey.keys(of: link))
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
            state.removeAll()
            state.missing.removeAll()
        }
    }

    var count: (links: Int, missing: Int, bytes: Int) {
        state.withLock { ($0.slotOf.count, $0.missing.count, $0.bytes) }
    }

    private func forget(_ keys: [LinkKey]) {
        state.withLock { state in
            state.generation &+= 1
            for key in keys {
                state.remove(key)
                state.missing.remove(key)
            }
        }
    }

    /// From memory, or from the store on a miss (kept unless a change raced the load).
    func link(_ key: LinkKey) async throws -> Link? {
        let (hit, generation) = state.withLock { state -> (Link??, UInt64) in
            if let link = state.hit(key) { return (.some(link), state.generation) }
            if state.missing.contains(key) { return (.some(nil), state.generation) }
            return (nil, state.generation)
        }
        if let hit { return hit }
        let link = try await load(key)
        let evicted = state.withLock { state -> Bool in
            guard state.generation == generation else { return false }
            var evicted = false
            if let link {
                let size = link.estimatedBytes + Self.entryBytes
                guard size <= byteBudget else { return false }
                state.remove(key)
                if state.bytes + size > byteBudget {
                    state.makeRoom(for: size, budget: byteBudget)
                    evicted = true
                }
                state.insert(link, for: key, bytes: size)
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
