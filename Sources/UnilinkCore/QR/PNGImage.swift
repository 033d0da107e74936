import CZlib

/// A PNG read into 8-bit RGBA: the logos drawn in QR codes. Reads what image editors write
/// for a logo (greyscale, RGB, palette, with or without alpha, 1 to 8 bits a sample), not
/// interlaced; refuses the rest by name rather than guessing.
public struct PNGImage: Sendable, Equatable {
    public let width: Int
    public let height: Int
    /// Row by row, four bytes a pixel, alpha not premultiplied.
    public let rgba: [UInt8]

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case notPNG
        case unsupported(String)
        case corrupt(String)
        case tooLarge(width: Int, height: Int, maximum: Int)

        public var description: String {
            switch self {
            case .notPNG: "is not a PNG image"
            case .unsupported(let what): "is a PNG this server does not read (\(what)): save it as an 8-bit PNG"
            case .corrupt(let what): "is a damaged PNG (\(what))"
            case .tooLarge(let width, let height, let maximum): "is \(width)×\(height) pixels; at most \(maximum)×\(maximum)"
            }
        }
    }

    public init(width: Int, height: Int, rgba: [UInt8]) {
        precondition(rgba.count == width * height * 4)
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    /// The image of `bytes`; one wider or taller than `maximumSide` is refused before its
    /// pixels are inflated, so a small file cannot ask for a huge buffer.
    public static func decode(_ bytes: [UInt8], maximumSide: Int = 4096) throws(Failure) -> PNGImage {
        guard bytes.count >= 8, Array(bytes[0..<8]) == signature else { throw .notPNG }
        var header: Header?
        var palette: [UInt8] = [], transparency: [UInt8] = [], compressed: [UInt8] = []
        var offset = 8
        while true {
            guard offset + 12 <= bytes.count else { throw .corrupt("it ends before IEND") }
            let length = Int(readUInt32(bytes, offset))
            guard length <= bytes.count - offset - 12 else { throw .corrupt("a chunk runs past the end") }
            let typed = Array(bytes[(offset + 4)..<(offset + 8 + length)])
            guard readUInt32(bytes, offset + 8 + length) == PNGWriter.crc32(typed) else { throw .corrupt("a chunk's checksum is wrong") }
            let type = String(decoding: typed[0..<4], as: UTF8.self), data = Array(typed[4...])
            offset += 12 + length
            switch type {
            case "IHDR": header = try Header(data, maximumSide: maximumSide)
            case "PLTE": palette = data
            case "tRNS": transparency = data
            case "IDAT": compressed += data
            case "IEND":
                guard let header else { throw .corrupt("no IHDR") }
                return try header.image(inflating: compressed, palette: palette, transparency: transparency)
            default:
                // An unknown critical chunk (upper-case first letter) changes how the image reads.
                if typed[0] & 0x20 == 0 { throw .unsupported("the chunk \(type)") }
            }
            if type != "IHDR", header == nil { throw .corrupt("IHDR is not first") }
        }
    }

    private static func readUInt32(_ bytes: [UInt8], _ at: Int) -> UInt32 {
        UInt32(bytes[at]) << 24 | UInt32(bytes[at + 1]) << 16 | UInt32(bytes[at + 2]) << 8 | UInt32(bytes[at + 3])
    }

    private struct Header {
        let width: Int, height: Int, depth: Int, colourType: Int

        init(_ data: [UInt8], maximumSide: Int) throws(Failure) {
            guard data.count == 13 else { throw .corrupt("IHDR is not 13 bytes") }
            width = Int(readUInt32(data, 0))
            height = Int(readUInt32(data, 4))
            depth = Int(data[8])
            colourType = Int(data[9])
            guard width > 0, height > 0, data[10] == 0, data[11] == 0 else { throw .corrupt("IHDR") }
            guard width <= maximumSide, height <= maximumSide else { throw .tooLarge(width: width, height: height, maximum: maximumSide) }
            guard data[12] == 0 else { throw .unsupported("interlaced") }
            let depths: [Int: Set<Int>] = [0: [1, 2, 4, 8, 16], 2: [8, 16], 3: [1, 2, 4, 8], 4: [8, 16], 6: [8, 16]]
            guard let allowed = depths[colourType], allowed.contains(depth) else { throw .corrupt("colour type \(colourType), depth \(depth)") }
            guard depth <= 8 else { throw .unsupported("16 bits a sample") }
        }

        var channels: Int { [0: 1, 2: 3, 3: 1, 4: 2, 6: 4][colourType]! }

        func image(inflating compressed: [UInt8], palette: [UInt8], transparency: [UInt8]) throws(Failure) -> PNGImage {
            let rowBytes = (width * channels * depth + 7) / 8
            let filtered = try inflate(compressed, expected: height * (rowBytes + 1))
            let rows = try unfiltered(filtered, rowBytes: rowBytes)
            if colourType == 3, palette.isEmpty || palette.count % 3 != 0 { throw .corrupt("no palette") }
            var rgba = [UInt8]()
            rgba.reserveCapacity(width * height * 4)
            let maximum = (1 << depth) - 1
            for y in 0..<height {
                let row = y * rowBytes
                for x in 0..<width {
                    switch colourType {
                    case 0, 3:
                        let bit = x * depth
                        let sample = Int(rows[row + bit / 8] >> UInt8(8 - depth - bit % 8)) & maximum
                        if colourType == 3 {
                            guard sample * 3 + 2 < palette.count else { throw .corrupt("a pixel outside the palette") }
                            let alpha = sample < transparency.count ? transparency[sample] : 255
                            rgba += [palette[sample * 3], palette[sample * 3 + 1], palette[sample * 3 + 2], alpha]
                        } else {
                            let grey = UInt8(sample * 255 / maximum)
                            let keyed = transparency.count == 2 && Int(transparency[1]) == sample
                            rgba += [grey, grey, grey, keyed ? 0 : 255]
                        }
                    case 2:
                        let pixel = Array(rows[(row + x * 3)..<(row + x * 3 + 3)])
                        let keyed = transparency.count == 6 && pixel == [transparency[1], transparency[3], transparency[5]]
                        rgba += pixel + [keyed ? 0 : 255]
                    case 4: rgba += [rows[row + x * 2], rows[row + x * 2], rows[row + x * 2], rows[row + x * 2 + 1]]
                    default: rgba += rows[(row + x * 4)..<(row + x * 4 + 4)]
                    }
                }
            }
            return PNGImage(width: width, height: height, rgba: rgba)
        }

        private func inflate(_ compressed: [UInt8], expected: Int) throws(Failure) -> [UInt8] {
            var output = [UInt8](repeating: 0, count: expected)
            var length = uLongf(expected)
            let status = compressed.withUnsafeBufferPointer { source in
                output.withUnsafeMutableBufferPointer { target in
                    uncompress(target.baseAddress, &length, source.baseAddress, uLong(compressed.count))
                }
            }
            guard status == Z_OK, Int(length) == expected else { throw .corrupt("its pixel data does not inflate to its size") }
            return output
        }

        /// The five filters of the PNG specification, undone row by row in place.
        private func unfiltered(_ data: [UInt8], rowBytes: Int) throws(Failure) -> [UInt8] {
            let step = max(1, channels * depth / 8)
            var rows = [UInt8](repeating: 0, count: height * rowBytes)
            for y in 0..<height {
                let filter = data[y * (rowBytes + 1)]
                let source = y * (rowBytes + 1) + 1, target = y * rowBytes
                for i in 0..<rowBytes {
                    let left = i >= step ? Int(rows[target + i - step]) : 0
                    let up = y > 0 ? Int(rows[target - rowBytes + i]) : 0
                    let upLeft = y > 0 && i >= step ? Int(rows[target - rowBytes + i - step]) : 0
                    let predicted: Int
                    switch filter {
                    case 0: predicted = 0
                    case 1: predicted = left
                    case 2: predicted = up
                    case 3: predicted = (left + up) / 2
                    case 4:
                        let estimate = left + up - upLeft
                        let (a, b, c) = (abs(estimate - left), abs(estimate - up), abs(estimate - upLeft))
                        predicted = a <= b && a <= c ? left : b <= c ? up : upLeft
                    default: throw .corrupt("filter type \(filter)")
                    }
                    rows[target + i] = data[source + i] &+ UInt8(predicted & 0xFF)
                }
            }
            return rows
        }
    }
}
