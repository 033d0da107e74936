public import Foundation

/// Who clicked, as far as the request tells.
public struct Visit: Sendable, Equatable {
    public var userAgent: UserAgent
    /// HEAD requests are link checks (mail scanners send them first), not clicks: they get
    /// GET's answer without its body, and are neither counted nor kept for matching.
    public var isHead: Bool
    /// Language tags from Accept-Language, most preferred first.
    public var languages: [String]
    /// The id this click is recorded under (chosen by the caller: the router is pure).
    public var clickID: String
    public var time: Date
    /// The visitor's IP address (socket peer, or what a trusted proxy forwarded).
    public var clientAddress: String?
    /// The link carried a valid `ul_installed` marker: its sender knows this person has
    /// the app (an e-mail to a signed-in user). Checked by the caller: the router is pure.
    public var knownInstalled: Bool
    /// The link carries `ul_escaped`: the server already handed it out of an in-app browser
    /// (`InAppBrowser.Escape`). It is not sent out again (no loop when the app ignores the
    /// escape): the ordinary route runs.
    public var escaped: Bool
    /// An AI crawler, or a fetcher acting for a person in an AI assistant (`ChatGPT-User`),
    /// as the server's automated lists name them: it gets the preview card, as a crawler
    /// does. Decided by the caller: the router is pure.
    public var aiAgent: Bool

    public init(
        userAgent: UserAgent, isHead: Bool = false, languages: [String] = [], clickID: String, time: Date,
        clientAddress: String? = nil, knownInstalled: Bool = false, escaped: Bool = false, touchScreen: Bool = false,
        aiAgent: Bool = false
    ) {
        self.knownInstalled = knownInstalled
        self.escaped = escaped
        self.aiAgent = aiAgent
        // The desktop answer's check found a touch screen (`ul_touch`) behind Safari's Mac
        // string: an iPad asking for desktop sites. Any other User-Agent ignores the marker.
        var userAgent = userAgent
        if touchScreen, userAgent.mayBeIPad {
            (userAgent.os, userAgent.device, userAgent.osVersion, userAgent.mayBeIPad) = (.ios, .tablet, nil, false)
        }
        self.userAgent = userAgent
        self.isHead = isHead
        self.languages = languages
        self.clickID = clickID
        self.time = time
        self.clientAddress = clientAddress
    }

    /// `Accept-Language: de-DE,de;q=0.9,en;q=0.5` -> `["de-DE", "de", "en"]`, by weight.
    public static func languages(fromAcceptLanguage header: String?) -> [String] {
        guard let header else { return [] }
        let weighted: [(tag: String, weight: Double, order: Int)] = header.split(separator: ",").enumerated().compactMap { order, part in
            let pieces = part.split(separator: ";")
            let tag = pieces.first.map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
            guard !tag.isEmpty, tag != "*", tag.count <= 35 else { return nil }
            var weight = 1.0
            for parameter in pieces.dropFirst() {
                let trimmed = parameter.trimmingCharacters(in: .whitespaces)
                if trimmed.hasPrefix("q="), let value = Double(trimmed.dropFirst(2)) { weight = value }
            }
            return weight > 0 ? (tag, weight, order) : nil
        }
        return weighted.sorted { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }.prefix(8).map(\.tag)
    }
}
