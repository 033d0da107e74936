/// The square in the centre of a symbol that a logo may cover, its quiet margin included:
/// the largest one that covers no function pattern (finders, timing, alignment, format and
/// version information), at most a fifth of the data modules, and in each block at most two
/// thirds of the codewords its error correction repairs, so the other third is left for a
/// scuffed print or glare. Covered modules count as errors: a reader does not know which
/// modules a logo hides.
public struct QRLogoArea: Sendable, Equatable {
    /// The first covered column and row (they are equal: the square is centred).
    public let origin: Int
    /// Modules a side.
    public let side: Int
    /// Modules that carry codewords in the whole symbol.
    public let dataModules: Int
    /// For each block, the codewords the square touches and those the block can repair.
    public let touchedCodewords: [Int]
    public let correctableCodewords: [Int]

    public static let maximumShareOfModules = 0.2
    public static let maximumShareOfCorrection = 2.0 / 3.0
    /// A smaller square leaves a logo too small to see.
    public static let minimumSide = 5

    public var coveredModules: Int { side * side }

    /// Nil when no square of at least `minimumSide` fits: a symbol of level L has little
    /// to spare, and from version 7 on some versions have an alignment pattern in the centre.
    public init?(for code: QRCode) {
        let matrix = QRMatrix(version: code.version)
        let raw = QRCode.rawCodewords(version: code.version)
        let owners = matrix.codewordIndices(count: raw)
        let blocks = QRCode.blockOfCodeword(version: code.version, errorCorrection: code.errorCorrection)
        let correction = code.errorCorrection.codewordsPerBlock(version: code.version)
        let repairable = (correction - Self.misdecodeProtection(version: code.version, code.errorCorrection)) / 2
        let budget = Int(Double(repairable) * Self.maximumShareOfCorrection)
        let blockCount = code.errorCorrection.blocks(version: code.version)
        let size = code.size
        let largest = Int((Self.maximumShareOfModules * Double(raw * 8)).squareRoot())
        for side in stride(from: largest - (largest + 1) % 2, through: Self.minimumSide, by: -2) {
            let origin = (size - side) / 2
            var touched = Array(repeating: Set<Int>(), count: blockCount)
            var clear = true
            for y in origin..<(origin + side) {
                for x in origin..<(origin + side) {
                    guard let codeword = owners[y * size + x] else {
                        // A reserved module, or one of the few remainder bits: only the first matters.
                        if matrix.reserved[y * size + x] { clear = false }
                        continue
                    }
                    touched[blocks[codeword]].insert(codeword)
                }
                if !clear { break }
            }
            guard clear, touched.allSatisfy({ $0.count <= budget }) else { continue }
            self.origin = origin
            self.side = side
            dataModules = raw * 8
            touchedCodewords = touched.map(\.count)
            correctableCodewords = Array(repeating: repairable, count: blockCount)
            return
        }
        return nil
    }

    /// ISO/IEC 18004 table 9's p: codewords of the smallest symbols that guard against a
    /// wrong decoding instead of repairing.
    private static func misdecodeProtection(version: Int, _ level: QRErrorCorrection) -> Int {
        switch (version, level) {
        case (1, .low): 3
        case (1, .medium), (2, .low): 2
        case (1, .quartile), (1, .high), (3, .low): 1
        default: 0
        }
    }
}
