/// An app's QR design as the API reads and writes it (`qr` of an app): the colours as
/// `#rrggbb` and the logo as a base64 PNG. In a change, a field left out keeps its value
/// and an empty `logo_png` removes the logo.
public struct QRDesignBody: Codable, Sendable, Equatable {
    public var foreground: String?
    public var background: String?
    public var logoPNG: String?

    public init(foreground: String? = nil, background: String? = nil, logoPNG: String? = nil) {
        self.foreground = foreground
        self.background = background
        self.logoPNG = logoPNG
    }

    enum CodingKeys: String, CodingKey {
        case foreground, background, logoPNG = "logo_png"
    }
}
