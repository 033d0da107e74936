/// What one kind of visitor gets from a link: how the click is counted, in a sentence, and
/// every URL it can lead to.
public struct VisitorRoute: Sendable, Equatable {
    public var visitor: DebugVisitor
    /// `nil`: not counted (a crawler, or the app opened without asking the server).
    public var outcome: ClickOutcome?
    public var summary: String
    public var destinations: [ClickDestination]
    /// The row of `in-app-browsers.json` the router read, in a sentence; `nil` for a browser.
    public var inAppBrowser: String?

    public init(
        visitor: DebugVisitor, outcome: ClickOutcome?, summary: String, destinations: [ClickDestination], inAppBrowser: String? = nil
    ) {
        self.visitor = visitor
        self.outcome = outcome
        self.summary = summary
        self.destinations = destinations
        self.inAppBrowser = inAppBrowser
    }
}
