/// Reed-Solomon error correction over GF(2^8) with QR's field polynomial
/// x^8 + x^4 + x^3 + x^2 + 1 and generator roots alpha^0 ... alpha^(n-1).
struct ReedSolomon: Sendable {
    private let generator: [UInt8]

    init(degree: Int) {
        // (x - a^0)(x - a^1)...(x - a^(n-1)), highest power first; subtraction is XOR.
        var coefficients: [UInt8] = [1]
        var root: UInt8 = 1
        for _ in 0..<degree {
            var product = [UInt8](repeating: 0, count: coefficients.count + 1)
            for (index, coefficient) in coefficients.enumerated() {
                product[index] ^= coefficient
                product[index + 1] ^= Self.multiply(coefficient, root)
            }
            coefficients = product
            root = Self.multiply(root, 0x02)
        }
        // The leading coefficient is always 1 and the division below does not need it.
        coefficients.removeFirst()
        generator = coefficients
    }

    /// The error-correction codewords of one block: the remainder of data(x) * x^n
    /// divided by the generator.
    func remainder(of data: some Sequence<UInt8>) -> [UInt8] {
        var remainder = [UInt8](repeating: 0, count: generator.count)
        for byte in data {
            let factor = byte ^ remainder.removeFirst()
            remainder.append(0)
            for index in remainder.indices {
                remainder[index] ^= Self.multiply(generator[index], factor)
            }
        }
        return remainder
    }

    /// Russian-peasant multiplication reduced by the field polynomial (0x11D).
    static func multiply(_ left: UInt8, _ right: UInt8) -> UInt8 {
        var product: UInt16 = 0
        var a = UInt16(left), b = right
        while b != 0 {
            if b & 1 != 0 { product ^= a }
            a <<= 1
            if a & 0x100 != 0 { a ^= 0x11D }
            b >>= 1
        }
        return UInt8(product)
    }
}
