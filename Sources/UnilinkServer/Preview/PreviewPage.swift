import Mustache
import UnilinkCore

/// The preview page's values, named as its template names them. Mustache asks for each by
/// name through `MustacheParent` instead of walking the value by reflection: this page is
/// rendered on the click path whenever `PreviewPageCache` has no copy.
struct PreviewPage: MustacheParent, Sendable {
    let lang: String
    let title: String
    let canonicalURL: String
    let appName: String
    let clickID: String
    let twitterCard: String
    let hint: Bool
    let collectsSignals: Bool
    let text: PreviewText
    // Absent and empty values are nil, so their sections do not render.
    let description: String?
    let imageURL: String?
    let openURL: String?
    let storeURL: String?
    let storeName: String?
    let webURL: String?
    let appStoreID: String?
    let iosSchemeURL: String?
    let androidPackage: String?
    let androidSchemeURL: String?
    let pasteboardToken: String?

    init(_ model: PreviewModel) {
        func present(_ value: String?) -> String? { value?.isEmpty == false ? value : nil }
        lang = model.language.rawValue
        title = model.title
        canonicalURL = model.canonicalURL
        appName = model.appName
        clickID = model.clickID
        twitterCard = model.imageURL == nil ? "summary" : "summary_large_image"
        hint = model.showsBrowserHint
        collectsSignals = model.collectsSignals
        text = PreviewText.of(model.language)
        description = present(model.description)
        imageURL = present(model.imageURL)
        openURL = present(model.openURL)
        storeURL = present(model.storeURL)
        storeName = present(model.storeName)
        webURL = present(model.webURL)
        appStoreID = present(model.appStoreID)
        iosSchemeURL = present(model.iosSchemeURL)
        androidPackage = present(model.androidPackage)
        androidSchemeURL = present(model.androidSchemeURL)
        pasteboardToken = present(model.pasteboardToken)
    }

    func child(named name: String) -> Any? {
        switch name {
        case "lang": return lang
        case "title": return title
        case "canonicalURL": return canonicalURL
        case "appName": return appName
        case "clickID": return clickID
        case "twitterCard": return twitterCard
        case "hint": return hint
        case "collectsSignals": return collectsSignals
        case "text": return text
        case "description": return description
        case "imageURL": return imageURL
        case "openURL": return openURL
        case "storeURL": return storeURL
        case "storeName": return storeName
        case "webURL": return webURL
        case "appStoreID": return appStoreID
        case "iosSchemeURL": return iosSchemeURL
        case "androidPackage": return androidPackage
        case "androidSchemeURL": return androidSchemeURL
        case "pasteboardToken": return pasteboardToken
        default: return nil
        }
    }
}

extension PreviewText: MustacheParent {
    func child(named name: String) -> Any? {
        switch name {
        case "open": open
        case "get": get
        case "web": web
        case "hintTitle": hintTitle
        case "hintBody": hintBody
        default: nil
        }
    }
}
