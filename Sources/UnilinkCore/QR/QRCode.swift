/// A QR Code (ISO/IEC 18004, model 2) holding bytes in byte mode: the smallest version
/// (1...40) that fits at the requested error-correction level, and the mask (0...7) with
/// the lowest penalty score unless one is asked for.
public struct QRCode: Sendable, Equatable {
    public let version: Int
    public let errorCorrection: QRErrorCorrection
    public let mask: Int
    /// Modules per side, without the quiet zone.
    public let size: Int
    /// Row by row, true for dark.
    let modules: [Bool]

    public enum Failure: Error, Equatable, CustomStringConvertible {
        case tooLong(bytes: Int, maximum: Int)

        public var description: String {
            switch self {
            case .tooLong(let bytes, let maximum): "\(bytes) bytes do not fit a QR code at this level (at most \(maximum))"
            }
        }
    }

    public init(text: String, errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws {
        try self.init(bytes: Array(text.utf8), errorCorrection: errorCorrection, mask: mask)
    }

    public init(bytes: [UInt8], errorCorrection: QRErrorCorrection = .medium, mask: Int? = nil) throws {
        guard let version = (1...40).first(where: { Self.bitsNeeded(bytes.count, version: $0) <= errorCorrection.dataCodewords(version: $0) * 8 })
        else {
            throw Failure.tooLong(bytes: bytes.count, maximum: Self.capacity(version: 40, errorCorrection: errorCorrection))
        }
        let codewords = Self.interleaved(
            Self.dataCodewords(bytes, version: version, errorCorrection: errorCorrection),
            version: version, errorCorrection: errorCorrection)
        var matrix = QRMatrix(version: version)
        matrix.place(codewords)
        let candidates =
            mask.map { [matrix.masked($0, errorCorrection: errorCorrection)] }
            ?? (0..<8).map { matrix.masked($0, errorCorrection: errorCorrection) }
        let scores = candidates.map { QRPenalty.score(size: $0.size, modules: $0.modules) }
        let best = scores.firstIndex(of: scores.min()!)!
        let final = candidates[best]
        let chosen = mask ?? best
        self.version = version
        self.errorCorrection = errorCorrection
        self.mask = chosen
        self.size = final.size
        self.modules = final.modules
    }

    /// Whether the module at column `x`, row `y` is dark.
    public func isDark(x: Int, y: Int) -> Bool {
        modules[y * size + x]
    }

    /// The most bytes a symbol of `version` holds at `errorCorrection` in byte mode.
    public static func capacity(version: Int, errorCorrection: QRErrorCorrection) -> Int {
        (errorCorrection.dataCodewords(version: version) * 8 - 4 - countBits(version: version)) / 8
    }

    /// Codewords of a version: every module that is not a function pattern, format or
    /// version information, eight to a codeword (the remainder bits are left over).
    static func rawCodewords(version: Int) -> Int {
        let side = 17 + 4 * version
        var modules = side * side - 3 * 64 - 31 - 2 * (side - 16)
        let alignment = alignmentCentres(version: version).count
        if alignment > 0 {
            // Alignment patterns, except the three under finders; those on the timing lines share 5 modules with them.
            modules -= (alignment * alignment - 3) * 25 - 2 * (alignment - 2) * 5
        }
        if version >= 7 { modules -= 36 }
        return modules / 8
    }

    /// Row and column centres of the alignment patterns (ISO/IEC 18004 annex E): 6, the
    /// last at side - 7, evenly spaced by an even step between them.
    static func alignmentCentres(version: Int) -> [Int] {
        guard version >= 2 else { return [] }
        let count = version / 7 + 2
        let last = 4 * version + 10
        // The annex's spacing: the step is even and the leftover gap goes to the first interval; version 32 is the exception.
        let step = version == 32 ? 26 : (4 * version + 2 * count + 1) / (2 * count - 2) * 2
        return [6] + (0..<(count - 1)).map { last - step * $0 }.reversed()
    }

    private static func countBits(version: Int) -> Int {
        version <= 9 ? 8 : 16
    }

    private static func bitsNeeded(_ bytes: Int, version: Int) -> Int {
        guard bytes < 1 << countBits(version: version) else { return .max }
        return 4 + countBits(version: version) + 8 * bytes
    }

    /// Mode indicator, count, the bytes, the terminator, and pad codewords up to capacity.
    private static func dataCodewords(_ bytes: [UInt8], version: Int, errorCorrection: QRErrorCorrection) -> [UInt8] {
        let capacity = errorCorrection.dataCodewords(version: version) * 8
        var bits = BitBuffer()
        bits.append(0b0100, count: 4)
        bits.append(bytes.count, count: countBits(version: version))
        for byte in bytes { bits.append(Int(byte), count: 8) }
        bits.append(0, count: min(4, capacity - bits.count))
        bits.append(0, count: (8 - bits.count % 8) % 8)
        var codewords = bits.bytes
        var pad: UInt8 = 0xEC
        while codewords.count < capacity / 8 {
            codewords.append(pad)
            pad = pad == 0xEC ? 0x11 : 0xEC
        }
        return codewords
    }

    /// Splits the data into blocks (the short ones first), adds each block's
    /// error correction, and interleaves codeword by codeword.
    static func interleaved(_ data: [UInt8], version: Int, errorCorrection: QRErrorCorrection) -> [UInt8] {
        let blockCount = errorCorrection.blocks(version: version)
        let correction = errorCorrection.codewordsPerBlock(version: version)
        let raw = rawCodewords(version: version)
        let longBlocks = raw % blockCount
        let shortLength = raw / blockCount - correction
        let encoder = ReedSolomon(degree: correction)
        var blocks: [[UInt8]] = [], corrections: [[UInt8]] = []
        var start = 0
        for index in 0..<blockCount {
            let length = shortLength + (index >= blockCount - longBlocks ? 1 : 0)
            let block = Array(data[start..<start + length])
            blocks.append(block)
            corrections.append(encoder.remainder(of: block))
            start += length
        }
        var result: [UInt8] = []
        result.reserveCapacity(raw)
        for column in 0...shortLength {
            for block in blocks where column < block.count { result.append(block[column]) }
        }
        for column in 0..<correction {
            for block in corrections { result.append(block[column]) }
        }
        return result
    }
}

extension QRCode {
    /// The block each codeword of the interleaved sequence belongs to: `interleaved`'s order.
    static func blockOfCodeword(version: Int, errorCorrection: QRErrorCorrection) -> [Int] {
        let blockCount = errorCorrection.blocks(version: version)
        let raw = rawCodewords(version: version)
        let longBlocks = raw % blockCount
        let shortLength = raw / blockCount - errorCorrection.codewordsPerBlock(version: version)
        var order: [Int] = []
        for column in 0...shortLength {
            for block in 0..<blockCount where column < shortLength || block >= blockCount - longBlocks { order.append(block) }
        }
        for _ in 0..<errorCorrection.codewordsPerBlock(version: version) { order += 0..<blockCount }
        return order
    }
}

/// Bits appended most significant first.
struct BitBuffer {
    private(set) var bytes: [UInt8] = []
    private(set) var count = 0

    mutating func append(_ value: Int, count bits: Int) {
        for shift in stride(from: bits - 1, through: 0, by: -1) {
            if count % 8 == 0 { bytes.append(0) }
            if (value >> shift) & 1 == 1 { bytes[count / 8] |= 0x80 >> UInt8(count % 8) }
            count += 1
        }
    }
}
