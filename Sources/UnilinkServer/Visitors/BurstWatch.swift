import Dispatch
import Synchronization
import UnilinkCore

/// Each address's `LinkBurst`, sharded, bounded: when a shard is full, addresses with
/// nothing left to remember go first, then all of it (a burst is seconds long: forgetting
/// costs at most one message's scanner clicks).
final class BurstWatch: Sendable {
    private final class Shard: Sendable {
        let bursts = Mutex<[String: LinkBurst]>([:])
    }

    private let shards: [Shard]
    private let maxPerShard: Int
    /// Milliseconds: `LinkBurst.window`, longer in tests that cannot count on the clock.
    private let window: Int64

    init(shardCount: Int = 16, maxAddresses: Int = 65_536, window: Int64 = LinkBurst.window) {
        self.window = window
        shards = (0..<shardCount).map { _ in Shard() }
        maxPerShard = max(16, maxAddresses / shardCount)
    }

    /// Whether this click of `address` on `link` is part of a burst.
    func click(address: String, link: String, now: Int64 = Int64(DispatchTime.now().uptimeNanoseconds / 1_000_000)) -> Bool {
        let shard = shards[Int(UInt(bitPattern: address.hashValue) % UInt(shards.count))]
        return shard.bursts.withLock { bursts in
            if bursts[address] == nil, bursts.count >= maxPerShard {
                bursts = bursts.filter { !$0.value.isStale(at: now) }
                if bursts.count >= maxPerShard { bursts.removeAll(keepingCapacity: true) }
            }
            return bursts[address, default: LinkBurst()].click(link, at: now, window: window)
        }
    }
}
