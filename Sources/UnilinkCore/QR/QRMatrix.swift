/// The grid of one symbol while it is built: function patterns first, then the codewords
/// in the two-column zigzag, then a mask and the format and version information.
struct QRMatrix: Sendable {
    let version: Int
    let size: Int
    private(set) var modules: [Bool]
    /// Finder, separator, timing, alignment, format and version modules: never masked, never data.
    private(set) var reserved: [Bool]

    init(version: Int) {
        self.version = version
        size = 17 + 4 * version
        modules = Array(repeating: false, count: size * size)
        reserved = Array(repeating: false, count: size * size)
        for (x, y) in [(3, 3), (size - 4, 3), (3, size - 4)] { drawFinder(centreX: x, centreY: y) }
        for index in 8..<(size - 8) {
            set(index, 6, dark: index % 2 == 0)
            set(6, index, dark: index % 2 == 0)
        }
        let centres = QRCode.alignmentCentres(version: version)
        let underFinders: Set = [[6, 6], [6, size - 7], [size - 7, 6]]
        for x in centres {
            for y in centres where !underFinders.contains([x, y]) { drawAlignment(centreX: x, centreY: y) }
        }
        // Reserve the format and version areas now; their bits depend on the mask.
        writeFormat(0)
        if version >= 7 { writeVersion() }
    }

    subscript(x: Int, y: Int) -> Bool {
        modules[y * size + x]
    }

    /// Codeword bits from the bottom-right corner, two columns at a time, up then down,
    /// skipping the vertical timing column; bits past the codewords stay light.
    mutating func place(_ codewords: [UInt8]) {
        for (index, bit) in dataModuleOrder() where bit < codewords.count * 8 {
            modules[index] = (codewords[bit / 8] >> UInt8(7 - bit % 8)) & 1 == 1
        }
    }

    /// The codeword each module carries a bit of (nil for function patterns and the
    /// remainder bits), for `count` codewords placed as `place` places them.
    func codewordIndices(count: Int) -> [Int?] {
        var indices = [Int?](repeating: nil, count: size * size)
        for (index, bit) in dataModuleOrder() where bit < count * 8 { indices[index] = bit / 8 }
        return indices
    }

    /// Every module that is not reserved, with the bit it carries, in the zigzag's order.
    private func dataModuleOrder() -> [(index: Int, bit: Int)] {
        var order: [(index: Int, bit: Int)] = []
        var right = size - 1
        var upward = true
        while right >= 1 {
            if right == 6 { right = 5 }
            for step in 0..<size {
                let y = upward ? size - 1 - step : step
                for x in [right, right - 1] where !reserved[y * size + x] { order.append((y * size + x, order.count)) }
            }
            upward.toggle()
            right -= 2
        }
        return order
    }

    /// A copy with mask `pattern` applied to the data modules and the format bits written.
    func masked(_ pattern: Int, errorCorrection: QRErrorCorrection) -> QRMatrix {
        var copy = self
        for y in 0..<size {
            for x in 0..<size where !reserved[y * size + x] && Self.flips(pattern, x: x, y: y) {
                copy.modules[y * size + x].toggle()
            }
        }
        copy.writeFormat(errorCorrection.formatBits << 3 | pattern)
        return copy
    }

    /// ISO/IEC 18004 table 10, with i the row and j the column.
    static func flips(_ pattern: Int, x j: Int, y i: Int) -> Bool {
        switch pattern {
        case 0: (i + j) % 2 == 0
        case 1: i % 2 == 0
        case 2: j % 3 == 0
        case 3: (i + j) % 3 == 0
        case 4: (i / 2 + j / 3) % 2 == 0
        case 5: (i * j) % 2 + (i * j) % 3 == 0
        case 6: ((i * j) % 2 + (i * j) % 3) % 2 == 0
        default: ((i + j) % 2 + (i * j) % 3) % 2 == 0
        }
    }

    /// Five data bits (level, mask) with their BCH(15,5) check bits, XOR 101010000010010,
    /// written twice: around the top-left finder and split under the top-right and beside
    /// the bottom-left one; plus the module that is always dark.
    private mutating func writeFormat(_ data: Int) {
        let bits = (data << 10 | Self.remainder(data, generator: 0x537, degree: 10)) ^ 0x5412
        func bit(_ index: Int) -> Bool { (bits >> index) & 1 == 1 }
        for index in 0...5 { set(8, index, dark: bit(index)) }
        set(8, 7, dark: bit(6))
        set(8, 8, dark: bit(7))
        set(7, 8, dark: bit(8))
        for index in 9..<15 { set(14 - index, 8, dark: bit(index)) }
        for index in 0..<8 { set(size - 1 - index, 8, dark: bit(index)) }
        for index in 8..<15 { set(8, size - 15 + index, dark: bit(index)) }
        set(8, size - 8, dark: true)
    }

    /// Six version bits with their BCH(18,6) check bits, in the 6x3 blocks beside the
    /// top-right and above the bottom-left finders.
    private mutating func writeVersion() {
        let bits = version << 12 | Self.remainder(version, generator: 0x1F25, degree: 12)
        for index in 0..<18 {
            let dark = (bits >> index) & 1 == 1
            let near = size - 11 + index % 3, far = index / 3
            set(near, far, dark: dark)
            set(far, near, dark: dark)
        }
    }

    /// The remainder of data * x^degree divided by the generator polynomial over GF(2).
    private static func remainder(_ data: Int, generator: Int, degree: Int) -> Int {
        var value = data << degree
        // Data is at most 6 bits and degree 12: the value stays below 2^18.
        for bit in stride(from: 17 + degree, through: degree, by: -1) where (value >> bit) & 1 == 1 {
            value ^= generator << (bit - degree)
        }
        return value
    }

    private mutating func drawFinder(centreX: Int, centreY: Int) {
        // The 7x7 finder and the light separator around it (clipped at the edges).
        for dy in -4...4 {
            for dx in -4...4 {
                let x = centreX + dx, y = centreY + dy
                guard (0..<size).contains(x), (0..<size).contains(y) else { continue }
                let ring = max(abs(dx), abs(dy))
                set(x, y, dark: ring != 2 && ring != 4)
            }
        }
    }

    private mutating func drawAlignment(centreX: Int, centreY: Int) {
        for dy in -2...2 {
            for dx in -2...2 {
                set(centreX + dx, centreY + dy, dark: max(abs(dx), abs(dy)) != 1)
            }
        }
    }

    private mutating func set(_ x: Int, _ y: Int, dark: Bool) {
        modules[y * size + x] = dark
        reserved[y * size + x] = true
    }
}
