/// What a device says about itself: the preview page's script for a click, the SDK at
/// first launch. Screens in CSS points or pixels; both are compared.
public struct DeviceSignals: Sendable, Equatable, Hashable, Codable {
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var screenScale: Double?
    /// IANA name (`Europe/Berlin`).
    public var timeZone: String?
    /// BCP 47 tags, preferred first.
    public var languages: [String]

    public init(screenWidth: Int? = nil, screenHeight: Int? = nil, screenScale: Double? = nil, timeZone: String? = nil, languages: [String] = []) {
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenScale = screenScale
        self.timeZone = timeZone
        self.languages = languages
    }

    /// The screen as (short side, long side) in pixels, when known.
    var pixels: (Int, Int)? {
        guard let width = screenWidth, let height = screenHeight else { return nil }
        let scale = screenScale ?? 1
        let a = Int((Double(width) * scale).rounded()), b = Int((Double(height) * scale).rounded())
        return (min(a, b), max(a, b))
    }

    /// The screen as given, (short side, long side).
    var sides: (Int, Int)? {
        guard let width = screenWidth, let height = screenHeight else { return nil }
        return (min(width, height), max(width, height))
    }
}
