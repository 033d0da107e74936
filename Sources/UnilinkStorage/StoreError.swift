/// Failures the API turns into 4xx answers (or a 503 for `unavailable`); anything else
/// is a real storage failure.
public enum StoreError: Error, Equatable, Sendable {
    case hostTaken(String)
    case aliasTaken(String)
    /// A random short code collided; the caller draws new ones.
    case codeTaken(String)
    case emailTaken(String)
    /// The change would leave no owner who can sign in.
    case lastOwner
    case notFound(String)
    case invalidInput(String)
    case unsupported(String)
    /// The database cannot be reached now; the caller may retry.
    case unavailable(String)
    /// The database answers but takes no writes (full disk, size limit, read-only).
    case storageUnavailable(String)
}

extension StoreError: CustomStringConvertible {
    public var description: String {
        switch self {
        case .hostTaken(let host): "the host '\(host)' already belongs to an app"
        case .aliasTaken(let alias): "the alias '\(alias)' is taken"
        case .codeTaken(let code): "the short code '\(code)' is taken"
        case .emailTaken(let email): "'\(email)' already has an account"
        case .lastOwner: "this is the organisation's last owner; make someone else an owner first"
        case .notFound(let message), .invalidInput(let message), .unsupported(let message), .unavailable(let message),
            .storageUnavailable(let message):
            message
        }
    }
}
