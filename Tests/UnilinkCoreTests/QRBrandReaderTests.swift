import Foundation
import Testing
import UnilinkTestSupport

@testable import UnilinkCore

/// Every way a brand's code is drawn, read by a real reader: plain, coloured (also at the
/// lowest contrast allowed), coloured with a logo; PNG at 256 pixels and at print size
/// (4096), and SVG rasterised by headless Chromium as a browser or print tool draws it.
/// `.ci/run` installs zbar-tools and Chromium and sets UNILINK_REQUIRE_ZBAR and
/// UNILINK_REQUIRE_CHROMIUM, so CI never skips.
@Suite("QR brand variants read by zbarimg")
struct QRBrandReaderTests {
    static let payload = "https://exm.pl/Ab3dE6g"

    static var chromium: String? {
        ["/usr/bin/chromium", "/usr/bin/chromium-browser", "/usr/bin/google-chrome"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static var chromiumRequired: Bool { ProcessInfo.processInfo.environment["UNILINK_REQUIRE_CHROMIUM"] != nil }

    static func styles() throws -> [(name: String, style: QRStyle)] {
        let navy = try #require(QRColour(hex: "#1d3557")), cream = try #require(QRColour(hex: "#f1faee"))
        let grey = try #require(QRColour(hex: "#767676"))
        let logo = try QRDesign.logo(TestPNG.disc(side: 200, colour: try #require(QRColour(hex: "#e63946")))).get()
        return [
            ("plain", .plain), ("coloured", QRStyle(foreground: navy, background: cream)),
            ("faintest", QRStyle(foreground: grey, background: .white)),
            ("logo", QRStyle(foreground: navy, background: cream, logo: logo)),
            ("logo-plain", QRStyle(foreground: .black, background: .white, logo: logo)),
        ]
    }

    @Test(.enabled(if: QRCodeTests.zbarimg != nil || QRCodeTests.required, "zbarimg is not installed; .ci/run installs zbar-tools"))
    func everyPNGVariantReads() async throws {
        let reader = try #require(QRCodeTests.zbarimg, "UNILINK_REQUIRE_ZBAR is set but zbarimg was not found")
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let styles = try Self.styles()
        // Print-size PNGs take seconds in a debug build: on a thread of its own.
        let drawn = try await OwnThread.run { () throws -> [(name: String, logoPlaced: Bool)] in
            var drawn: [(name: String, logoPlaced: Bool)] = []
            for (name, style) in styles {
                let code = try QRCode(text: Self.payload, errorCorrection: style.logo == nil ? .medium : .high)
                let logoPlaced = style.logo == nil || QRLogoArea(for: code) != nil
                for size in [256, 4096] {
                    let png = code.png(scale: code.scale(toFit: size), style: style)
                    try Data(png).write(to: directory.appendingPathComponent("\(name)-\(size).png"))
                    drawn.append(("\(name)-\(size)", logoPlaced))
                }
            }
            return drawn
        }
        for item in drawn { #expect(item.logoPlaced, "\(item.name): the logo is drawn") }
        let names = drawn.map(\.name)
        let decoded = try await QRCodeTests.decode(reader, directory: directory, names: names)
        for name in names { #expect(decoded[name] == Self.payload, "\(name)") }
    }

    @Test(
        .enabled(
            if: (QRCodeTests.zbarimg != nil && chromium != nil) || QRCodeTests.required || chromiumRequired,
            "zbarimg or Chromium is not installed; .ci/run installs them"))
    func everySVGVariantReadsAsABrowserDrawsIt() async throws {
        let reader = try #require(QRCodeTests.zbarimg, "zbarimg was not found")
        let chromium = try #require(Self.chromium, "Chromium was not found")
        let directory = try Self.directory()
        defer { try? FileManager.default.removeItem(at: directory) }
        var names: [String] = []
        for (name, style) in try Self.styles() {
            let code = try QRCode(text: Self.payload, errorCorrection: style.logo == nil ? .medium : .high)
            let svg = directory.appendingPathComponent("\(name).svg")
            try code.svg(pixels: 360, style: style).write(to: svg, atomically: true, encoding: .utf8)
            if style.logo != nil { #expect(try String(contentsOf: svg, encoding: .utf8).contains("xlink:href=\"data:image/png;base64,iVBORw0KGgo")) }
            _ = try await ChildProcess.run(
                URL(fileURLWithPath: chromium),
                [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--hide-scrollbars", "--window-size=400,400",
                    "--user-data-dir=\(directory.path)/profile-\(name)", "--screenshot=\(directory.path)/svg-\(name).png", svg.absoluteString,
                ], errors: .discarded)
            names.append("svg-\(name)")
        }
        let decoded = try await QRCodeTests.decode(reader, directory: directory, names: names)
        for name in names { #expect(decoded[name] == Self.payload, "\(name)") }
    }

    private static func directory() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-qr-brand-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        return directory
    }
}
