import Foundation
import Testing
import UnilinkTestSupport

@testable import UnilinkCore

/// A brand's QR design: colours as people type them, the contrast scanners need, the
/// logo's square kept within what error correction H repairs, and the PNGs written and read.
@Suite("QR design")
struct QRDesignTests {
    @Test(arguments: [
        ("#1a2B3c", "#1a2b3c"), ("1A2B3C", "#1a2b3c"), ("#000000", "#000000"), ("#1a2b3", nil), ("#1a2b3g", nil), ("", nil),
        ("##1a2b3c", nil), ("#1a2b3c4", nil), (" #1a2b3c", nil),
    ])
    func coloursAreSixHexDigits(text: String, expected: String?) {
        #expect(QRColour(hex: text)?.description == expected)
    }

    /// WCAG 2's published figures: black on white 21:1; #767676 is the lightest grey that
    /// passes 4.5:1 on white, #777777 just fails it.
    @Test func contrastIsWCAGs() throws {
        #expect(abs(QRColour.contrast(.black, .white) - 21) < 0.0001)
        let passing = try #require(QRColour(hex: "#767676")), failing = try #require(QRColour(hex: "#777777"))
        #expect(QRColour.contrast(passing, .white) >= 4.5)
        #expect(QRColour.contrast(failing, .white) < 4.5)
        #expect(QRDesign.problem(foreground: passing, background: .white) == nil)
        guard case .lowContrast(_, _, let ratio) = QRDesign.problem(foreground: failing, background: .white) else {
            Issue.record("#777777 on white is refused")
            return
        }
        #expect(ratio > 4.47 && ratio < 4.5)
    }

    @Test(arguments: [
        ("#1d3557", "#f1faee", nil), ("#000000", "#ffffff", nil), ("#ffffff", "#000000", "inverted_colours"),
        ("#f1faee", "#1d3557", "inverted_colours"), ("#777777", "#ffffff", "low_contrast"), ("#ff0000", "#00ff00", "low_contrast"),
        ("#336699", "#336699", "low_contrast"),
    ])
    func darkOnLightWithEnoughContrast(foreground: String, background: String, code: String?) throws {
        let problem = QRDesign.problem(foreground: try #require(QRColour(hex: foreground)), background: try #require(QRColour(hex: background)))
        #expect(problem?.code == code)
    }

    @Test func refusalsSayWhatIsWrongAndWhatIsNeeded() throws {
        let low = QRDesign.problem(foreground: try #require(QRColour(hex: "#777777")), background: .white)
        #expect(low?.description == "the foreground #777777 and the background #ffffff have a contrast of 4.47:1; scanners need at least 4.50:1")
        let inverted = QRDesign.problem(foreground: .white, background: .black)
        #expect(inverted?.description.contains("lighter than the background #000000") == true)
        guard case .failure(let large) = QRDesign.logo(Array(repeating: 0, count: 65_537)) else {
            Issue.record("a 64 KiB + 1 logo is refused")
            return
        }
        #expect(large.code == "logo_too_large" && large.description == "the logo is 65537 bytes; at most 65536 (64 KiB)")
        guard case .failure(let wide) = QRDesign.logo(TestPNG.disc(side: 513, colour: .black)) else {
            Issue.record("a 513-pixel logo is refused")
            return
        }
        #expect(wide.code == "logo_too_large" && wide.description == "the logo is 513×513 pixels; at most 512×512")
        guard case .failure(let text) = QRDesign.logo(Array("GIF89a not a png".utf8)) else {
            Issue.record("a GIF is refused")
            return
        }
        #expect(text.code == "logo_not_png" && text.description == "the logo is not a PNG image")
    }

    /// A document stored before designs existed reads as before, and one with a design
    /// keeps it, logo bytes included.
    @Test func appsDecodeWithAndWithoutADesign() throws {
        let old = App(id: "app_1", name: "Shop")
        var json = try JSONSerialization.jsonObject(with: JSONEncoder().encode(old)) as! [String: Any]
        json.removeValue(forKey: "qrDesign")
        let decoded = try JSONDecoder().decode(App.self, from: JSONSerialization.data(withJSONObject: json))
        #expect(decoded == old && decoded.qrDesign == nil)
        var designed = old
        designed.qrDesign = QRDesign(
            foreground: try #require(QRColour(hex: "#1d3557")), background: .white, logoPNG: Data(TestPNG.disc(side: 8, colour: .black)))
        #expect(try JSONDecoder().decode(App.self, from: JSONEncoder().encode(designed)) == designed)
    }

    /// For every version at H: the square covers no function pattern, at most a fifth of
    /// the data modules, and in every block at most two thirds of what it repairs; the
    /// short links people print (15 to 58 bytes, versions 2 to 6) all get one of at least
    /// 5 modules, 7 from version 3, and versions with an alignment pattern in the centre none.
    @Test func theLogoSquareStaysWithinWhatHRepairs() async throws {
        // Seconds of encoding in a debug build: on a thread of its own.
        let measured = try await OwnThread.run { () throws -> [(version: Int, code: QRCode, area: QRLogoArea?, onPatterns: [[Int]])] in
            try (1...40).map { version in
                let length = QRCode.capacity(version: version, errorCorrection: .high)
                let code = try QRCode(bytes: Array(repeating: 0x61, count: length), errorCorrection: .high)
                guard let area = QRLogoArea(for: code) else { return (version, code, nil, []) }
                let reserved = QRMatrix(version: version).reserved
                let square = area.origin..<(area.origin + area.side)
                return (version, code, area, square.flatMap { y in square.map { x in [x, y] } }.filter { reserved[$0[1] * code.size + $0[0]] })
            }
        }
        var sides: [Int: Int] = [:]
        for (version, code, area, onPatterns) in measured {
            #expect(code.version == version)
            guard let area else { continue }
            sides[version] = area.side
            #expect(onPatterns.isEmpty, "version \(version): \(onPatterns.prefix(3)) are function patterns")
            #expect(area.origin * 2 + area.side == code.size, "centred")
            #expect(Double(area.coveredModules) <= 0.2 * Double(area.dataModules), "version \(version)")
            for (touched, correctable) in zip(area.touchedCodewords, area.correctableCodewords) {
                #expect(Double(touched) <= Double(correctable) * 2 / 3, "version \(version): \(touched) of \(correctable)")
            }
        }
        #expect((2...6).allSatisfy { (sides[$0] ?? 0) >= 5 }, "\(sides)")
        #expect((3...6).allSatisfy { (sides[$0] ?? 0) >= 7 }, "\(sides)")
        #expect([7, 13, 21, 27, 35, 40].allSatisfy { sides[$0] == nil }, "\(sides)")
    }

    /// What QRCode draws reads back pixel for pixel: two colours a bit each, and RGB with a logo.
    @Test func writtenPNGsReadBack() throws {
        let code = try QRCode(text: "https://exm.pl/Ab3dE6g", errorCorrection: .high)
        let fg = try #require(QRColour(hex: "#1d3557")), bg = try #require(QRColour(hex: "#f1faee"))
        let plain = try PNGImage.decode(code.png(scale: 3, style: QRStyle(foreground: fg, background: bg)))
        #expect(plain.width == code.sideWithQuietZone * 3)
        func pixel(_ image: PNGImage, _ x: Int, _ y: Int) -> [UInt8] { Array(image.rgba[(y * image.width + x) * 4..<(y * image.width + x) * 4 + 4]) }
        for y in 0..<code.size {
            for x in 0..<code.size {
                let colour = code.isDark(x: x, y: y) ? fg : bg
                #expect(pixel(plain, (x + 4) * 3 + 1, (y + 4) * 3 + 1) == [colour.red, colour.green, colour.blue, 255])
            }
        }
        let logo = try #require(try? QRDesign.logo(TestPNG.disc(side: 64, colour: .black)).get())
        let branded = try PNGImage.decode(code.png(scale: 8, style: QRStyle(foreground: fg, background: bg, logo: logo)), maximumSide: 4096)
        let area = try #require(QRLogoArea(for: code))
        let centre = (code.sideWithQuietZone * 8) / 2
        #expect(pixel(branded, centre, centre) == [0, 0, 0, 255], "the logo's disc in the middle")
        let corner = (area.origin + 4) * 8 + 1
        #expect(pixel(branded, corner, corner) == [bg.red, bg.green, bg.blue, 255], "transparent corners over the background")
        #expect(pixel(branded, 8 * 4 + 1, 8 * 4 + 1) == [fg.red, fg.green, fg.blue, 255], "the finder's corner")
    }

    /// Every colour type and depth an editor writes, each of the five filters, read to RGBA.
    @Test func theReaderReadsWhatEditorsWrite() throws {
        let rgba: [UInt8] = [255, 0, 0, 255, 0, 255, 0, 128, 0, 0, 255, 0, 10, 20, 30, 255]
        let rows = [[255, 0, 0, 255, 0, 255, 0, 128], [0, 0, 255, 0, 10, 20, 30, 255]].map { $0.map(UInt8.init) }
        for filter: UInt8 in 0...4 {
            let png = TestPNG.encode(width: 2, height: 2, colourType: 6, depth: 8, rows: rows, filter: filter)
            #expect(try PNGImage.decode(png).rgba == rgba, "filter \(filter)")
        }
        let rgb = TestPNG.encode(width: 2, height: 1, colourType: 2, depth: 8, rows: [[1, 2, 3, 4, 5, 6]])
        #expect(try PNGImage.decode(rgb).rgba == [1, 2, 3, 255, 4, 5, 6, 255])
        let greyAlpha = TestPNG.encode(width: 1, height: 1, colourType: 4, depth: 8, rows: [[100, 50]])
        #expect(try PNGImage.decode(greyAlpha).rgba == [100, 100, 100, 50])
        // Two-bit palette, four pixels in a byte, the second entry half transparent.
        let palette = TestPNG.encode(
            width: 4, height: 1, colourType: 3, depth: 2, rows: [[0b00_01_10_11]], palette: [0, 0, 0, 255, 0, 0, 0, 255, 0, 0, 0, 255],
            transparency: [255, 128])
        #expect(try PNGImage.decode(palette).rgba == [0, 0, 0, 255, 255, 0, 0, 128, 0, 255, 0, 255, 0, 0, 255, 255])
        let grey = TestPNG.encode(width: 8, height: 1, colourType: 0, depth: 1, rows: [[0b1010_0000]])
        #expect(try PNGImage.decode(grey).rgba.enumerated().filter { $0.offset % 4 == 0 }.map(\.element) == [255, 0, 255, 0, 0, 0, 0, 0])
    }

    @Test func theReaderRefusesByName() throws {
        let row: [[UInt8]] = [[0, 0, 0, 0]]
        #expect(throws: PNGImage.Failure.unsupported("interlaced")) {
            try PNGImage.decode(TestPNG.encode(width: 1, height: 1, colourType: 6, depth: 8, rows: row, interlaced: true))
        }
        #expect(throws: PNGImage.Failure.unsupported("16 bits a sample")) {
            try PNGImage.decode(TestPNG.encode(width: 1, height: 1, colourType: 0, depth: 16, rows: [[0, 0]]))
        }
        #expect(throws: PNGImage.Failure.tooLarge(width: 100_000, height: 1, maximum: 512)) {
            try PNGImage.decode(TestPNG.encode(width: 100_000, height: 1, colourType: 0, depth: 8, rows: []), maximumSide: 512)
        }
        var damaged = TestPNG.encode(width: 1, height: 1, colourType: 6, depth: 8, rows: row)
        damaged[damaged.count - 20] ^= 0xFF
        #expect(throws: PNGImage.Failure.self) { try PNGImage.decode(damaged) }
        #expect(throws: PNGImage.Failure.notPNG) { try PNGImage.decode(Array("<svg/>".utf8)) }
    }
}
