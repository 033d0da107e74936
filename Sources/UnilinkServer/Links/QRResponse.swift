import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import UnilinkAPI
import UnilinkCore

/// A link's QR code as an SVG or PNG answer, for the API and the dashboard.
enum QRResponse {
    /// `format` svg (default) or png, `size` in pixels (64...2048, 256 by default; a PNG is
    /// the largest whole number of pixels per module that fits), `level` L/M/Q/H.
    static func make(for link: LinkBody, query: FlatDictionary<Substring, Substring>) throws -> Response {
        guard let url = link.shortURL ?? link.longURL else { throw APIError.conflict("no_url", "the link has no URL to encode") }
        let format = query["format"].map(String.init) ?? "svg"
        guard format == "svg" || format == "png" else { throw APIError.badRequest("'format' must be svg or png") }
        let size = try QueryNumber.parse(query["size"], name: "size", in: WireLimits.qrSize, unit: "a number of pixels") ?? 256
        let level =
            try query["level"].map { text in
                guard let level = QRErrorCorrection(rawValue: text.uppercased()) else { throw APIError.badRequest("'level' must be L, M, Q or H") }
                return level
            } ?? .medium
        let code = try QRCode(text: url, errorCorrection: level)
        let headers: HTTPFields = [.contentType: format == "svg" ? "image/svg+xml" : "image/png", .cacheControl: "private, max-age=300"]
        let bytes = format == "svg" ? Array(code.svg(pixels: size).utf8) : code.png(scale: code.scale(toFit: size))
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}
