import Foundation

/// iCloud Private Relay's egress ranges, as Apple publishes them
/// (`https://mask-api.icloud.com/egress-ip-ranges.csv`: `prefix,country,region,city,` a
/// line): which region a relayed request says it comes from. A sorted table of ranges per
/// address family, searched by halving: a few hundred thousand ranges, one look-up per
/// mobile click.
struct PrivateRelayRanges: Sendable {
    private struct Range: Sendable {
        let first: UInt128
        let last: UInt128
        let region: Int32
        /// The furthest any range up to this one reaches: a range nested in a longer one
        /// does not hide the longer one from the search.
        var reach: UInt128 = 0
    }

    private let v4: [Range]
    private let v6: [Range]
    private let regions: [String]
    /// Lines that were not a range and a country (skipped, counted).
    let skipped: Int

    var count: Int { v4.count + v6.count }

    init(csv: String) {
        var v4: [Range] = [], v6: [Range] = [], regions: [String] = [], indexes: [String: Int32] = [:], skipped = 0
        for line in csv.split(whereSeparator: \.isNewline) {
            let fields = line.split(separator: ",", omittingEmptySubsequences: false)
            guard fields.count >= 2, let range = AddressRange(String(fields[0]).trimmingCharacters(in: .whitespaces)),
                fields[1].count == 2, fields[1].allSatisfy(\.isLetter)
            else {
                if !line.hasPrefix("#") { skipped += 1 }
                continue
            }
            let country = fields[1].uppercased()
            let named = fields.count > 2 ? fields[2].trimmingCharacters(in: .whitespaces) : ""
            let region = named.uppercased().hasPrefix(country + "-") ? named.uppercased() : country
            let index = indexes[region] ?? Int32(regions.count)
            if indexes[region] == nil {
                indexes[region] = index
                regions.append(region)
            }
            let (first, last) = Self.bounds(range)
            if range.network.count == 4 {
                v4.append(Range(first: first, last: last, region: index))
            } else {
                v6.append(Range(first: first, last: last, region: index))
            }
        }
        self.v4 = Self.sortedWithReach(v4)
        self.v6 = Self.sortedWithReach(v6)
        self.regions = regions
        self.skipped = skipped
    }

    /// The relay region (`DE-BE`, or the country alone) of an address in the ranges.
    func region(of bytes: [UInt8]) -> String? {
        let ranges = bytes.count == 4 ? v4 : v6
        let value = Self.number(bytes)
        // The last range starting at or before the address, if it reaches that far.
        var low = 0, high = ranges.count
        while low < high {
            let middle = (low + high) / 2
            if ranges[middle].first <= value { low = middle + 1 } else { high = middle }
        }
        // Back from there while some range could still reach the address; the nearest start wins.
        var index = low - 1
        while index >= 0, ranges[index].reach >= value {
            if ranges[index].last >= value { return regions[Int(ranges[index].region)] }
            index -= 1
        }
        return nil
    }

    private static func sortedWithReach(_ ranges: [Range]) -> [Range] {
        var sorted = ranges.sorted { $0.first < $1.first }
        var reach: UInt128 = 0
        for index in sorted.indices {
            reach = max(reach, sorted[index].last)
            sorted[index].reach = reach
        }
        return sorted
    }

    private static func number(_ bytes: [UInt8]) -> UInt128 {
        bytes.reduce(UInt128(0)) { $0 << 8 | UInt128($1) }
    }

    private static func bounds(_ range: AddressRange) -> (UInt128, UInt128) {
        let bits = range.network.count * 8
        let value = number(range.network)
        let hostBits = bits - range.prefixLength
        let mask: UInt128 = hostBits == 0 ? 0 : (hostBits >= 128 ? ~0 : (UInt128(1) << hostBits) - 1)
        return (value & ~mask, value | mask)
    }
}
