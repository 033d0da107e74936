import Foundation
import Testing

@testable import UnilinkServer

/// Times are read as RFC 3339 states them, and `/openapi.json`'s `date-time` with them:
/// no rolling over of impossible dates, every offset, up to nine fraction digits.
@Suite("RFC 3339 times")
struct TimestampTests {
    @Test(arguments: [
        ("2027-01-01T00:00:00Z", 1_798_761_600.0),
        ("2027-01-01T01:00:00+01:00", 1_798_761_600),
        ("2026-12-31T23:30:00-00:30", 1_798_761_600),
        ("2027-01-01T00:00:00.5Z", 1_798_761_600.5),
        ("2027-01-01T23:59:00+23:59", 1_798_761_600),
        ("2028-02-29T00:00:00Z", 1_835_395_200),
        ("2016-12-31T23:59:60Z", 1_483_228_799),
        ("1970-01-01T00:00:00.000000001Z", 0.000000001),
    ])
    func readsEveryFormTheStandardAllows(text: String, seconds: Double) {
        let date = Timestamp.parse(text)
        #expect(date.map { abs($0.timeIntervalSince1970 - seconds) < 1e-6 } == true, "\(text): \(String(describing: date?.timeIntervalSince1970))")
    }

    @Test(arguments: [
        "2027-02-29T00:00:00Z", "2027-04-31T00:00:00Z", "2027-13-01T00:00:00Z", "2027-01-01T24:00:00Z", "2027-01-01T00:60:00Z",
        "2027-01-01T00:00:61Z", "2027-01-01T00:00:00+24:00", "2027-01-01T00:00:00", "2027-01-01 00:00:00Z", "2027-01-01t00:00:00z",
        "2027-01-01T00:00:00.Z", "2027-01-01T00:00:00.1234567890Z", "+2027-01-01T00:00:00Z", "2027-1-01T00:00:00Z", "２０２７-01-01T00:00:00Z", "",
    ])
    func refusesWhatItDoesNotAllow(text: String) {
        #expect(Timestamp.parse(text) == nil, "\(text)")
    }

    @Test func writesWhatItReads() throws {
        let date = Date(timeIntervalSince1970: 1_798_761_600)
        #expect(Timestamp.format(date) == "2027-01-01T00:00:00Z")
        #expect(Timestamp.parse(Timestamp.format(date)) == date)
    }
}
