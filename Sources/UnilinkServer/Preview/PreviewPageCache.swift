import Synchronization
import UnilinkCore

/// Rendered preview pages, reused across clicks. Pages differ per click only by the
/// click id, so a page is rendered once with a placeholder id and stored split at it;
/// each click joins the parts with its own id. Rendering (Mustache walks values by
/// reflection) costs far more than the join.
///
/// Only pages of stored content are kept (`cacheable`): a long link's ad-hoc query
/// values, which anyone can vary per request, are rendered and forgotten. Pages are
/// charged by their bytes against a budget; past it the cache starts over.
final class PreviewPageCache: Sendable {
    static let placeholder = "UNILINKCLICKIDPLACEHOLD"

    private struct State {
        var pages: [PreviewModel: [Substring]] = [:]
        var bytes = 0
    }

    private let renderer: PreviewRenderer
    private let state = Mutex(State())
    let byteBudget: Int
    private let onEviction: @Sendable () -> Void

    init(renderer: PreviewRenderer, byteBudget: Int = 32 << 20, onEviction: @escaping @Sendable () -> Void = {}) {
        self.renderer = renderer
        self.byteBudget = byteBudget
        self.onEviction = onEviction
    }

    func page(for model: PreviewModel, cacheable: Bool = true) -> String {
        let clickID = model.clickID
        let key = model.replacingClickID(clickID, with: Self.placeholder)
        if cacheable, let parts = state.withLock({ $0.pages[key] }) {
            return parts.joined(separator: clickID)
        }
        let rendered = renderer.render(key)
        let parts = rendered.split(separator: Self.placeholder, omittingEmptySubsequences: false)
        if cacheable {
            // The model is kept as the key too: charge both.
            let size = 2 * rendered.utf8.count + 512
            let evicted = state.withLock { state -> Bool in
                guard size <= byteBudget, state.pages[key] == nil else { return false }
                let full = state.bytes + size > byteBudget
                if full {
                    state.pages.removeAll(keepingCapacity: true)
                    state.bytes = 0
                }
                state.pages[key] = parts
                state.bytes += size
                return full
            }
            if evicted { onEviction() }
        }
        return parts.joined(separator: clickID)
    }

    var count: (pages: Int, bytes: Int) {
        state.withLock { ($0.pages.count, $0.bytes) }
    }
}

extension PreviewModel {
    /// The same page for another click: the id appears in the meta tag, the button's
    /// `ul_click` and the Play Store referrer.
    func replacingClickID(_ clickID: String, with other: String) -> PreviewModel {
        var model = self
        model.clickID = other
        model.openURL = openURL.map { Self.replacing(clickID, with: other, in: $0) }
        model.storeURL = storeURL.map { Self.replacing(clickID, with: other, in: $0) }
        model.pasteboardToken = pasteboardToken.map { Self.replacing(clickID, with: other, in: $0) }
        return model
    }

    /// Byte-level replacement: a click id is ASCII and not a pattern, and the string
    /// algorithms' generic `replacing` cost more than the rest of the cached page.
    static func replacing(_ target: String, with replacement: String, in text: String) -> String {
        let source = Array(text.utf8), needle = Array(target.utf8)
        guard !needle.isEmpty, source.count >= needle.count else { return text }
        var output: [UInt8] = []
        output.reserveCapacity(source.count + 16)
        var index = 0, changed = false
        while index < source.count {
            if source[index] == needle[0], index + needle.count <= source.count, source[index..<index + needle.count].elementsEqual(needle) {
                output.append(contentsOf: replacement.utf8)
                index += needle.count
                changed = true
            } else {
                output.append(source[index])
                index += 1
            }
        }
        return changed ? String(decoding: output, as: UTF8.self) : text
    }
}
