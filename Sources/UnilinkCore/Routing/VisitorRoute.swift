/// What one kind of visitor gets from a link: how the click is counted, in a sentence, and
/// every URL it can lead to.
public struct VisitorRoute: Sendable, Equatable {
    public var visitor: DebugVisitor
    /// `nil`: not counted (a crawler, or the app opened without asking the server).
    public var outcome: ClickOutcome?
    public var summary: String
    public var destinations: [ClickDestination]

    public init(visitor: DebugVisitor, outcome: ClickOutcome?, summary: String, destinations: [ClickDestination]) {
        self.visitor = visitor
        self.outcome = outcome
        self.summary = summary
        self.destinations = destinations
    }
}
