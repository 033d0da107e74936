import Foundation

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

    /// The place of a typed ISO 3166-1 alpha-2 code (`de` is `DE`); `nil` when it names no country.
    public init?(countryCode: String) {
        let upper = countryCode.trimmingCharacters(in: .whitespaces).uppercased()
        guard ISOCodes.countries.contains(upper) else { return nil }
        self.init(country: upper)
    }
}
