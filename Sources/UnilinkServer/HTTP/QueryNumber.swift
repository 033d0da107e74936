/// A whole number from a query parameter, within a range, or a 400 that says which.
enum QueryNumber {
    static func parse(_ text: Substring?, name: String, in range: ClosedRange<Int>, unit: String = "a number") throws -> Int? {
        guard let text else { return nil }
        guard let value = Int(text), range.contains(value) else {
            throw APIError.badRequest("'\(name)' must be \(unit) from \(range.lowerBound) to \(range.upperBound)")
        }
        return value
    }
}
