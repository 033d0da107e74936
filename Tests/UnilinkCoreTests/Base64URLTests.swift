import Testing
import UnilinkCore

@Suite("Base64URL")
struct Base64URLTests {
    @Test(
        arguments: [
            ([], ""),
            ([0xFB, 0xFF], "-_8"),  // base64 "+/8=": both URL-unsafe characters and the padding
            ([0x66, 0x6F, 0x6F], "Zm9v"),
            ([0x66, 0x6F, 0x6F, 0x62], "Zm9vYg"),
        ] as [([UInt8], String)])
    func urlSafeWithoutPadding(bytes: [UInt8], expected: String) {
        #expect(Base64URL.string(bytes) == expected)
    }
}
