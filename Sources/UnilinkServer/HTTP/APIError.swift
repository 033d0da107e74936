import Foundation
import Hummingbird
import UnilinkAPI

/// A 4xx with the JSON body API.md prescribes.
struct APIError: HTTPResponseError {
    let status: HTTPResponse.Status
    let code: String
    let message: String
    var headers: HTTPFields = [:]

    init(_ status: HTTPResponse.Status, _ code: String, _ message: String) {
        self.status = status
        self.code = code
        self.message = message
    }

    func response(from request: Request, context: some RequestContext) throws -> Response {
        buffered.response
    }

    /// The answer, with its JSON body in memory.
    var buffered: BufferedResponse {
        var headers = self.headers
        headers[.contentType] = "application/json; charset=utf-8"
        let body = (try? JSONEncoder().encode(ErrorBody(code: code, message: message))) ?? Data()
        return BufferedResponse(status: status, headers: headers, body: ByteBuffer(bytes: body))
    }

    static func badRequest(_ message: String) -> APIError { APIError(.badRequest, "bad_request", message) }
    static func notFound(_ message: String) -> APIError { APIError(.notFound, "not_found", message) }
    static func unauthorized(_ message: String) -> APIError { APIError(.unauthorized, "unauthorized", message) }
    static func forbidden(_ message: String) -> APIError { APIError(.forbidden, "forbidden", message) }
    static func unprocessable(_ code: String, _ message: String) -> APIError { APIError(.unprocessableContent, code, message) }
    static func conflict(_ code: String, _ message: String) -> APIError { APIError(.conflict, code, message) }
}
