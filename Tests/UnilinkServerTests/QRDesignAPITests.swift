import Foundation
import HTTPTypes
import HummingbirdTesting
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

/// An app's QR design through the admin API and the link's QR endpoint: stored with the
/// app, drawn on every code, overridden per request, refused with a 422 naming the problem
/// (and then nothing stored changes), audited without the logo's bytes.
@Suite("QR design through the API")
struct QRDesignAPITests {
    /// A real PNG this server reads: a small QR code of its own.
    static let logo = try! QRCode(text: "logo").png(scale: 2)
    static let navy = "#1d3557", cream = "#f1faee"

    static func design(_ fields: String) -> String { #"{"qr": {\#(fields)}}"# }

    static func qr(_ client: any TestClientProtocol, _ app: CreatedApp) async throws -> QRDesignBody? {
        try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self).qr
    }

    @Test func aDesignIsStoredAndDrawsTheAppsCodes() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            #expect(try await Self.qr(client, app) == QRDesignBody(foreground: "#000000", background: "#ffffff"), "black on white by default")
            let link = try #require(try await client.createLink(#"{"path": "/p/1"}"#, app: app).id)
            let body = Self.design(
                #""foreground": "\#(Self.navy)", "background": "\#(Self.cream.uppercased())", "logo_png": "\#(Data(Self.logo).base64EncodedString())""#
            )
            let saved = try await client.send(.patch, "/v1/apps/\(app.id)", json: body, bearer: TestServer.adminToken)
            #expect(saved.status == .ok, "\(saved.text)")
            #expect(
                try saved.decode(AppBody.self).qr
                    == QRDesignBody(foreground: Self.navy, background: Self.cream, logoPNG: Data(Self.logo).base64EncodedString()))

            let svg = try await client.send(.get, "/v1/links/\(link)/qr", bearer: app.secretKey)
            #expect(svg.status == .ok && svg.headers[.cacheControl] == "private, max-age=300")
            #expect(svg.text.contains(#"fill="\#(Self.navy)""#) && svg.text.contains(#"fill="\#(Self.cream)""#))
            #expect(svg.text.contains("data:image/png;base64,\(Data(Self.logo).base64EncodedString())"))

            let png = try await client.send(.get, "/v1/links/\(link)/qr?format=png&size=4096", bearer: app.secretKey)
            #expect(png.status == .ok && png.headers[.contentType] == "image/png")
            let image = try PNGImage.decode(Array(png.body.readableBytesView))
            #expect(image.width <= 4096 && image.width > 3800, "print size: \(image.width)")
            let scale = image.width / 37  // version 3 at H with the quiet zone: 29 + 8 modules
            let finder = ((4 * scale + 1) * image.width + 4 * scale + 1) * 4
            #expect(Array(image.rgba[finder..<finder + 3]) == [0x1d, 0x35, 0x57], "the finder's corner in the brand's colour")
            let centre = (image.width / 2 * image.width + image.width / 2) * 4
            #expect(image.rgba[centre + 3] == 255 && Array(image.rgba[centre..<centre + 3]) != [0xf1, 0xfa, 0xee], "the logo in the centre")

            let plain = try await client.send(.get, "/v1/links/\(link)/qr?fg=000000&bg=%23ffffff&logo=0", bearer: app.secretKey)
            #expect(plain.text.contains(##"fill="#000000""##) && !plain.text.contains("<image"), "the query overrides the design")
        }
    }

    @Test(arguments: [
        (##""foreground": "#777777", "background": "#ffffff""##, 422, "low_contrast", "contrast of 4.47:1; scanners need at least 4.50:1"),
        (##""foreground": "#ffffff", "background": "#1d3557""##, 422, "inverted_colours", "is lighter than the background"),
        (#""logo_png": "\#(Data(repeating: 7, count: 70_000).base64EncodedString())""#, 422, "logo_too_large", "70000 bytes; at most 65536"),
        (
            #""logo_png": "\#(Data(try! QRCode(text: "wide").png(scale: 25)).base64EncodedString())""#, 422, "logo_too_large",
            "725×725 pixels; at most 512×512"
        ),
        (#""logo_png": "\#(Data("<svg xmlns='http://www.w3.org/2000/svg'/>".utf8).base64EncodedString())""#, 422, "logo_not_png", "is not a PNG"),
        (##""foreground": "#12345""##, 400, "bad_request", "'qr.foreground' must be a colour like #1a2b3c"),
        (#""logo_png": "!!!""#, 400, "bad_request", "'qr.logo_png' must be a PNG file in base64"),
    ])
    func refusalsNameTheProblemAndLoseNothing(fields: String, status: Int, code: String, message: String) async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let stored = Self.design(
                #""foreground": "\#(Self.navy)", "background": "\#(Self.cream)", "logo_png": "\#(Data(Self.logo).base64EncodedString())""#)
            #expect(try await client.send(.patch, "/v1/apps/\(app.id)", json: stored, bearer: TestServer.adminToken).status == .ok)
            let before = try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            let refused = try await client.send(
                .patch, "/v1/apps/\(app.id)", json: #"{"name": "Renamed", "qr": {\#(fields)}}"#, bearer: TestServer.adminToken)
            #expect(refused.status.code == status && refused.errorCode == code, "\(refused.text)")
            #expect(refused.text.contains(message), "\(refused.text)")
            let after = try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self)
            #expect(after == before, "a refused change stores nothing, the name beside it neither")
        }
    }

    @Test func theQREndpointRefusesWhatScannersCannotRead() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let link = try #require(try await client.createLink(#"{"path": "/p/1"}"#, app: app).id)
            let faint = try await client.send(.get, "/v1/links/\(link)/qr?fg=777777", bearer: app.secretKey)
            #expect(faint.status == .unprocessableContent && faint.errorCode == "low_contrast", "\(faint.text)")
            let inverted = try await client.send(.get, "/v1/links/\(link)/qr?fg=ffffff&bg=000000", bearer: app.secretKey)
            #expect(inverted.errorCode == "inverted_colours")
            let noLogo = try await client.send(.get, "/v1/links/\(link)/qr?logo=1", bearer: app.secretKey)
            #expect(noLogo.status == .unprocessableContent && noLogo.errorCode == "no_logo")
            #expect(try await client.send(.get, "/v1/links/\(link)/qr?size=4097", bearer: app.secretKey).status == .badRequest)
            #expect(try await client.send(.get, "/v1/links/\(link)/qr?fg=red", bearer: app.secretKey).status == .badRequest)
        }
    }

    /// A link too long for a symbol with room for a logo: drawn without it, unless the
    /// request asks for the logo, which is then refused by name.
    @Test func aLogoThatDoesNotFitIsLeftOutOrRefusedWhenAskedFor() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let logo = Data(Self.logo).base64EncodedString()
            #expect(
                try await client.send(.patch, "/v1/apps/\(app.id)", json: Self.design(#""logo_png": "\#(logo)""#), bearer: TestServer.adminToken)
                    .status == .ok)
            // 15 + 64 bytes: version 8 at H, whose centre holds an alignment pattern.
            let long = try #require(try await client.createLink(#"{"path": "/p/1", "alias": "\#(String(repeating: "x", count: 64))"}"#, app: app).id)
            let drawn = try await client.send(.get, "/v1/links/\(long)/qr", bearer: app.secretKey)
            #expect(drawn.status == .ok && !drawn.text.contains("<image"))
            let asked = try await client.send(.get, "/v1/links/\(long)/qr?logo=1", bearer: app.secretKey)
            #expect(asked.errorCode == "logo_does_not_fit", "\(asked.text)")
        }
    }

    @Test func theAuditLogRecordsTheDesignWithoutTheLogosBytes() async throws {
        try await TestServer.run { client in
            let app = try await client.createApp()
            let logo = Data(Self.logo).base64EncodedString()
            let body = Self.design(#""foreground": "\#(Self.navy)", "logo_png": "\#(logo)""#)
            #expect(try await client.send(.patch, "/v1/apps/\(app.id)", json: body, bearer: TestServer.adminToken).status == .ok)
            let log = try await client.send(.get, "/v1/audit?action=app.update", bearer: TestServer.adminToken).text
            #expect(log.contains(Self.navy) && log.contains("\(Self.logo.count) bytes, sha256 "), "\(log.prefix(2000))")
            #expect(!log.contains("iVBORw0KGgo"), "no PNG in base64")
        }
    }
}
