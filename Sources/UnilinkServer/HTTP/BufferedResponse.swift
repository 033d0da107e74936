import HTTPTypes
import Hummingbird
import NIOCore

/// An answer whose body is already in memory. The router's handlers return it as a
/// Hummingbird `Response`; `LinkHostFastPath` writes its parts to the channel as they are
/// (a `Response` keeps its body to itself).
struct BufferedResponse: Sendable {
    var status: HTTPResponse.Status
    var headers: HTTPFields
    var body: ByteBuffer

    var response: Response {
        Response(status: status, headers: headers, body: .init(byteBuffer: body))
    }

    /// For a HEAD request: the same fields, the length of the body it would have had, no body.
    func withoutBody(if head: Bool) -> BufferedResponse {
        guard head else { return self }
        var copy = self
        if copy.headers[.contentLength] == nil { copy.headers[.contentLength] = String(body.readableBytes) }
        copy.body.clear()
        return copy
    }
}
