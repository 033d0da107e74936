@testable import UnilinkCore

/// PNGs as image editors write them, for the reader's tests: any colour type and depth the
/// specification allows, rows filtered with one chosen filter (or each in turn).
enum TestPNG {
    /// `rows` are the unfiltered scanlines (samples packed as the depth says).
    static func encode(
        width: Int, height: Int, colourType: UInt8, depth: UInt8, rows: [[UInt8]], filter: UInt8? = nil, palette: [UInt8] = [],
        transparency: [UInt8] = [], interlaced: Bool = false
    ) -> [UInt8] {
        var raster: [UInt8] = []
        let channels = [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][Int(colourType)]!
        let step = max(1, channels * Int(depth) / 8)
        for (y, row) in rows.enumerated() {
            let type = filter ?? UInt8(y % 5)
            raster.append(type)
            for (i, byte) in row.enumerated() {
                let left = i >= step ? Int(row[i - step]) : 0
                let up = y > 0 ? Int(rows[y - 1][i]) : 0
                let upLeft = y > 0 && i >= step ? Int(rows[y - 1][i - step]) : 0
                let predicted: Int
                switch type {
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4:
                    let p = left + up - upLeft
                    let (a, b, c) = (abs(p - left), abs(p - up), abs(p - upLeft))
                    predicted = a <= b && a <= c ? left : b <= c ? up : upLeft
                default: predicted = 0
                }
                raster.append(byte &- UInt8(predicted & 0xFF))
            }
        }
        var png = PNGImage.signature
        let header = PNGWriter.bigEndian(UInt32(width)) + PNGWriter.bigEndian(UInt32(height)) + [depth, colourType, 0, 0, interlaced ? 1 : 0]
        chunk("IHDR", header, &png)
        if !palette.isEmpty { chunk("PLTE", palette, &png) }
        if !transparency.isEmpty { chunk("tRNS", transparency, &png) }
        chunk("IDAT", PNGWriter.deflated(raster), &png)
        chunk("IEND", [], &png)
        return png
    }

    /// A logo: a disc of `colour` with a white ring on a transparent square, RGBA.
    static func disc(side: Int, colour: QRColour) -> [UInt8] {
        let rows = (0..<side).map { y in
            (0..<side).flatMap { x -> [UInt8] in
                let dx = Double(x) - Double(side - 1) / 2, dy = Double(y) - Double(side - 1) / 2
                let r = (dx * dx + dy * dy).squareRoot() / (Double(side) / 2)
                if r > 1 { return [0, 0, 0, 0] }
                return r > 0.8 ? [255, 255, 255, 255] : [colour.red, colour.green, colour.blue, 255]
            }
        }
        return encode(width: side, height: side, colourType: 6, depth: 8, rows: rows)
    }

    private static func chunk(_ type: String, _ data: [UInt8], _ png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += PNGWriter.bigEndian(UInt32(data.count)) + typed + PNGWriter.bigEndian(PNGWriter.crc32(typed))
    }
}
