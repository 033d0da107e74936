import Dispatch
import Synchronization
import UnilinkCore

/// Rate-limit counters of one instance, in memory: one number per key (GCRA), in shards
/// so that concurrent requests rarely meet on a lock, each shard bounded. Keys are a
/// stable 64-bit hash of the family and the client (FNV-1a), so counters shared through
/// a database later can use the same keys.
final class RateLimiter: Sendable {
    private final class Shard: Sendable {
        let arrivals = Mutex<[UInt64: UInt64]>([:])
    }

    private let shards: [Shard]
    private let maxKeysPerShard: Int

    init(shardCount: Int = 64, maxKeys: Int = 262_144) {
        shards = (0..<shardCount).map { _ in Shard() }
        maxKeysPerShard = max(16, maxKeys / shardCount)
    }

    func check(_ policy: RateLimitPolicy, key: UInt64, now: UInt64 = DispatchTime.now().uptimeNanoseconds) -> RateLimitPolicy.Decision {
        let shard = shards[Int(key % UInt64(shards.count))]
        return shard.arrivals.withLock { arrivals in
            let decision = policy.decide(arrival: arrivals[key] ?? 0, now: now)
            guard decision.allowed else { return decision }
            if arrivals.count >= maxKeysPerShard, arrivals[key] == nil {
                // Keys whose quota is whole again carry no information; drop them first.
                arrivals = arrivals.filter { $0.value > now }
                if arrivals.count >= maxKeysPerShard { arrivals.removeAll(keepingCapacity: true) }
            }
            arrivals[key] = decision.nextArrival
            return decision
        }
    }

    /// FNV-1a over the family name and the client's parts: no allocation.
    static func key(_ family: String, _ first: String?, _ second: String? = nil) -> UInt64 {
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        func mix(_ text: String?) {
            hash ^= 0
            hash &*= 0x0000_0100_0000_01B3
            for byte in (text ?? "").utf8 {
                hash ^= UInt64(byte)
                hash &*= 0x0000_0100_0000_01B3
            }
        }
        mix(family)
        mix(first)
        mix(second)
        return hash
    }
}
