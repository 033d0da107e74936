import Foundation
import UnilinkCore

/// Who is behind a click that the User-Agent classifier did not already call a crawler: a
/// mail or link security scanner (by the address it comes from, or its User-Agent), another
/// robot (an HTTP library, a monitor; an empty User-Agent; a prefetch; an AI crawler or an
/// AI assistant's fetcher, which gets the card: `Verdict.getsCard`), or a person. The lists are data (`Visitors/Automated/*.txt`, each entry with its source),
/// replaceable by the operator's own files without a new build. Pure; runs on every click,
/// so the tokens are found in one pass over the User-Agent (a two-byte filter, then a
/// comparison only where a token could start).
struct AutomatedTraffic: Sendable {
    struct Agent: Sendable, Equatable {
        var kind: Traffic
        var token: [UInt8]
        var who: String
        /// An AI crawler or fetcher (KIND `ai`): it gets the preview card, and is counted as a robot.
        var getsCard = false
    }

    /// The verdict on one request.
    struct Verdict: Sendable, Equatable {
        var traffic: Traffic
        /// The scanner or robot a list named.
        var who: String?
        /// An AI crawler or fetcher: the card (`Visit.aiAgent`), counted as a robot even where
        /// the classifier calls it a crawler.
        var getsCard = false
    }

    struct Network: Sendable, Equatable {
        var range: AddressRange
        var who: String
    }

    private(set) var agents: [Agent] = []
    private(set) var networks: [Network] = []
    /// Bit `b0 << 8 | b1` is set when a token starts with those two bytes.
    private var bigrams = [UInt64](repeating: 0, count: 1024)
    /// Tokens by their first two bytes.
    private var byBigram: [UInt16: [Int]] = [:]

    struct ParseError: Error, CustomStringConvertible {
        var file: String
        var line: Int
        var problem: String
        var description: String { "\(file), line \(line): \(problem)" }
    }

    /// The built-in lists (compiled into the binary from `Visitors/Automated/`).
    static let builtIn: AutomatedTraffic = {
        // The files are checked by the tests: a failure here is a build that shipped broken data.
        try! AutomatedTraffic(
            agents: String(decoding: PackageResources.automated_agents_txt, as: UTF8.self),
            networks: String(decoding: PackageResources.scanner_networks_txt, as: UTF8.self))
    }()

    init(
        agents agentText: String, networks networkText: String, agentsFile: String = "automated-agents.txt",
        networksFile: String = "scanner-networks.txt"
    )
        throws
    {
        for (number, line) in agentText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let fields = Self.fields(line) else { continue }
            let ai = fields.first == "ai"
            guard fields.count >= 3, let kind = ai ? .bot : Traffic(rawValue: fields[0]), kind.isAutomated else {
                throw ParseError(
                    file: agentsFile, line: number + 1, problem: "expected KIND<TAB>TOKEN<TAB>WHO[<TAB>SOURCE] with KIND scanner, bot or ai")
            }
            guard fields[1].utf8.count >= 3 else { throw ParseError(file: agentsFile, line: number + 1, problem: "a token needs 3 bytes or more") }
            agents.append(Agent(kind: kind, token: Array(fields[1].utf8), who: fields[2], getsCard: ai))
        }
        for (number, line) in networkText.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            guard let fields = Self.fields(line) else { continue }
            guard fields.count >= 2, let range = AddressRange(fields[0]) else {
                throw ParseError(file: networksFile, line: number + 1, problem: "expected CIDR<TAB>WHO[<TAB>SOURCE] with an address block")
            }
            networks.append(Network(range: range, who: fields[1]))
        }
        for (index, agent) in agents.enumerated() {
            let key = UInt16(agent.token[0]) << 8 | UInt16(agent.token[1])
            bigrams[Int(key >> 6)] |= 1 << (key & 63)
            byBigram[key, default: []].append(index)
        }
    }

    /// The fields of a data line, or `nil` for a comment or a blank line.
    private static func fields(_ line: Substring) -> [String]? {
        let trimmed = line.trimmingCharacters(in: .whitespaces)
        guard !trimmed.isEmpty, !trimmed.hasPrefix("#") else { return nil }
        return line.split(separator: "\t", omittingEmptySubsequences: false).map { $0.trimmingCharacters(in: .whitespaces) }
    }

    /// The verdict on one request; `who` names the scanner or robot when a list did.
    func classify(_ agent: UserAgent, header: String, address: String?, prefetch: Bool) -> (traffic: Traffic, who: String?) {
        let verdict = self.verdict(agent, header: header, address: address, prefetch: prefetch)
        return (verdict.traffic, verdict.who)
    }

    /// The verdict on one request, with whether it gets the card (an AI crawler or fetcher).
    func verdict(_ agent: UserAgent, header: String, address: String?, prefetch: Bool) -> Verdict {
        if agent.isCrawler {
            // AI crawlers name themselves as preview crawlers do (GPTBot, ClaudeBot): the list tells them apart.
            if let found = self.agent(in: header), found.getsCard { return Verdict(traffic: found.kind, who: found.who, getsCard: true) }
            return Verdict(traffic: .crawler)
        }
        if let address, !networks.isEmpty, let bytes = AddressRange.bytes(of: address),
            let network = networks.first(where: { $0.range.contains(bytes: bytes) })
        {
            return Verdict(traffic: .scanner, who: network.who)
        }
        if let found = self.agent(in: header) { return Verdict(traffic: found.kind, who: found.who, getsCard: found.getsCard) }
        if header.utf8.isEmpty { return Verdict(traffic: .bot, who: "no User-Agent") }
        if prefetch { return Verdict(traffic: .bot, who: "prefetch") }
        return Verdict(traffic: .person)
    }

    /// The first listed token the header contains.
    func agent(in header: String) -> Agent? {
        var header = header
        return header.withUTF8 { bytes -> Agent? in
            guard bytes.count >= 2 else { return nil }
            for start in 0..<(bytes.count - 1) {
                let key = UInt16(bytes[start]) << 8 | UInt16(bytes[start + 1])
                guard bigrams[Int(key >> 6)] & (1 << (key & 63)) != 0, let candidates = byBigram[key] else { continue }
                for index in candidates {
                    let token = agents[index].token
                    guard start + token.count <= bytes.count else { continue }
                    if memcmp(bytes.baseAddress! + start, token, token.count) == 0 { return agents[index] }
                }
            }
            return nil
        }
    }
}
