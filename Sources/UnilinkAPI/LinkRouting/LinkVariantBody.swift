/// One arm of a link's A/B test: its share of the traffic (`weight`, relative to the
/// others') and what it gives (nothing: the link's own destinations, the control).
public struct LinkVariantBody: Codable, Sendable, Equatable {
    public var name: String
    public var weight: Int
    public var destination: DestinationOverrideBody?

    public init(name: String, weight: Int, destination: DestinationOverrideBody? = nil) {
        self.name = name
        self.weight = weight
        self.destination = destination
    }
}
