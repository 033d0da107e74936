import Foundation
import Testing
import UnilinkAPI
import UnilinkCore

/// The first launch's answer, run against a scripted store: each row is what the store
/// holds and whether its clicks are still free, and the expected actions and answer.
@Suite("The deferred answer, step by step")
struct DeferredAnswerTests {
    typealias Fixture = DeferredMatcherTests

    /// What the store knows: pending clicks by id, which of them another install already took.
    struct Store {
        var clicks: [PendingClick]
        var taken: Set<String> = []
        var actions: [DeferredAnswer.Action] = []

        mutating func run(_ machine: inout DeferredAnswer) -> DeferredAnswer.Outcome {
            var action = machine.start()
            for _ in 0..<20 {
                actions.append(action)
                switch action {
                case .fetchClick(let id): action = machine.clickFetched(clicks.first { $0.clickID == id })
                case .consume(let id): action = machine.consumed(taken.insert(id).inserted)
                case .fetchCandidates(let pools):
                    action = machine.candidatesFetched(clicks.filter { $0.prefixKey.map(pools.contains) ?? false })
                case .answer(let outcome): return outcome
                }
            }
            Issue.record("the machine did not answer within 20 steps: \(actions)")
            return .notFound
        }
    }

    static func machine(tokens: [String] = [], install: InstallFingerprint = Fixture.install(), weak: Bool = false) -> DeferredAnswer {
        DeferredAnswer(appID: "app", tokens: tokens, fingerprint: install, threshold: Fixture.threshold, acceptsWeak: weak, now: Fixture.now)
    }

    static func found(_ outcome: DeferredAnswer.Outcome) -> (id: String, type: String)? {
        if case .found(let click, let type, _) = outcome { return (click.clickID, type.rawValue) }
        return nil
    }

    static let tokenID = "AbCdEfGhIjKlMnOpQrStUv"

    @Test func aTokenNamesItsClickExactlyAndTakesIt() {
        var store = Store(clicks: [Fixture.click(Self.tokenID, ip: "elsewhere", prefix: "other")])
        var machine = Self.machine(tokens: ["unilink:\(Self.tokenID)"])
        let outcome = store.run(&machine)
        #expect(Self.found(outcome)?.id == Self.tokenID && Self.found(outcome)?.type == "deterministic")
        #expect(store.actions == [.fetchClick(id: Self.tokenID), .consume(clickID: Self.tokenID), .answer(outcome)])
    }

    /// A token for another app's click, an expired one, or one another install took falls
    /// through to the next token and then to matching.
    @Test(arguments: ["other app", "expired", "taken", "unknown"])
    func aTokenThatCannotBeUsedFallsThroughToMatching(case kind: String) {
        var click = Fixture.click(Self.tokenID, ip: "elsewhere", prefix: "other")
        var store = Store(clicks: [Fixture.click("near")])
        switch kind {
        case "other app": click.appID = "another"
        case "expired": click.expiresAt = Fixture.now.addingTimeInterval(-1)
        case "taken": store.taken.insert(Self.tokenID)
        default: break
        }
        if kind != "unknown" { store.clicks.append(click) }
        var machine = Self.machine(tokens: ["not a token at all", "unilink:\(Self.tokenID)"])
        let outcome = store.run(&machine)
        #expect(Self.found(outcome)?.id == "near" && Self.found(outcome)?.type == "probabilistic")
        #expect(store.actions.first == .fetchClick(id: Self.tokenID))
        #expect(store.actions.contains(.fetchCandidates(pools: ["net-a", "relay:DE"])))
    }

    /// Without an address, only relayed clicks of the time zone's country are candidates;
    /// without a time zone either, nothing is guessed.
    @Test func noNetworkPrefixMeansOnlyTheRelayedClicksOfTheInstallsCountry() {
        var store = Store(clicks: [Fixture.click("near")])
        var machine = Self.machine(install: Fixture.install(ip: nil, prefix: nil))
        #expect(store.run(&machine) == .notFound)
        #expect(store.actions == [.fetchCandidates(pools: ["relay:DE"]), .answer(.notFound)])
        var zoneless = Fixture.install(ip: nil, prefix: nil)
        zoneless.signals.timeZone = nil
        var nowhere = Store(clicks: [Fixture.click("near")])
        var guessless = Self.machine(install: zoneless)
        #expect(nowhere.run(&guessless) == .notFound)
        #expect(nowhere.actions == [.answer(.notFound)])
    }

    /// Another install took the best candidate a moment ago: it is never delivered twice,
    /// and with nothing else to match an organic install gets nothing.
    @Test func aCandidateAnotherInstallTookIsNeverDeliveredAgain() {
        var store = Store(clicks: [Fixture.click("best")], taken: ["best"])
        var machine = Self.machine()
        #expect(store.run(&machine) == .notFound)
        #expect(
            store.actions == [
                .fetchCandidates(pools: ["net-a", "relay:DE"]), .consume(clickID: "best"), .answer(.notFound),
            ])

    }

    /// A weak match (an address shared with other clickers, nothing else agreeing) is given
    /// only to an app that asked for weak answers, and then taken like any other.
    @Test(arguments: [false, true])
    func aWeakMatchOnlyWhenAskedFor(weak: Bool) {
        var store = Store(clicks: [Fixture.bareClick("bare")])
        var machine = Self.machine(install: Fixture.install(osVersion: nil, model: nil), weak: weak)
        let outcome = store.run(&machine)
        let decision = Fixture.decide(Fixture.install(osVersion: nil, model: nil), [Fixture.bareClick("bare")])
        guard Fixture.weak(decision) != nil else {
            Issue.record("the fixture is not a weak match: \(decision)")
            return
        }
        #expect((Self.found(outcome)?.type == "weak") == weak)
        #expect(store.taken.contains("bare") == weak)
    }
}
