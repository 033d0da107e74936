#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#elseif canImport(Darwin)
    import Darwin
#endif

/// Substring search over a User-Agent's bytes, with static needles: nothing is
/// allocated and the C library's `memchr`/`memcmp` do the scanning.
struct UTF8Text {
    let bytes: UnsafeBufferPointer<UInt8>

    func contains(_ needle: StaticString) -> Bool {
        offset(of: needle) != nil
    }

    func hasPrefix(_ needle: StaticString) -> Bool {
        guard let base = bytes.baseAddress else { return needle.utf8CodeUnitCount == 0 }
        return needle.utf8CodeUnitCount <= bytes.count && memcmp(base, needle.utf8Start, needle.utf8CodeUnitCount) == 0
    }

    func equals(_ other: StaticString) -> Bool {
        bytes.count == other.utf8CodeUnitCount && hasPrefix(other)
    }

    func prefix(_ length: Int) -> UTF8Text {
        UTF8Text(bytes: UnsafeBufferPointer(rebasing: bytes.prefix(length)))
    }

    func dropFirst(_ length: Int) -> UTF8Text {
        UTF8Text(bytes: UnsafeBufferPointer(rebasing: bytes.dropFirst(length)))
    }

    /// Byte offset of the first occurrence of `needle`, from `start`.
    func offset(of needle: StaticString, from start: Int = 0) -> Int? {
        guard let base = bytes.baseAddress, start <= bytes.count, needle.utf8CodeUnitCount > 0 else { return nil }
        let length = needle.utf8CodeUnitCount
        let first = Int32(needle.utf8Start.pointee)
        var position = start
        while bytes.count - position >= length {
            // memchr finds candidates at memory speed; memcmp confirms them.
            guard let hit = memchr(base + position, first, bytes.count - position - length + 1) else { return nil }
            let candidate = base.distance(to: hit.assumingMemoryBound(to: UInt8.self))
            if memcmp(base + candidate, needle.utf8Start, length) == 0 { return candidate }
            position = candidate + 1
        }
        return nil
    }

    /// `token` followed by a word end (`/`, `;`, `)`, space, `-`, `_` or the end): finds
    /// `bingbot/2.0` but not the phone brand `CUBOT` or a word like `robotics`.
    func containsWord(_ token: StaticString) -> Bool {
        var start = 0
        while let found = offset(of: token, from: start) {
            let end = found + token.utf8CodeUnitCount
            if end == bytes.count { return true }
            switch bytes[end] {
            case UInt8(ascii: "/"), UInt8(ascii: ";"), UInt8(ascii: ")"), UInt8(ascii: " "), UInt8(ascii: "-"), UInt8(ascii: "_"): return true
            default: break
            }
            start = found + 1
        }
        return false
    }

    /// The text from `start` up to (not including) the first byte in `terminators`.
    func string(from start: Int, limit: Int = 64, until isTerminator: (UInt8) -> Bool) -> String? {
        guard start < bytes.count else { return nil }
        var end = start
        while end < bytes.count, end - start < limit, !isTerminator(bytes[end]) { end += 1 }
        guard end > start else { return nil }
        return String(decoding: UnsafeBufferPointer(rebasing: bytes[start..<end]), as: UTF8.self)
    }
}
