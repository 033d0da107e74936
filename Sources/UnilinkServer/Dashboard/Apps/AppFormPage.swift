import UnilinkAPI

/// The form that creates or edits an app, filled in from the app or from what was typed.
struct AppFormPage: DashboardPage {
    /// The fields as the form shows them: lists one per line, hosts as `host role`.
    struct Fields: Sendable {
        var name = ""
        var iosTeamID = ""
        var iosBundleID = ""
        var iosAppStoreID = ""
        var iosScheme = ""
        var androidPackage = ""
        var androidScheme = ""
        var androidFingerprints = ""
        var harmonyBundleName = ""
        var harmonyAppIdentifiers = ""
        var harmonyAppGalleryURL = ""
        var harmonyScheme = ""
        var webFallbackURL = ""
        var webAllowedHosts = ""
        var domains = ""
        var paths = ""
        var excludePaths = ""
        var matchWindowSeconds = ""
        var pasteboardToken = false
        /// The API's JSON, pretty-printed; empty when there are none.
        var defaultRules = ""
    }

    static let template = "app_form"
    var title: String
    var heading: String
    /// Where the form posts.
    var action: String
    var form: Fields
    /// The refusal, said at the top of the page.
    var error: String?
    /// The same refusal at the field it is about.
    var errors: AppFieldErrors
    var session: PageSession?

    init(heading: String, action: String, form: Fields = Fields(), error: APIError? = nil) {
        title = heading
        self.heading = heading
        self.action = action
        self.form = form
        self.error = error.map { "The app was not saved: \($0.message)" }
        errors = error.flatMap(AppFieldErrors.init) ?? AppFieldErrors()
    }
}

extension AppFormPage.Fields {
    /// The form filled in from an app, for editing.
    init(_ app: AppBody) {
        name = app.name ?? ""
        iosTeamID = app.ios?.teamID ?? ""
        iosBundleID = app.ios?.bundleID ?? ""
        iosAppStoreID = app.ios?.appStoreID ?? ""
        iosScheme = app.ios?.scheme ?? ""
        androidPackage = app.android?.package ?? ""
        androidScheme = app.android?.scheme ?? ""
        androidFingerprints = (app.android?.sha256CertFingerprints ?? []).joined(separator: "\n")
        harmonyBundleName = app.harmony?.bundleName ?? ""
        harmonyAppIdentifiers = (app.harmony?.appIdentifiers ?? []).map { entry in
            entry.index.map { "\(entry.appIdentifier) \($0)" } ?? entry.appIdentifier
        }
        .joined(separator: "\n")
        harmonyAppGalleryURL = app.harmony?.appGalleryURL ?? ""
        harmonyScheme = app.harmony?.scheme ?? ""
        webFallbackURL = app.web?.fallbackURL ?? ""
        webAllowedHosts = (app.web?.allowedHosts ?? []).joined(separator: "\n")
        domains = (app.domains ?? []).map { "\($0.host) \($0.role)" }.joined(separator: "\n")
        paths = (app.paths ?? []).joined(separator: "\n")
        excludePaths = (app.excludePaths ?? []).joined(separator: "\n")
        matchWindowSeconds = app.matchWindowSeconds.map(String.init) ?? ""
        pasteboardToken = app.pasteboardToken ?? false
        defaultRules = LinkFormPage.Fields.json(app.defaultRules ?? [])
    }

    /// What was typed, shown again beside the error when the API refused it.
    init(_ form: AppForm) {
        name = form.name ?? ""
        iosTeamID = form.iosTeamID ?? ""
        iosBundleID = form.iosBundleID ?? ""
        iosAppStoreID = form.iosAppStoreID ?? ""
        iosScheme = form.iosScheme ?? ""
        androidPackage = form.androidPackage ?? ""
        androidScheme = form.androidScheme ?? ""
        androidFingerprints = form.androidFingerprints ?? ""
        harmonyBundleName = form.harmonyBundleName ?? ""
        harmonyAppIdentifiers = form.harmonyAppIdentifiers ?? ""
        harmonyAppGalleryURL = form.harmonyAppGalleryURL ?? ""
        harmonyScheme = form.harmonyScheme ?? ""
        webFallbackURL = form.webFallbackURL ?? ""
        webAllowedHosts = form.webAllowedHosts ?? ""
        domains = form.domains ?? ""
        paths = form.paths ?? ""
        excludePaths = form.excludePaths ?? ""
        matchWindowSeconds = form.matchWindowSeconds ?? ""
        pasteboardToken = form.pasteboardToken == "on"
        defaultRules = form.defaultRules ?? ""
    }
}
