public import UnilinkAPI

/// One arm of a link's A/B test, checked: a name a cookie can carry, a positive weight, and
/// what it gives instead of the link's own (nothing: the control).
public struct LinkVariant: Sendable, Equatable {
    public var name: String
    public var weight: Int
    public var destination: DestinationOverride

    public static let maximumCount = 10
    public static let maximumWeight = 1_000_000

    public init(_ body: LinkVariantBody, field: String) throws(RoutingRuleError) {
        guard (1...32).contains(body.name.utf8.count),
            body.name.utf8.allSatisfy({ $0.isASCIILetterOrDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            throw RoutingRuleError("\(field).name", "'\(body.name.prefix(64))' must be 1 to 32 letters, digits, '-' or '_'")
        }
        guard (1...Self.maximumWeight).contains(body.weight) else {
            throw RoutingRuleError("\(field).weight", "must be a whole number from 1 to \(Self.maximumWeight)")
        }
        name = body.name
        weight = body.weight
        destination = DestinationOverride(body.destination ?? DestinationOverrideBody())
    }
}

extension UInt8 {
    var isASCIILetterOrDigit: Bool {
        (self >= 48 && self <= 57) || (self >= 65 && self <= 90) || (self >= 97 && self <= 122)
    }
}
