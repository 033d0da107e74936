import NIOCore
public import UnilinkStorage

#if canImport(Glibc)
    import Glibc
#endif

/// Why the server did not start, as one line a person can act on (Docs/Operating.md lists
/// every one). The process prints it and exits with status 1; nothing opened before the
/// failure is left open.
public enum StartFailure: Error, CustomStringConvertible {
    case addressInUse(host: String, port: Int)
    case addressNotAvailable(host: String, port: Int)
    case permissionDenied(host: String, port: Int)
    case cannotListen(host: String, port: Int, reason: String)
    case database(DatabaseProblem)
    case schema(String)

    public var description: String {
        switch self {
        case .addressInUse(let host, let port):
            "\(host):\(port) is already in use (another unilink, or another server); choose another port with --port or UNILINK_PORT, or stop what listens there"
        case .addressNotAvailable(let host, let port):
            "cannot listen on \(host):\(port): no network interface of this machine has the address \(host); use --host or UNILINK_HOST with one of its addresses (127.0.0.1, 0.0.0.0 for all)"
        case .permissionDenied(let host, let port):
            "not allowed to listen on \(host):\(port): ports below 1024 need root or CAP_NET_BIND_SERVICE; use a port from 1024 up (--port, UNILINK_PORT) behind your proxy"
        case .cannotListen(let host, let port, let reason):
            "cannot listen on \(host):\(port): \(reason)"
        case .database(let problem):
            "\(problem)"
        case .schema(let message):
            message
        }
    }

    /// The start failure `error` is, if it is one: binding errors by their errno, the
    /// database's refusals as they are.
    public static func classify(_ error: any Error, host: String, port: Int) -> StartFailure? {
        switch error {
        case let failure as StartFailure: return failure
        case let problem as DatabaseProblem: return .database(problem)
        case StoreError.invalidInput(let message): return .schema(message)
        case let error as IOError:
            switch error.errnoCode {
            case EADDRINUSE: return .addressInUse(host: host, port: port)
            case EADDRNOTAVAIL: return .addressNotAvailable(host: host, port: port)
            case EACCES, EPERM: return .permissionDenied(host: host, port: port)
            default: return .cannotListen(host: host, port: port, reason: error.description)
            }
        case let error as SocketAddressError:
            return .cannotListen(host: host, port: port, reason: "'\(host)' is not an address or a host name this machine resolves (\(error))")
        default: return nil
        }
    }
}
