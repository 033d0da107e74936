import Foundation

/// RFC 3339 times in the API.
enum Timestamp {
    static func format(_ date: Date) -> String {
        date.formatted(.iso8601)
    }

    static func parse(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }
}
