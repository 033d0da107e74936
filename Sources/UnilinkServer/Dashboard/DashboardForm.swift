import Foundation
import Hummingbird
import Logging
import UnilinkStorage

/// The dashboard's forms as browsers post them (URL-encoded), and what is shown on a form
/// the API's rules refused.
enum DashboardForm {
    static func decode<Form: Decodable>(_ type: Form.Type, _ request: Request, _ context: some VisitorContext) async throws -> Form {
        let body = try await request.body.collect(upTo: context.maxUploadSize)
        do {
            return try URLEncodedFormDecoder().decode(Form.self, from: String(buffer: body))
        } catch {
            throw DashboardError.badRequest("The form could not be read.")
        }
    }

    /// What the API would answer for a refused form, shown on the form; failures that are
    /// not about the input (signed out, database away) go on to their own pages.
    static func refusal(_ error: any Error, logger: Logger) throws -> APIError {
        switch error {
        case let error as APIError: return error
        case is DashboardError, StoreError.unavailable: throw error
        case is StoreError: return ErrorMiddleware<AppRequestContext>.translate(error, logger: logger)
        default: throw error
        }
    }
}
