/// Who a preview page is for: the parts of a visit the page depends on. A decision
/// carries this, not the page; `ClickRouter.model(of:for:)` builds the page from it and
/// the link when the server has not rendered that page already (clicks on one link
/// get the same page but for their click id).
public struct PreviewAudience: Sendable, Hashable {
    public var platform: ClickPlatform
    public var language: PreviewModel.Language
    public var clickID: String

    public init(platform: ClickPlatform, language: PreviewModel.Language, clickID: String) {
        self.platform = platform
        self.language = language
        self.clickID = clickID
    }

    public init(_ visit: Visit) {
        self.init(
            platform: ClickPlatform(visit.userAgent),
            language: visit.languages.first.map { $0.lowercased().hasPrefix("zh") } == true ? .zh : .en,
            clickID: visit.clickID
        )
    }
}
