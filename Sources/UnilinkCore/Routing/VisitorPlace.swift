/// Where a visitor is, as an operator's MaxMind-format database tells it from the client
/// address: an ISO 3166-1 alpha-2 country (`DE`), and the ISO 3166-2 subdivision where the
/// database has one (`DE-BE`). Routing rules compare it; without a database nobody has one.
public struct VisitorPlace: Sendable, Equatable {
    public var country: String
    public var region: String?

    public init(country: String, region: String? = nil) {
        self.country = country
        self.region = region
    }
}
