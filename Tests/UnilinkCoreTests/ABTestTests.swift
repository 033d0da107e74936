import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// A/B tests: the split follows the weights, a visitor keeps their variant, and the report
/// says which variant wins only when the numbers can tell.
@Suite("A/B tests")
struct ABTestTests {
    static let routing = try! LinkRouting(
        rules: [], variants: [.init(name: "control", weight: 50), .init(name: "b", weight: 30), .init(name: "c", weight: 20)])

    /// 10,000 visitors without the cookie, each a different address and browser: every
    /// variant's share within 2 percentage points of its weight.
    @Test func theSplitFollowsTheWeights() {
        var counts: [Int] = [0, 0, 0]
        var generator = SplitMix(seed: 38)
        for index in 0..<10_000 {
            let address =
                "\(UInt8.random(in: 1...223, using: &generator)).\(UInt8.random(in: 0...255, using: &generator)).\(index % 256).\(index / 256)"
            let agent = "Mozilla/5.0 (iPhone; CPU iPhone OS 18_\(index % 7) like Mac OS X) Safari/\(index % 13)"
            counts[Self.routing.variant(cookie: nil, key: LinkRouting.visitorKey("link-1", address, agent))!] += 1
        }
        for (index, weight) in [50, 30, 20].enumerated() {
            #expect(abs(Double(counts[index]) / 100 - Double(weight)) <= 2, "\(counts)")
        }
    }

    /// A 1:1 test on two links: a visitor's arm on one says nothing of their arm on the other
    /// (about half agree), so one link's test does not pick the same people as another's.
    @Test func armsOnTwoLinksAreIndependent() throws {
        let split = try LinkRouting(rules: [], variants: [.init(name: "a", weight: 1), .init(name: "b", weight: 1)])
        var generator = SplitMix(seed: 7)
        var same = 0
        for index in 0..<10_000 {
            let address = "10.\(UInt8.random(in: 0...255, using: &generator)).\(index % 256).\(index / 256)"
            let first = split.variant(cookie: nil, key: LinkRouting.visitorKey("link-1", address, "UA"))
            let second = split.variant(cookie: nil, key: LinkRouting.visitorKey("link-2", address, "UA"))
            if first == second { same += 1 }
        }
        #expect((4_800...5_200).contains(same), "\(same) of 10,000 in the same arm on both links")
    }

    /// The same visitor gets the same variant without the cookie (the key is the same on
    /// every instance: no per-process seed); the cookie wins while it names a variant.
    @Test func aVisitorKeepsTheirVariant() {
        let key = LinkRouting.visitorKey("link-1", "203.0.113.7", "Mozilla/5.0 (iPhone)")
        #expect(key == LinkRouting.visitorKey("link-1", "203.0.113.7", "Mozilla/5.0 (iPhone)"))
        #expect(key != LinkRouting.visitorKey("link-2", "203.0.113.7", "Mozilla/5.0 (iPhone)"))
        #expect(LinkRouting.visitorKey("ab", "c") != LinkRouting.visitorKey("a", "bc"))
        // FNV-1a of known input, so a change of hash (and every visitor's variant) is noticed.
        #expect(LinkRouting.visitorKey("a") == 0x3AEC_69D2_86FB_D39B)
        let first = Self.routing.variant(cookie: nil, key: key)
        #expect(Self.routing.variant(cookie: nil, key: key) == first)
        #expect(Self.routing.variant(cookie: "c", key: key) == 2)
        #expect(Self.routing.variant(cookie: "gone", key: key) == first)
    }

    @Test func theCookieIsFoundInItsHeader() {
        #expect(VariantCookie.value(in: "a=1; ul_ab_XyZ12=b; ul_ab_Q=c", name: "ul_ab_XyZ12") == "b")
        #expect(VariantCookie.value(in: "ul_ab_XyZ123=b", name: "ul_ab_XyZ12") == nil)
        #expect(VariantCookie.value(in: "", name: "ul_ab_X") == nil)
        #expect(VariantCookie.setCookie(name: "ul_ab_X", value: "b", secure: true).hasSuffix("SameSite=Lax; Secure"))
    }

    /// 1,000 clicks a side, 5% against 8% installs: better, p < 0.01; 100 a side at 2% and
    /// 3%: too small to tell; equal rates: no difference.
    @Test func theReportSaysWhenTheSampleCanTell() {
        let report = ABTestReport.make(
            linkID: "l",
            variants: [
                ("control", 1, 1000, 50, 40), ("b", 1, 1000, 80, 60), ("c", 1, 100, 3, 1), ("d", 1, 1000, 50, 10), ("e", 1, 0, 0, 0),
            ])
        #expect(report.variants[0].verdict == nil)
        #expect(report.variants[0].installRate == 0.05)
        let interval = report.variants[0].interval ?? []
        #expect(interval.count == 2 && abs(interval[0] - 0.0382) < 0.001 && abs(interval[1] - 0.0651) < 0.001, "\(interval)")
        #expect(report.variants[1].verdict == "better")
        #expect((report.variants[1].pValue ?? 1) < 0.01 && (report.variants[1].pValue ?? 0) > 0.001, "\(report.variants[1])")
        #expect(abs((report.variants[1].difference ?? 0) - 0.03) < 1e-9)
        #expect(report.variants[2].verdict == "too_small")
        #expect(report.variants[3].verdict == "no_difference" && report.variants[3].pValue == 1)
        #expect(report.variants[4].verdict == "too_small" && report.variants[4].installRate == nil)
    }
}

/// A seeded generator, so a failing split can be run again as it was.
struct SplitMix: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
