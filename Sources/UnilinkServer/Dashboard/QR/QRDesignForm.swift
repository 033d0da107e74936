import Foundation
import UnilinkAPI
import UnilinkCore

/// The QR design form as the browser posts it: the colours as typed, a new logo as base64
/// (the page's script reads the chosen file into it; it can be pasted too), the box that
/// removes the logo, and which button was pressed. Checked by the API's rules with the
/// API's messages, each refusal kept by the field it is about.
struct QRDesignForm: Decodable, Sendable {
    var csrf: String?
    var foreground: String?
    var background: String?
    /// A new logo; empty keeps the stored one.
    var logoPNG: String?
    var removeLogo: String?
    /// Set by the Preview button: draw, save nothing.
    var preview: String?

    enum CodingKeys: String, CodingKey {
        case csrf, foreground, background, preview
        case logoPNG = "logo_png", removeLogo = "remove_logo"
    }

    enum Field: CaseIterable, Sendable {
        case foreground, background, colours, logo
    }

    enum Refusable<Value> {
        case accepted(Value)
        case refused([Field: APIError])
    }

    /// The body the API would take for the same change (an empty colour is refused).
    var body: QRDesignBody {
        let logo = Self.text(logoPNG)
        return QRDesignBody(
            foreground: Self.hex(foreground), background: Self.hex(background),
            logoPNG: removeLogo == "on" ? "" : logo.isEmpty ? nil : logo)
    }

    /// `stored` as the form changes it, or what the API's rules refuse of it, by field.
    func design(merging stored: QRDesign) -> Refusable<QRDesign> {
        var refusals: [Field: APIError] = [:]
        let body = body
        var design = stored
        do {
            design.foreground = try AppInput.colour(body.foreground ?? "", field: "qr.foreground")
        } catch {
            refusals[.foreground] = error as? APIError
        }
        do {
            design.background = try AppInput.colour(body.background ?? "", field: "qr.background")
        } catch {
            refusals[.background] = error as? APIError
        }
        if refusals.isEmpty, let problem = QRDesign.problem(foreground: design.foreground, background: design.background) {
            refusals[.colours] = .unprocessable(problem.code, "'qr.foreground': \(problem)")
        }
        do {
            if let text = body.logoPNG { design.logoPNG = try AppInput.logo(text) }
            if let logo = design.logoPNG, case .failure(let problem) = QRDesign.logo(Array(logo)) {
                refusals[.logo] = .unprocessable(problem.code, "'qr.logo_png': \(problem)")
            }
        } catch {
            refusals[.logo] = error as? APIError
        }
        return refusals.isEmpty ? .accepted(design) : .refused(refusals)
    }

    /// A colour as typed, with the `#` the API's colours start with when it was left out.
    private static func hex(_ text: String?) -> String {
        let text = Self.text(text)
        return text.hasPrefix("#") || text.utf8.count != 6 ? text : "#" + text
    }

    private static func text(_ value: String?) -> String {
        (value ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
    }
}
