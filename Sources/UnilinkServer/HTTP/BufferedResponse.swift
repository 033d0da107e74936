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
}
