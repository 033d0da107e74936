/// A problem a developer must fix (error) or should look at (warning) in an association file.
public struct AASAIssue: Sendable, Equatable, CustomStringConvertible {
    public enum Severity: String, Sendable, Equatable {
        case error, warning
    }

    public var severity: Severity
    /// Where: `applinks.details[0].appIDs[1]`.
    public var location: String
    public var message: String

    public init(_ severity: Severity, _ location: String, _ message: String) {
        self.severity = severity
        self.location = location
        self.message = message
    }

    public var description: String {
        "\(severity.rawValue): \(location): \(message)"
    }
}
