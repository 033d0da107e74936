/// The smallest valid PNG writer for our QR images: IHDR, one IDAT with the raster in
/// stored (uncompressed) deflate blocks, IEND. Compression would need zlib, which the
/// core module does not link; a QR PNG is small enough without it.
enum PNGWriter {
    static func greyscale(width: Int, height: Int, bitDepth: UInt8, raster: [UInt8]) -> [UInt8] {
        var png: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
        var header = bigEndian(UInt32(width)) + bigEndian(UInt32(height))
        header += [bitDepth, 0, 0, 0, 0]  // greyscale, deflate, adaptive filtering, no interlace
        append(chunk: "IHDR", header, to: &png)
        append(chunk: "IDAT", zlibStored(raster), to: &png)
        append(chunk: "IEND", [], to: &png)
        return png
    }

    /// RFC 1950 around RFC 1951 stored blocks (at most 65,535 bytes each).
    static func zlibStored(_ data: [UInt8]) -> [UInt8] {
        var stream: [UInt8] = [0x78, 0x01]
        var start = 0
        repeat {
            let end = min(start + 65_535, data.count)
            let length = UInt16(end - start)
            stream.append(end == data.count ? 1 : 0)
            stream += [UInt8(length & 0xFF), UInt8(length >> 8), UInt8(~length & 0xFF), UInt8(~length >> 8)]
            stream += data[start..<end]
            start = end
        } while start < data.count
        return stream + bigEndian(adler32(data))
    }

    static func adler32(_ data: [UInt8]) -> UInt32 {
        var a: UInt32 = 1, b: UInt32 = 0
        for byte in data {
            a = (a + UInt32(byte)) % 65_521
            b = (b + a) % 65_521
        }
        return b << 16 | a
    }

    static func crc32(_ data: some Sequence<UInt8>) -> UInt32 {
        var crc: UInt32 = 0xFFFF_FFFF
        for byte in data {
            crc ^= UInt32(byte)
            for _ in 0..<8 { crc = crc & 1 == 1 ? (crc >> 1) ^ 0xEDB8_8320 : crc >> 1 }
        }
        return ~crc
    }

    private static func append(chunk type: String, _ data: [UInt8], to png: inout [UInt8]) {
        let typed = Array(type.utf8) + data
        png += bigEndian(UInt32(data.count)) + typed + bigEndian(crc32(typed))
    }

    private static func bigEndian(_ value: UInt32) -> [UInt8] {
        [UInt8(value >> 24), UInt8(value >> 16 & 0xFF), UInt8(value >> 8 & 0xFF), UInt8(value & 0xFF)]
    }
}
