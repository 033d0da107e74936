import UnilinkCore

/// The preview page's words, in the visitor's language (English and Chinese so far).
struct PreviewText {
    let open: String
    let get: String
    let web: String
    let hintTitle: String
    let hintBody: String

    static func of(_ language: PreviewModel.Language) -> PreviewText {
        switch language {
        case .en:
            PreviewText(
                open: "Open in the app", get: "Get the app", web: "Continue on the web",
                hintTitle: "Open this page in your browser",
                hintBody: "Tap \u{2022}\u{2022}\u{2022} at the top right, then choose \u{201C}Open in Browser\u{201D}."
            )
        case .zh:
            PreviewText(
                open: "在应用中打开", get: "下载应用", web: "在网页中继续",
                hintTitle: "请在浏览器中打开此页面",
                hintBody: "点击右上角的 \u{2022}\u{2022}\u{2022}，然后选择“在浏览器中打开”。"
            )
        }
    }
}
