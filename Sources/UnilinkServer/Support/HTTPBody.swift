import Foundation
import Hummingbird
import NIOCore

/// JSON in and out, with the body size limit applied while reading.
struct HTTPBody {
    let maxBytes: Int

    func decode<T: Decodable>(_ type: T.Type, from request: Request) async throws -> T {
        var request = request
        let buffer = try await request.collectBody(upTo: maxBytes)
        guard buffer.readableBytes > 0 else { throw APIError.badRequest("the request body is empty; send JSON") }
        return try JSONDecoder().decode(T.self, from: Data(buffer.readableBytesView))
    }

    /// The API's JSON spelling: sorted keys, slashes left alone.
    static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    static func json(_ value: some Encodable, status: HTTPResponse.Status = .ok) throws -> Response {
        json(data: try encode(value), status: status)
    }

    static func json(data: Data, status: HTTPResponse.Status = .ok) -> Response {
        Response(
            status: status,
            headers: [.contentType: "application/json; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(bytes: data))
        )
    }
}
