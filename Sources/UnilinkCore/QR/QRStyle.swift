/// How a code is drawn: dark modules in `foreground` on `background`, and a logo in the
/// centre when there is one and the symbol has room for it (`QRLogoArea`).
public struct QRStyle: Sendable, Equatable {
    public var foreground: QRColour
    public var background: QRColour
    public var logo: QRLogo?

    public static let plain = QRStyle(foreground: .black, background: .white)

    public init(foreground: QRColour, background: QRColour, logo: QRLogo? = nil) {
        self.foreground = foreground
        self.background = background
        self.logo = logo
    }
}

/// A logo as uploaded (the SVG embeds the file itself) and as pixels (the PNG draws them).
public struct QRLogo: Sendable, Equatable {
    public let png: [UInt8]
    public let image: PNGImage

    public init(png: [UInt8], image: PNGImage) {
        self.png = png
        self.image = image
    }
}
