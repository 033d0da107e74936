/// A closed set of values on the wire. Decoding an unknown value fails with a message
/// that lists the known ones (`must be open, install or custom`), which the server's
/// error answer repeats with the field's name.
public protocol WireEnum: RawRepresentable, CaseIterable, Codable, Sendable where RawValue == String {}

extension WireEnum {
    public init(from decoder: any Decoder) throws {
        let container = try decoder.singleValueContainer()
        let text = try container.decode(String.self)
        guard let value = Self(rawValue: text) else {
            throw DecodingError.dataCorruptedError(in: container, debugDescription: "must be \(Self.choices)")
        }
        self = value
    }

    /// `a, b or c`.
    public static var choices: String {
        let names = allCases.map(\.rawValue)
        return names.count < 2 ? names.joined() : names.dropLast().joined(separator: ", ") + " or " + names.last!
    }
}
