import Mustache
import UnilinkCore

/// Renders a `PreviewModel` into the page's HTML.
struct PreviewRenderer: Sendable {
    private let template: MustacheTemplate

    init() throws {
        template = try MustacheTemplate(string: PreviewTemplate.page)
    }

    func render(_ model: PreviewModel) -> String {
        let text = PreviewText.of(model.language)
        var values: [String: Any] = [
            "lang": model.language.rawValue,
            "title": model.title,
            "canonical_url": model.canonicalURL,
            "app_name": model.appName,
            "click_id": model.clickID,
            "twitter_card": model.imageURL == nil ? "summary" : "summary_large_image",
            "hint": model.showsBrowserHint,
            "collects_signals": model.collectsSignals,
            "text": [
                "open": text.open, "get": text.get, "web": text.web,
                "hint_title": text.hintTitle, "hint_body": text.hintBody,
            ],
        ]
        // Absent values are left out, so their sections do not render.
        let optional: [(String, String?)] = [
            ("description", model.description), ("image_url", model.imageURL), ("open_url", model.openURL),
            ("store_url", model.storeURL), ("store_name", model.storeName), ("web_url", model.webURL),
            ("app_store_id", model.appStoreID), ("ios_scheme_url", model.iosSchemeURL),
            ("android_package", model.androidPackage), ("android_scheme_url", model.androidSchemeURL),
            ("pasteboard_token", model.pasteboardToken),
        ]
        for case let (key, value?) in optional where !value.isEmpty {
            values[key] = value
        }
        return template.render(values)
    }
}
