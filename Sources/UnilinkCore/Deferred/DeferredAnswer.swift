public import Foundation
public import UnilinkAPI

/// The answer to an app's first launch, as a state machine that returns what to do next
/// (swift-nio's and Hummingbird's shape): the caller fetches and consumes pending clicks
/// as told, feeds back what the store said, and stops at `.answer`. Every decision is
/// here: exact tokens first (the Play referrer, the pasteboard token), then the matcher
/// over the clicks of the install's pools (its network prefix, and the relayed clicks of
/// its time zone's country), each match consumed once, with a few tries when another
/// install took a candidate first.
public struct DeferredAnswer: Sendable {
    public enum Action: Equatable, Sendable {
        /// Look up a pending click by its id, and call `clickFetched`.
        case fetchClick(id: String)
        /// Take the click for this install (a click goes to one install), and call `consumed`.
        case consume(clickID: String)
        /// Load the pending clicks of this app in each pool (the install's network prefix,
        /// its time zone's country's relayed clicks), with the busiest hour of each prefix's
        /// addresses (`NetworkCrowd`; a relay pool has none), and call `candidatesFetched`
        /// with them all. The reads are independent of each other.
        case fetchCandidates(pools: [String])
        /// Done.
        case answer(Outcome)
    }

    public enum Outcome: Equatable, Sendable {
        case found(PendingClick, matchType: MatchType, confidence: Double)
        case notFound
    }

    private enum State {
        case tokens([String])
        case checkingToken(remaining: [String])
        case consumingToken(PendingClick, remaining: [String])
        case fetchingCandidates
        case consumingMatch(
            PendingClick, strength: DeferredMatcher.Strength, confidence: Double, candidates: [PendingClick], history: [NetworkCrowd], tries: Int)
        case done
    }

    /// Candidates taken by other installs are retried this often before giving up.
    static let maximumTries = 3

    private var state: State
    private let appID: String
    private let fingerprint: InstallFingerprint
    private let threshold: Double
    private let acceptsWeak: Bool
    private let now: Date

    /// `tokens`: the install referrer and pasteboard token the app sent, as sent.
    public init(appID: String, tokens: [String], fingerprint: InstallFingerprint, threshold: Double, acceptsWeak: Bool, now: Date) {
        state = .tokens(tokens)
        self.appID = appID
        self.fingerprint = fingerprint
        self.threshold = threshold
        self.acceptsWeak = acceptsWeak
        self.now = now
    }

    public mutating func start() -> Action {
        guard case .tokens(let tokens) = state else { return .answer(.notFound) }
        return nextToken(tokens)
    }

    public mutating func clickFetched(_ click: PendingClick?) -> Action {
        guard case .checkingToken(let remaining) = state else { return finish(.notFound) }
        // Another app's click, or one past its window, is no match for this install.
        guard let click, click.appID == appID, click.expiresAt > now else { return nextToken(remaining) }
        state = .consumingToken(click, remaining: remaining)
        return .consume(clickID: click.clickID)
    }

    public mutating func consumed(_ taken: Bool) -> Action {
        switch state {
        case .consumingToken(let click, let remaining):
            return taken ? finish(.found(click, matchType: .deterministic, confidence: 1)) : nextToken(remaining)
        case .consumingMatch(let click, let strength, let confidence, var candidates, let history, let tries):
            if taken { return finish(.found(click, matchType: strength == .probabilistic ? .probabilistic : .weak, confidence: confidence)) }
            candidates.removeAll { $0.clickID == click.clickID }
            return match(candidates, history: history, tries: tries + 1)
        default:
            return finish(.notFound)
        }
    }

    public mutating func candidatesFetched(_ candidates: [PendingClick], crowds: [NetworkCrowd] = []) -> Action {
        guard case .fetchingCandidates = state else { return finish(.notFound) }
        return match(candidates, history: crowds, tries: 0)
    }

    private mutating func nextToken(_ tokens: [String]) -> Action {
        var remaining = tokens[...]
        while let token = remaining.popFirst() {
            guard let clickID = PasteboardToken.clickID(in: token) else { continue }
            state = .checkingToken(remaining: Array(remaining))
            return .fetchClick(id: clickID)
        }
        let relayed = fingerprint.signals.timeZone.flatMap(TimeZoneCountries.country(of:)).map(VisitorNetwork.relayPool(country:))
        let pools = [fingerprint.prefixKey, relayed].compactMap { $0 }
        guard !pools.isEmpty else { return finish(.notFound) }
        state = .fetchingCandidates
        return .fetchCandidates(pools: pools)
    }

    /// A weak answer is given only to an app that asked for weak answers; given, it is
    /// consumed like any other, so nobody else gets it.
    private mutating func match(_ candidates: [PendingClick], history: [NetworkCrowd], tries: Int) -> Action {
        guard tries < Self.maximumTries,
            case .match(let click, let confidence, let strength) = DeferredMatcher().decide(
                fingerprint, among: candidates, threshold: threshold, history: history),
            strength == .probabilistic || acceptsWeak
        else { return finish(.notFound) }
        state = .consumingMatch(click, strength: strength, confidence: confidence, candidates: candidates, history: history, tries: tries)
        return .consume(clickID: click.clickID)
    }

    private mutating func finish(_ outcome: Outcome) -> Action {
        state = .done
        return .answer(outcome)
    }
}
