/// A routing rule or variant that cannot be kept, with where it is (`rules[2].conditions[0].country`)
/// and why: the API answers it as a 422 naming both.
public struct RoutingRuleError: Error, Sendable, Equatable, CustomStringConvertible {
    public var field: String
    public var message: String

    public init(_ field: String, _ message: String) {
        self.field = field
        self.message = message
    }

    public var description: String { "\(field): \(message)" }
}
