/// Who is behind a request: a person, a link-preview crawler (it gets the card), a mail or
/// link security scanner, or another robot. Scanners and robots get the answer a person
/// would, but are counted apart (`automated`), leave no pending click and send no `click`
/// webhook unless a subscription asks for them.
public enum Traffic: String, Sendable, Codable, CaseIterable {
    case person, crawler, scanner, bot

    public var isAutomated: Bool { self == .scanner || self == .bot }
}
