/// One A/B variant's clicks, and the installs and opens that came from them.
public struct VariantNumbers: Sendable, Equatable {
    public var clicks = 0
    public var installs = 0
    public var opens = 0

    public init(clicks: Int = 0, installs: Int = 0, opens: Int = 0) {
        self.clicks = clicks
        self.installs = installs
        self.opens = opens
    }
}
