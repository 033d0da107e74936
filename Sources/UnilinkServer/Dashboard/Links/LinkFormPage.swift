import Foundation
import UnilinkAPI

/// The form that creates or edits a link: every field of the API's link body.
struct LinkFormPage: DashboardPage {
    /// The fields as the form shows them: data and `deep_link_sub` one `key=value` per line.
    struct Fields: Sendable {
        var path = ""
        var alias = ""
        var deepLinkValue = ""
        var webURL = ""
        var iosURL = ""
        var androidURL = ""
        var desktopURL = ""
        var webOnly = false
        var minIOS = ""
        var minAndroid = ""
        var socialTitle = ""
        var socialDescription = ""
        var socialImageURL = ""
        var channel = ""
        var campaign = ""
        var feature = ""
        var source = ""
        var medium = ""
        var expiresAt = ""
        var matchWindowSeconds = ""
        var data = ""
        var subs = ""
        /// Comma-separated.
        var tags = ""
        /// The API's JSON, pretty-printed; empty when there are none.
        var rules = ""
        var variants = ""
        var previewCountry = ""
        var previewLanguages = ""
        var previewAt = ""
        var previewVisitors = RulePreview.options(selected: nil)
    }

    static let template = "link_form"
    var title: String
    var heading: String
    /// Where the form posts.
    var action: String
    var form: Fields
    /// The refusal, said at the top of the page.
    var error: String?
    /// The same refusal at the field it is about.
    var errors: LinkFieldErrors
    var session: PageSession?
    /// What the visitor tried gets from the form as typed.
    var preview: RulePreview?
    /// Fields of the visitor tried that could not be read.
    var previewProblems: [String] = []

    init(title: String, heading: String, action: String, form: Fields = Fields(), error: APIError? = nil) {
        self.title = title
        self.heading = heading
        self.action = action
        self.form = form
        self.error = error.map { "The link was not saved: \($0.message)" }
        errors = error.flatMap(LinkFieldErrors.init) ?? LinkFieldErrors()
    }
}

extension LinkFormPage.Fields {
    /// The form filled in from a link, for editing.
    init(_ link: LinkBody) {
        path = link.path ?? ""
        alias = link.alias ?? ""
        deepLinkValue = link.deepLinkValue ?? ""
        webURL = link.webURL ?? ""
        iosURL = link.iosURL ?? ""
        androidURL = link.androidURL ?? ""
        desktopURL = link.desktopURL ?? ""
        webOnly = link.webOnly ?? false
        minIOS = link.minAppVersion?.ios ?? ""
        minAndroid = link.minAppVersion?.android ?? ""
        socialTitle = link.social?.title ?? ""
        socialDescription = link.social?.description ?? ""
        socialImageURL = link.social?.imageURL ?? ""
        channel = link.campaign?.channel ?? ""
        campaign = link.campaign?.campaign ?? ""
        feature = link.campaign?.feature ?? ""
        source = link.campaign?.source ?? ""
        medium = link.campaign?.medium ?? ""
        expiresAt = link.expiresAt ?? ""
        matchWindowSeconds = link.matchWindowSeconds.map(String.init) ?? ""
        data = (link.data ?? [:]).sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        subs = link.deepLinkSubs.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\n")
        tags = (link.tags ?? []).joined(separator: ", ")
        rules = Self.json(link.rules ?? [])
        variants = Self.json(link.variants ?? [])
    }

    static func json<T: Encodable>(_ list: [T]) -> String {
        guard !list.isEmpty else { return "" }
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return (try? encoder.encode(list)).map { String(decoding: $0, as: UTF8.self) } ?? ""
    }

    /// What was typed, shown again beside the error when the API refused it.
    init(_ form: LinkForm) {
        path = form.path ?? ""
        alias = form.alias ?? ""
        deepLinkValue = form.deepLinkValue ?? ""
        webURL = form.webURL ?? ""
        iosURL = form.iosURL ?? ""
        androidURL = form.androidURL ?? ""
        desktopURL = form.desktopURL ?? ""
        webOnly = form.webOnly == "on"
        minIOS = form.minIOS ?? ""
        minAndroid = form.minAndroid ?? ""
        socialTitle = form.socialTitle ?? ""
        socialDescription = form.socialDescription ?? ""
        socialImageURL = form.socialImageURL ?? ""
        channel = form.channel ?? ""
        campaign = form.campaign ?? ""
        feature = form.feature ?? ""
        source = form.source ?? ""
        medium = form.medium ?? ""
        expiresAt = form.expiresAt ?? ""
        matchWindowSeconds = form.matchWindowSeconds ?? ""
        data = form.data ?? ""
        subs = form.subs ?? ""
        tags = form.tags ?? ""
        rules = form.rules ?? ""
        variants = form.variants ?? ""
        previewCountry = form.previewCountry ?? ""
        previewLanguages = form.previewLanguages ?? ""
        previewAt = form.previewAt ?? ""
        previewVisitors = RulePreview.options(selected: form.previewVisitor)
    }
}
