import Synchronization

/// A request to stop, from outside the server (the process's SIGTERM or SIGINT): it cancels
/// a start under way (waiting for the database, migrating), or begins the graceful stop
/// of a running server. A request that comes before anyone listens is kept.
public final class StopRequest: Sendable {
    private enum State {
        case waiting(handler: (@Sendable () -> Void)?)
        case requested
    }

    private let state = Mutex<State>(.waiting(handler: nil))

    public init() {}

    public var isRequested: Bool {
        state.withLock { if case .requested = $0 { true } else { false } }
    }

    public func request() {
        let handler: (@Sendable () -> Void)? = state.withLock { state in
            defer { state = .requested }
            if case .waiting(let handler) = state { return handler }
            return nil
        }
        handler?()
    }

    /// What a request does from now on; run at once when one already came.
    func onRequest(_ handler: @escaping @Sendable () -> Void) {
        let now: Bool = state.withLock { state in
            switch state {
            case .requested: return true
            case .waiting:
                state = .waiting(handler: handler)
                return false
            }
        }
        if now { handler() }
    }
}
