import CZlib

/// The PNGs of our QR images: IHDR, a palette when there is one, one IDAT compressed by the
/// system's zlib, IEND. Two-colour codes are one bit a pixel; a code with a logo is RGB.
enum PNGWriter {
    enum Pixels {
        /// Indices into the colours, `bitDepth` bits each.
        case palette([QRColour], bitDepth: UInt8)
        /// Red, green, blue: 8 bits each.
        case rgb
    }

    /// `raster` is the filtered rows (each starting with its filter type).
    static func image(width: Int, height: Int, pixels: Pixels, raster: [UInt8]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        switch pixels {
        case .palette(let colours, let depth):
            header += [depth, 3, 0, 0, 0]  // indexed, deflate, adaptive filtering, no interlace
            append(chunk: "IHDR", header, to: &png)
            append(chunk: "PLTE", colours.flatMap { [$0.red, $0.green, $0.blue] }, to: &png)
        case .rgb:
            header += [8, 2, 0, 0, 0]
            append(chunk: "IHDR", header, to: &png)
        }
        append(chunk: "IDAT", deflated(raster), to: &png)
        append(chunk: "IEND", [], to: &png)
        return png
    }

    /// A zlib stream (RFC 1950). Level 6, zlib's default: a 4096-pixel RGB code compresses
    /// to a few hundred kilobytes in a fraction of a second.
    static func deflated(_ data: [UInt8]) -> [UInt8] {
        var length = compressBound(uLong(data.count))
        var output = [UInt8](repeating: 0, count: Int(length))
        let status = data.withUnsafeBufferPointer { source in
            output.withUnsafeMutableBufferPointer { target in
                compress2(target.baseAddress, &length, source.baseAddress, uLong(data.count), 6)
            }
        }
        // compressBound is enough by definition and the memory is there: a failure is a bug.
        precondition(status == Z_OK, "zlib compress2 failed: \(status)")
        return Array(output.prefix(Int(length)))
    }

    static func crc32(_ data: [UInt8]) -> UInt32 {
        UInt32(data.withUnsafeBufferPointer { CZlib.crc32(0, $0.baseAddress, uInt($0.count)) })
    }

    private static func append(chunk type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
