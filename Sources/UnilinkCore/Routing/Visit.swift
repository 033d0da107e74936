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
        guard var header, !header.isEmpty else { return [] }
        // On every click: one pass over the bytes, a String only for the tags kept (the
        // split-and-trim version was a third of a click's own work in a profile).
        return header.withUTF8 { bytes -> [String] in
            var weighted: [(start: Int, end: Int, weight: Double, order: Int)] = []
            var order = 0
            var start = 0
            while start <= bytes.count {
                var end = start
                while end < bytes.count, bytes[end] != UInt8(ascii: ",") { end += 1 }
                if let part = Self.languagePart(bytes, start, end) { weighted.append((part.start, part.end, part.weight, order)) }
                order += 1
                start = end + 1
            }
            weighted.sort { $0.weight != $1.weight ? $0.weight > $1.weight : $0.order < $1.order }
            return weighted.prefix(8).map { String(decoding: UnsafeBufferPointer(rebasing: bytes[$0.start..<$0.end]), as: UTF8.self) }
        }
    }

    /// One `tag;q=0.9` of the header (`bytes[start..<end]`): the tag's bounds and its
    /// weight, or `nil` for an empty tag, `*`, a tag over 35 characters or a weight of 0.
    private static func languagePart(_ bytes: UnsafeBufferPointer<UInt8>, _ start: Int, _ end: Int) -> (start: Int, end: Int, weight: Double)? {
        func isSpace(_ byte: UInt8) -> Bool { byte == UInt8(ascii: " ") || byte == UInt8(ascii: "\t") }
        // The tag is the first piece between semicolons that is not empty.
        var first = start
        while first < end, bytes[first] == UInt8(ascii: ";") { first += 1 }
        var tagEnd = first
        while tagEnd < end, bytes[tagEnd] != UInt8(ascii: ";") { tagEnd += 1 }
        var (tagStart, trimmedEnd) = (first, tagEnd)
        while tagStart < trimmedEnd, isSpace(bytes[tagStart]) { tagStart += 1 }
        while trimmedEnd > tagStart, isSpace(bytes[trimmedEnd - 1]) { trimmedEnd -= 1 }
        let length = trimmedEnd - tagStart
        guard length > 0, !(length == 1 && bytes[tagStart] == UInt8(ascii: "*")) else { return nil }
        if length > 35, String(decoding: UnsafeBufferPointer(rebasing: bytes[tagStart..<trimmedEnd]), as: UTF8.self).count > 35 { return nil }
        var weight = 1.0
        var parameter = tagEnd
        while parameter < end {
            var next = parameter + 1
            while next < end, bytes[next] != UInt8(ascii: ";") { next += 1 }
            var (from, to) = (parameter + 1, next)
            while from < to, isSpace(bytes[from]) { from += 1 }
            while to > from, isSpace(bytes[to - 1]) { to -= 1 }
            if to - from > 2, bytes[from] == UInt8(ascii: "q"), bytes[from + 1] == UInt8(ascii: "="),
                let value = Double(String(decoding: UnsafeBufferPointer(rebasing: bytes[(from + 2)..<to]), as: UTF8.self))
            {
                weight = value
            }
            parameter = next
        }
        return weight > 0 ? (tagStart, trimmedEnd, weight) : nil
    }
}
