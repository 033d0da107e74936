/// An IPv6 address as the URL Standard parses and serializes it between `[` and `]`:
/// `::` compression, an embedded dotted IPv4 tail, and the shortest form back out
/// (lowercase, the first longest run of zero pieces compressed).
struct IPv6Address: Equatable, Sendable {
    var pieces: [UInt16]

    init?(_ input: some Collection<UInt8>) {
        let text = Array(input)
        var address = [UInt16](repeating: 0, count: 8)
        var pieceIndex = 0
        var compress: Int?
        var pointer = 0
        func at(_ index: Int) -> UInt8? { index < text.count ? text[index] : nil }
        if at(0) == UInt8(ascii: ":") {
            guard at(1) == UInt8(ascii: ":") else { return nil }
            pointer = 2
            pieceIndex = 1
            compress = 1
        }
        while let byte = at(pointer) {
            guard pieceIndex < 8 else { return nil }
            if byte == UInt8(ascii: ":") {
                guard compress == nil else { return nil }
                pointer += 1
                pieceIndex += 1
                compress = pieceIndex
                continue
            }
            var value: UInt32 = 0
            var length = 0
            while length < 4, let digit = at(pointer).flatMap(\.asciiHexValue) {
                value = value * 16 + UInt32(digit)
                pointer += 1
                length += 1
            }
            if at(pointer) == UInt8(ascii: ".") {
                guard length > 0, pieceIndex <= 6 else { return nil }
                pointer -= length
                var numbersSeen = 0
                while at(pointer) != nil {
                    var piece: UInt32?
                    if numbersSeen > 0 {
                        guard at(pointer) == UInt8(ascii: "."), numbersSeen < 4 else { return nil }
                        pointer += 1
                    }
                    guard let first = at(pointer), first.isASCIIDigit else { return nil }
                    while let digit = at(pointer), digit.isASCIIDigit {
                        let number = UInt32(digit - UInt8(ascii: "0"))
                        switch piece {
                        case nil: piece = number
                        case 0: return nil
                        case let current?: piece = current * 10 + number
                        }
                        guard let piece, piece <= 255 else { return nil }
                        pointer += 1
                    }
                    address[pieceIndex] = address[pieceIndex] &* 0x100 &+ UInt16(piece ?? 0)
                    numbersSeen += 1
                    if numbersSeen == 2 || numbersSeen == 4 { pieceIndex += 1 }
                }
                guard numbersSeen == 4 else { return nil }
                break
            } else if at(pointer) == UInt8(ascii: ":") {
                pointer += 1
                guard at(pointer) != nil else { return nil }
            } else if at(pointer) != nil {
                return nil
            }
            address[pieceIndex] = UInt16(value)
            pieceIndex += 1
        }
        if let compress {
            var swaps = pieceIndex - compress
            pieceIndex = 7
            while pieceIndex != 0, swaps > 0 {
                address.swapAt(pieceIndex, compress + swaps - 1)
                pieceIndex -= 1
                swaps -= 1
            }
        } else if pieceIndex != 8 {
            return nil
        }
        pieces = address
    }

    /// `2001:db8::1`, without the brackets.
    var text: String {
        var compress: Int?
        var longest = 1
        var index = 0
        while index < 8 {
            var end = index
            while end < 8, pieces[end] == 0 { end += 1 }
            if end - index > longest {
                longest = end - index
                compress = index
            }
            index = max(end, index + 1)
        }
        var output = ""
        var ignoreZero = false
        for (index, piece) in pieces.enumerated() {
            if ignoreZero, piece == 0 { continue }
            ignoreZero = false
            if compress == index {
                output += index == 0 ? "::" : ":"
                ignoreZero = true
                continue
            }
            output += String(piece, radix: 16)
            if index != 7 { output += ":" }
        }
        return output
    }
}
