import Foundation
import Hummingbird
import NIOCore

/// The contexts' request decoder: collects the body up to the context's limit and names
/// the field and the problem when the JSON does not fit (Hummingbird's own decoder
/// answers with Swift's type names).
struct APIRequestDecoder: RequestDecoder {
    func decode<T: Decodable>(_ type: T.Type, from request: Request, context: some RequestContext) async throws -> T {
        var request = request
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("the request body is empty; send JSON") }
        return try Self.decode(T.self, from: buffer)
    }

    static func decode<T: Decodable>(_ type: T.Type, from buffer: ByteBuffer) throws -> T {
        do {
            return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
        } catch let error as DecodingError {
            throw APIError.badRequest(DecodingProblem.describe(error))
        }
    }
}

extension Request {
    /// The body as `T`, or `nil` when none was sent: for calls whose body is optional.
    func decodeIfSent<T: Decodable>(as type: T.Type, context: some RequestContext) async throws -> T? {
        var request = self
        let buffer = try await request.collectBody(upTo: context.maxUploadSize)
        guard buffer.readableBytes > 0 else { return nil }
        return try APIRequestDecoder.decode(T.self, from: buffer)
    }
}
