import Testing

@testable import UnilinkServer

/// The pool click ids draw their randomness from: every draw gets bytes no other draw got,
/// across page refills and from many tasks at once.
@Suite("Random pool")
struct RandomPoolTests {
    private func draw(_ count: Int, from pool: RandomPool) -> [UInt8] {
        [UInt8](unsafeUninitializedCapacity: count) { buffer, initialized in
            pool.fill(buffer)
            initialized = count
        }
    }

    @Test func drawsSpanningPagesNeverRepeatAPage() {
        // A 7-byte page: draws of 1 to 13 bytes end inside a page, at its end, and past the next.
        let pool = RandomPool(pageSize: 7)
        var stream: [UInt8] = []
        for index in 0..<1_400 { stream += draw(index % 13 + 1, from: pool) }
        #expect(stream.count == (0..<1_400).reduce(0) { $0 + $1 % 13 + 1 })
        // Handed out in order, so the stream is the pages one after the other: a page given
        // again (not refilled) would repeat a 7-byte block.
        let pages = stride(from: 0, to: stream.count - 6, by: 7).map { stream[$0..<$0 + 7] }
        #expect(Set(pages.map(Array.init)).count == pages.count)
        #expect(Set(stream).count == 256)
    }

    @Test func concurrentDrawsGetDifferentBytes() async {
        let pool = RandomPool(pageSize: 64)
        let draws = await withTaskGroup(of: [[UInt8]].self) { group in
            for _ in 0..<8 {
                group.addTask { (0..<500).map { _ in draw(16, from: pool) } }
            }
            return await group.reduce(into: []) { $0 += $1 }
        }
        #expect(draws.count == 4_000)
        #expect(Set(draws).count == draws.count)
    }
}
