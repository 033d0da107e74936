import Foundation
import Hummingbird
import Logging
import NIOCore
import UnilinkStorage

/// Turns every failure into the JSON error body, checks the request target's size, and
/// keeps 5xx for real server faults (logged, never shown).
struct ErrorMiddleware<Context: RequestContext>: RouterMiddleware {
    let maxURLBytes: Int
    /// The store, whose closing (a stop under way) makes any failure a 503, not a 500.
    let store: SQLStore?

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        do {
            guard accepts(request) else {
                throw APIError(.uriTooLong, "uri_too_long", "the request URL is longer than \(maxURLBytes) bytes")
            }
            return try await next(request, context)
        } catch let error as APIError {
            return try error.response(from: request, context: context)
        } catch {
            if store?.isClosed == true {
                return try Self.translate(StoreError.unavailable("the database is closed"), logger: context.logger).response(
                    from: request, context: context)
            }
            return try Self.translate(error, logger: context.logger).response(from: request, context: context)
        }
    }

    /// Whether the request target is within `maxURLBytes`.
    func accepts(_ request: Request) -> Bool {
        request.uri.description.utf8.count <= maxURLBytes
    }

    static func translate(_ error: any Error, logger: Logger) -> APIError {
        switch error {
        case let error as DecodingError:
            return .badRequest(DecodingProblem.describe(error))
        case is NIOTooManyBytesError:
            return APIError(.contentTooLarge, "body_too_large", "the request body is too large")
        case let error as StoreError:
            switch error {
            case .hostTaken(let host): return .conflict("host_taken", "the host '\(host)' already belongs to an app")
            case .aliasTaken(let alias): return .conflict("alias_taken", "the alias '\(alias)' is already used by another link of this app")
            case .codeTaken(let code): return .conflict("code_taken", "the short code '\(code)' is taken; retry")
            case .emailTaken(let email): return .conflict("email_taken", "'\(email)' already has an account")
            case .lastOwner: return .conflict("last_owner", error.description)
            case .notFound(let what): return .notFound(what)
            case .invalidInput(let message): return .badRequest(message)
            case .unsupported(let message): return APIError(.notImplemented, "unsupported", message)
            case .unavailable(let message):
                logger.warning("database unavailable", metadata: ["error": "\(message)"])
                var error = APIError(.serviceUnavailable, "database_unavailable", "the database is unavailable; retry shortly")
                error.headers[.retryAfter] = "5"
                return error
            case .storageUnavailable(let reason):
                // Logged by the store's health once it changes, and shown by /readyz.
                logger.warning("storage refused a write", metadata: ["reason": "\(reason)"])
                var error = APIError(
                    .serviceUnavailable, "storage_unavailable",
                    "the server cannot store anything now (its storage is full or read-only); nothing was changed, retry later")
                error.headers[.retryAfter] = "30"
                return error
            }
        case let error as HTTPError:
            let code = error.status == .notFound ? "not_found" : "http_\(error.status.code)"
            return APIError(error.status, code, error.body ?? error.status.reasonPhrase)
        case let error as any HTTPResponseError where error.status.code < 500:
            return APIError(error.status, "http_\(error.status.code)", error.status.reasonPhrase)
        default:
            logger.error("request failed", metadata: ["error": "\(String(reflecting: error))"])
            return APIError(.internalServerError, "internal", "the server failed; the failure was logged")
        }
    }
}
