import Foundation
import Testing
import UnilinkCore

@Suite("UTC times as exports write them")
struct UTCTimeTests {
    @Test(arguments: [
        (Int64(0), "1970-01-01T00:00:00.000Z"), (1_800_000_000_123, "2027-01-15T08:00:00.123Z"),
        (951_825_599_999, "2000-02-29T11:59:59.999Z"), (-1, "1969-12-31T23:59:59.999Z"),
    ])
    func millisecondsReadAsFoundationReadsThem(milliseconds: Int64, text: String) {
        #expect(UTCTime.text(millisecondsSince1970: milliseconds) == text)
        let format = ISO8601DateFormatter()
        format.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        #expect(format.string(from: Date(timeIntervalSince1970: Double(milliseconds) / 1000)) == text)
    }
}
