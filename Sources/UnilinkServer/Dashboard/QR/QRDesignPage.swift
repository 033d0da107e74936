import UnilinkCore

/// An app's QR design: the colours, the logo, and a preview drawn by the server from what
/// the form holds (the stored design, or what was typed when it was previewed or refused).
struct QRDesignPage: DashboardPage {
    struct Fields: Sendable {
        var foreground: String
        var background: String
        /// A new logo not yet saved, kept through a preview or a refusal.
        var logo = ""
        var removeLogo = false
    }

    static let template = "qr_design"
    var title: String
    var appID: String
    var appName: String
    var form: Fields
    /// The stored design has a logo (the form offers to remove it).
    var hasLogo: Bool
    /// An SVG the server drew.
    var preview: TrustedHTML
    /// What the preview encodes.
    var previewURL: String
    var foregroundError: String?
    var backgroundError: String?
    var coloursError: String?
    var logoError: String?
    var error: String?
    var notice: String?
    var session: PageSession?

    /// The form filled in from `design` (the stored one unless the form says otherwise),
    /// previewed as `drawn` draws it.
    init(app: App, form: Fields? = nil, drawn: QRDesign? = nil) {
        let stored = app.qrDesign ?? .plain
        title = "QR design of \(app.name)"
        appID = app.id
        appName = app.name
        self.form = form ?? Fields(foreground: stored.foreground.description, background: stored.background.description)
        hasLogo = stored.logoPNG != nil
        previewURL = Self.sampleURL(app)
        preview = TrustedHTML(text: Self.preview(previewURL, drawn ?? stored))
    }

    /// Each refusal at its field, the API's message.
    mutating func show(_ refusals: [QRDesignForm.Field: APIError]) {
        foregroundError = refusals[.foreground]?.message
        backgroundError = refusals[.background]?.message
        coloursError = refusals[.colours]?.message
        logoError = refusals[.logo]?.message
        error = refusals.isEmpty ? nil : "Nothing was saved: see the fields marked below."
    }

    /// A link of the app as long as a typical short link, so the preview is the size of the real ones.
    static func sampleURL(_ app: App) -> String {
        "https://\(app.host(for: .short) ?? app.host(for: .primary) ?? "go.example.com")/Ab3dE6g"
    }

    private static func preview(_ url: String, _ design: QRDesign) -> String {
        let logo = design.logoPNG.flatMap { try? QRDesign.logo(Array($0)).get() }
        guard let code = try? QRCode(text: url, errorCorrection: logo == nil ? .medium : .high) else { return "" }
        return code.svg(pixels: 240, style: QRStyle(foreground: design.foreground, background: design.background, logo: logo))
    }
}

extension QRDesignPage.Fields {
    /// What was typed, shown again beside what was refused.
    init(_ form: QRDesignForm) {
        foreground = form.foreground ?? ""
        background = form.background ?? ""
        logo = form.logoPNG ?? ""
        removeLogo = form.removeLogo == "on"
    }
}
