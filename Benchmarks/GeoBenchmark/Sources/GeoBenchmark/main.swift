import Foundation
import Logging
import UnilinkCore
import UnilinkServer

// GeoBenchmark DATABASE [LOOKUPS]: the average cost of one `GeoLocator.place(of:)` over a
// mix of addresses (IPv4 in and outside the database's networks, IPv6, IPv4-mapped), beside
// a baseline loop over the same addresses that does everything but the lookup.
let arguments = CommandLine.arguments
guard arguments.count >= 2 else {
    print("usage: GeoBenchmark DATABASE [LOOKUPS]")
    exit(2)
}
let lookups = arguments.count > 2 ? Int(arguments[2]) ?? 5_000_000 : 5_000_000
let geo = GeoLocator(path: arguments[1], logger: Logger(label: "geo-benchmark"))
guard geo.isAvailable else {
    print("no database: \(geo.status)")
    exit(1)
}
print("database: \(geo.status)")

var generator = SplitMix(seed: 7)
var addresses: [String] = []
for _ in 0..<4096 {
    switch generator.next() % 8 {
    case 0: addresses.append("192.0.2.\(generator.next() % 256)")
    case 1: addresses.append("2001:db8:\(1 + generator.next() % 3)::\(String(generator.next() % 65536, radix: 16))")
    case 2: addresses.append("::ffff:198.51.100.\(generator.next() % 256)")
    default:
        addresses.append("\(11 + generator.next() % 180).\(generator.next() % 256).\(generator.next() % 256).\(generator.next() % 256)")
    }
}
let known = addresses.filter { geo.place(of: $0) != nil }.count
print("addresses: \(addresses.count), \(known) with a place")

/// Same loop, same reads of each address; `body` is the only difference.
@MainActor
func measure(_ label: String, _ body: (String) -> Int) -> Double {
    var sink = 0
    let clock = ContinuousClock()
    let elapsed = clock.measure {
        for index in 0..<lookups { sink &+= body(addresses[index & 4095]) }
    }
    let nanoseconds = Double(elapsed.components.seconds) * 1e9 + Double(elapsed.components.attoseconds) / 1e9
    let perCall = nanoseconds / Double(lookups)
    print("\(label): \(String(format: "%.1f", perCall)) ns/op over \(lookups) (checksum \(sink))")
    return perCall
}

// Warm up, then the baseline and the lookups, twice each, in turn.
_ = measure("warm-up", { geo.place(of: $0)?.country.utf8.count ?? 0 })
var baselines: [Double] = []
var lookupCosts: [Double] = []
for _ in 0..<2 {
    baselines.append(measure("baseline (empty loop)", { $0.utf8.count }))
    lookupCosts.append(measure("place(of:)", { geo.place(of: $0)?.country.utf8.count ?? 0 }))
}
print(
    "result: place(of:) \(String(format: "%.1f", lookupCosts.min()!)) ns/op, baseline \(String(format: "%.1f", baselines.min()!)) ns/op (best of 2)"
)

/// A small deterministic generator: the same addresses every run.
struct SplitMix {
    var state: UInt64
    init(seed: UInt64) { state = seed }
    mutating func next() -> Int {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return Int(truncatingIfNeeded: (z ^ (z >> 31)) >> 1)
    }
}
