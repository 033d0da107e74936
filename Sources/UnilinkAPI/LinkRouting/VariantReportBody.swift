/// `GET /v1/links/{id}/variants`: a link's A/B test, each variant's numbers and how it
/// compares with the first (the control).
public struct VariantReportBody: Codable, Sendable, Equatable {
    public struct Variant: Codable, Sendable, Equatable {
        public var name: String
        public var weight: Int
        public var clicks: Int
        public var installs: Int
        public var opens: Int
        /// Installs per click, with its 95% interval (Wilson); nil without clicks.
        public var installRate: Double?
        public var interval: [Double]?
        /// Against the control: the difference in install rate, the two-sided p-value of a
        /// two-proportion z-test, and `better`, `worse`, `no_difference` or `too_small`
        /// (under 5 expected installs or non-installs in either arm: the test cannot tell).
        public var difference: Double?
        public var pValue: Double?
        public var verdict: String?

        public init(name: String, weight: Int, clicks: Int, installs: Int, opens: Int) {
            self.name = name
            self.weight = weight
            self.clicks = clicks
            self.installs = installs
            self.opens = opens
        }

        enum CodingKeys: String, CodingKey {
            case name, weight, clicks, installs, opens, interval, difference, verdict
            case installRate = "install_rate", pValue = "p_value"
        }
    }

    public var linkID: String
    public var variants: [Variant]

    public init(linkID: String, variants: [Variant]) {
        self.linkID = linkID
        self.variants = variants
    }

    enum CodingKeys: String, CodingKey {
        case variants
        case linkID = "link_id"
    }
}
