import Foundation
import Hummingbird
import NIOCore

/// JSON out, in the API's spelling. (JSON in: `APIRequestDecoder`, through the context.)
enum HTTPBody {
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
