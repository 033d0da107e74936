import HTTPTypes
import Hummingbird
import HummingbirdCore
import NIOCore
import NIOPosix
import UnilinkAPI
import UnilinkCore

/// A link's QR code as an SVG or PNG answer, for the API and the dashboard, drawn with the
/// app's design unless the query overrides it.
enum QRResponse {
    /// `format` svg (default) or png, `size` in pixels (64...4096, 256 by default; a PNG is
    /// the largest whole number of pixels per module that fits), `level` L/M/Q/H, `fg` and
    /// `bg` colours (`#rrggbb` or `rrggbb`), `logo` 0 or 1 (1 by default when the design has
    /// one; a logo raises the level to H).
    static func make(for link: LinkBody, design: QRDesign?, query: FlatDictionary<Substring, Substring>) async throws -> Response {
        guard let url = link.shortURL ?? link.longURL else { throw APIError.conflict("no_url", "the link has no URL to encode") }
        let format = query["format"].map(String.init) ?? "svg"
        guard format == "svg" || format == "png" else { throw APIError.badRequest("'format' must be svg or png") }
        let size = try QueryNumber.parse(query["size"], name: "size", in: WireLimits.qrSize, unit: "a number of pixels") ?? 256
        let level =
            try query["level"].map { text in
                guard let level = QRErrorCorrection(rawValue: text.uppercased()) else { throw APIError.badRequest("'level' must be L, M, Q or H") }
                return level
            } ?? .medium
        let request = try QRRequest(design: design ?? .plain, query: query)
        if let problem = QRDesign.problem(foreground: request.style.foreground, background: request.style.background) {
            throw APIError.unprocessable(problem.code, "'fg' and 'bg': \(problem)")
        }
        var style = request.style
        var code: QRCode
        do {
            code = try QRCode(text: url, errorCorrection: style.logo == nil ? level : .high)
        } catch QRCode.Failure.tooLong where style.logo != nil && !request.logoAsked {
            // Too long for level H: the design's logo is left out rather than the code.
            style.logo = nil
            code = try QRCode(text: url, errorCorrection: level)
        }
        if style.logo != nil, QRLogoArea(for: code) == nil {
            guard !request.logoAsked else {
                throw APIError.unprocessable(
                    "logo_does_not_fit",
                    "the link's URL needs a version \(code.version) symbol, which has no room for a logo clear of its patterns; ask with logo=0")
            }
            style.logo = nil
        }
        let headers: HTTPFields = [.contentType: format == "svg" ? "image/svg+xml" : "image/png", .cacheControl: "private, max-age=300"]
        // A print-size PNG with a logo is tens of megabytes of pixels to draw and compress: off
        // the tasks' shared threads (which answer clicks), on NIO's blocking pool, whose few
        // threads also bound how many are drawn at once.
        let drawn = code, drawnStyle = style
        let bytes = try await NIOThreadPool.singleton.runIfActive {
            format == "svg" ? Array(drawn.svg(pixels: size, style: drawnStyle).utf8) : drawn.png(scale: drawn.scale(toFit: size), style: drawnStyle)
        }
        return Response(status: .ok, headers: headers, body: .init(byteBuffer: ByteBuffer(bytes: bytes)))
    }
}

/// The design a request asks for: the app's, with `fg`, `bg` and `logo` from the query.
struct QRRequest {
    var style: QRStyle
    /// `logo=1`: a logo that does not fit is refused rather than left out.
    var logoAsked = false

    init(design: QRDesign, query: FlatDictionary<Substring, Substring>) throws {
        style = QRStyle(
            foreground: try Self.colour(query["fg"], "fg") ?? design.foreground, background: try Self.colour(query["bg"], "bg") ?? design.background)
        switch query["logo"] {
        case nil, "1":
            logoAsked = query["logo"] == "1"
            guard let png = design.logoPNG else {
                if logoAsked { throw APIError.unprocessable("no_logo", "'logo': the app's QR design has no logo") }
                break
            }
            // Checked when it was stored; a logo this server can no longer read is left out.
            style.logo = try? QRDesign.logo(Array(png)).get()
        case "0": break
        default: throw APIError.badRequest("'logo' must be 0 or 1")
        }
    }

    private static func colour(_ text: Substring?, _ name: String) throws -> QRColour? {
        guard let text else { return nil }
        guard let colour = QRColour(hex: text) else { throw APIError.badRequest("'\(name)' must be a colour like 1a2b3c or %231a2b3c") }
        return colour
    }
}
