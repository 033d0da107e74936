import Foundation
import UnilinkAPI
import UnilinkCore

/// An app's `qr`: the colours' syntax is the schema's (400); contrast and the logo's file
/// are rules it cannot state (422, with the code of `QRDesign.Problem`).
extension AppInput {
    static func qrDesign(_ body: QRDesignBody, merging old: QRDesign) throws -> QRDesign {
        var design = old
        if let text = body.foreground { design.foreground = try colour(text, field: "qr.foreground") }
        if let text = body.background { design.background = try colour(text, field: "qr.background") }
        if let text = body.logoPNG { design.logoPNG = try logo(text) }
        if let problem = design.problem {
            throw APIError.unprocessable(problem.code, "'\(problem.isAboutColours ? "qr.foreground" : "qr.logo_png")': \(problem)")
        }
        return design
    }

    static func colour(_ text: String, field: String) throws -> QRColour {
        guard text.hasPrefix("#"), let colour = QRColour(hex: text) else { throw APIError.badRequest("'\(field)' must be a colour like #1a2b3c") }
        return colour
    }

    /// The bytes of a base64 logo (line breaks allowed); nil, no logo, for an empty text.
    static func logo(_ text: String) throws -> Data? {
        guard !text.isEmpty else { return nil }
        guard let bytes = Data(base64Encoded: text, options: .ignoreUnknownCharacters), !bytes.isEmpty else {
            throw APIError.badRequest("'qr.logo_png' must be a PNG file in base64")
        }
        return bytes
    }

    /// The app as the audit log records it: the logo by its size and SHA-256, not its bytes.
    static func audited(_ app: App) -> AppBody {
        var body = body(of: app, publishableKey: nil)
        if let logo = app.qrDesign?.logoPNG { body.qr?.logoPNG = "\(logo.count) bytes, sha256 \(Identifiers.hash(logo))" }
        return body
    }
}
