import UnilinkAPI

/// What the app tells the server happened, for the numbers of the link that led there.
public enum UnilinkEvent: Sendable, Equatable {
    /// The first launch after install (send it after the deferred check).
    case install
    /// The app was opened (by a link or not).
    case open
    /// Anything else the team counts: a purchase, a sign-up.
    case custom(String, properties: [String: String] = [:])

    var type: EventType {
        switch self {
        case .install: .install
        case .open: .open
        case .custom: .custom
        }
    }

    var name: String? {
        if case .custom(let name, _) = self { return name }
        return nil
    }

    var properties: [String: String] {
        if case .custom(_, let properties) = self { return properties }
        return [:]
    }
}
