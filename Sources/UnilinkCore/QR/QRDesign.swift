public import Foundation

/// An app's QR codes as its brand wants them: colours and, optionally, a logo in the centre
/// (drawn at error correction H). Stored in the app's document; an app without one draws
/// black on white.
public struct QRDesign: Sendable, Equatable, Codable {
    public var foreground: QRColour
    public var background: QRColour
    /// The PNG file as uploaded.
    public var logoPNG: Data?

    public static let plain = QRDesign(foreground: .black, background: .white)

    /// WCAG's 4.5:1, its line for normal text. A reader turns the camera's picture grey and
    /// splits it at a threshold between its darkest and lightest parts; below about this
    /// ratio, print, screens, glare and cheap cameras bring the two colours close enough
    /// that modules are misread (the zbarimg tests decode codes just above it).
    public static let minimumContrast = 4.5
    /// A logo is stored with the app and read at every drawing: kept small.
    public static let maximumLogoBytes = 65_536
    public static let maximumLogoSide = 512

    public init(foreground: QRColour, background: QRColour, logoPNG: Data? = nil) {
        self.foreground = foreground
        self.background = background
        self.logoPNG = logoPNG
    }

    /// What is wrong with a design, each with the API's code and message.
    public enum Problem: Error, Equatable, CustomStringConvertible {
        case inverted(foreground: QRColour, background: QRColour)
        case lowContrast(foreground: QRColour, background: QRColour, ratio: Double)
        case logoTooLarge(bytes: Int)
        case logoUnreadable(PNGImage.Failure)

        public var code: String {
            switch self {
            case .inverted: "inverted_colours"
            case .lowContrast: "low_contrast"
            case .logoTooLarge, .logoUnreadable(.tooLarge): "logo_too_large"
            case .logoUnreadable(.notPNG): "logo_not_png"
            case .logoUnreadable: "logo_unreadable"
            }
        }

        /// Whether it is about the colours (else the logo).
        public var isAboutColours: Bool {
            switch self {
            case .inverted, .lowContrast: true
            case .logoTooLarge, .logoUnreadable: false
            }
        }

        public var description: String {
            switch self {
            case .inverted(let foreground, let background):
                "the foreground \(foreground) is lighter than the background \(background): many scanners read only dark modules on a light background"
            case .lowContrast(let foreground, let background, let ratio):
                "the foreground \(foreground) and the background \(background) have a contrast of \(Self.ratio(ratio)):1; "
                    + "scanners need at least \(Self.ratio(QRDesign.minimumContrast)):1"
            case .logoTooLarge(let bytes):
                "the logo is \(bytes) bytes; at most \(QRDesign.maximumLogoBytes) (64 KiB)"
            case .logoUnreadable(let failure):
                "the logo \(failure)"
            }
        }

        /// Two decimals, rounded down, so a refused ratio never reads as the minimum.
        private static func ratio(_ value: Double) -> String {
            let hundredths = Int((value * 100).rounded(.down))
            return "\(hundredths / 100).\(hundredths % 100 < 10 ? "0" : "")\(hundredths % 100)"
        }
    }

    /// Dark on light, far enough apart for scanners.
    public static func problem(foreground: QRColour, background: QRColour) -> Problem? {
        guard foreground.relativeLuminance <= background.relativeLuminance else {
            return .inverted(foreground: foreground, background: background)
        }
        let ratio = QRColour.contrast(foreground, background)
        return ratio >= minimumContrast ? nil : .lowContrast(foreground: foreground, background: background, ratio: ratio)
    }

    /// The logo's pixels, or why it is refused: at most 64 KiB and 512 by 512 pixels, a PNG this server reads.
    public static func logo(_ png: [UInt8]) -> Result<QRLogo, Problem> {
        guard png.count <= maximumLogoBytes else { return .failure(.logoTooLarge(bytes: png.count)) }
        do {
            return .success(QRLogo(png: png, image: try PNGImage.decode(png, maximumSide: maximumLogoSide)))
        } catch {
            return .failure(.logoUnreadable(error))
        }
    }

    /// The first problem of the whole design, colours first.
    public var problem: Problem? {
        if let problem = Self.problem(foreground: foreground, background: background) { return problem }
        if let logoPNG, case .failure(let problem) = Self.logo(Array(logoPNG)) { return problem }
        return nil
    }
}
