import Synchronization
import UnilinkCore

/// Rendered preview pages, reused across clicks. Pages differ per click only by the
/// click id, so a page is rendered once with a placeholder id and stored split at it;
/// each click joins the parts with its own id. Rendering (Mustache walks values by
/// reflection) costs far more than the join.
final class PreviewPageCache: Sendable {
    static let placeholder = "UNILINKCLICKIDPLACEHOLD"

    private let renderer: PreviewRenderer
    private let pages = Mutex<[PreviewModel: [Substring]]>([:])
    private let capacity: Int

    init(renderer: PreviewRenderer, capacity: Int = 10_000) {
        self.renderer = renderer
        self.capacity = capacity
    }

    func page(for model: PreviewModel) -> String {
        let clickID = model.clickID
        let key = model.replacingClickID(clickID, with: Self.placeholder)
        if let parts = pages.withLock({ $0[key] }) {
            return parts.joined(separator: clickID)
        }
        let rendered = renderer.render(key)
        let parts = rendered.split(separator: Self.placeholder, omittingEmptySubsequences: false)
        pages.withLock { pages in
            if pages.count >= capacity { pages.removeAll(keepingCapacity: true) }
            pages[key] = parts
        }
        return parts.joined(separator: clickID)
    }
}

extension PreviewModel {
    /// The same page for another click: the id appears in the meta tag, the button's
    /// `ul_click` and the Play Store referrer.
    func replacingClickID(_ clickID: String, with other: String) -> PreviewModel {
        var model = self
        model.clickID = other
        model.openURL = openURL?.replacing(clickID, with: other)
        model.storeURL = storeURL?.replacing(clickID, with: other)
        model.pasteboardToken = pasteboardToken?.replacing(clickID, with: other)
        return model
    }
}
