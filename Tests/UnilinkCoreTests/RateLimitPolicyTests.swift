import Testing
import UnilinkCore

@Suite("Rate limits (GCRA)")
struct RateLimitPolicyTests {
    static let second: UInt64 = 1_000_000_000

    @Test func aBurstUpToTheQuotaThenOneRequestPerInterval() {
        let policy = RateLimitPolicy(name: "sdk", quota: 3, window: 60)
        var arrival: UInt64 = 0
        let start = 1000 * Self.second
        var remaining: [Int] = []
        for _ in 0..<3 {
            let decision = policy.decide(arrival: arrival, now: start)
            #expect(decision.allowed)
            remaining.append(decision.remaining)
            arrival = decision.nextArrival
        }
        #expect(remaining == [2, 1, 0])
        let refused = policy.decide(arrival: arrival, now: start)
        #expect(!refused.allowed)
        #expect(refused.resetSeconds == 20, "one request is allowed again after window / quota")
        #expect(refused.nextArrival == arrival, "a refused request costs nothing")
        #expect(!policy.decide(arrival: arrival, now: start + 19 * Self.second).allowed)
        #expect(policy.decide(arrival: arrival, now: start + 20 * Self.second).allowed)
        #expect(policy.decide(arrival: arrival, now: start + 60 * Self.second).remaining == 2, "a quiet window restores the quota")
    }

    @Test(arguments: ["sdk=120/60", "clicks=5/1"])
    func policiesParse(text: String) {
        #expect(RateLimitPolicy(Substring(text)) != nil)
    }

    @Test(arguments: ["sdk", "sdk=120", "sdk=0/60", "sdk=10/0", "=1/1", "sdk=a/b", "sdk=1/100000"])
    func badPoliciesDoNot(text: String) {
        #expect(RateLimitPolicy(Substring(text)) == nil)
    }
}
