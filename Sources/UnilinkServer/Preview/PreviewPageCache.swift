import NIOCore
import Synchronization
import UnilinkCore

/// Rendered preview pages, reused across clicks. Pages differ per click only by the
/// click id, so a page is rendered once with a placeholder id and stored split at it;
/// each click joins the parts with its own id. Rendering (Mustache walks the whole
/// template) costs far more than the join, and so does building the page's model: a
/// kept page is found by what it was made of (the host as the directory made it, the
/// stored link, the form and audience), without building the model or hashing it.
///
/// Only pages of stored content, or of stored content a routing rule or A/B variant shaped
/// (one page per shaping, `ResolvedLink.shaping`), are kept: a long link's ad-hoc query
/// values, which anyone can vary per request, are rendered and forgotten unless a shaping
/// applies, and then the kept page is used only while its content is this request's. Pages are charged by their
/// bytes against a budget; past it the cache starts over.
final class PreviewPageCache: Sendable {
    static let placeholder = "UNILINKCLICKIDPLACEHOLD"

    private struct Key: Hashable {
        var host: UInt64
        var linkID: String
        var form: PreviewForm
        var platform: ClickPlatform
        var language: PreviewModel.Language
        /// The routing rule or variant that shaped the content (`ResolvedLink.shaping`).
        var shaping: UInt16
    }

    /// The link as it was rendered: a link edited since is rendered again (its id stays).
    private struct Page {
        var code: String
        var content: LinkContent
        var parts: [String]
        var textBytes: Int
        /// What the page keeps: its text, its key, the content it was made of.
        var charge: Int
    }

    private struct State {
        var pages: [Key: Page] = [:]
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

    /// The page in `form` for `audience`, of `link` as clicked on `host`.
    func page(
        _ form: PreviewForm, for audience: PreviewAudience, of link: ResolvedLink, on host: HostDirectory.Host, router: ClickRouter
    ) -> ByteBuffer {
        guard let stored = link.link else { return rendered(form, for: audience, of: link, router: router) }
        let key = Key(
            host: host.serial, linkID: stored.id, form: form, platform: audience.platform, language: audience.language, shaping: link.shaping)
        // A kept page made of this very content is this page, whatever brought the content.
        if let page = state.withLock({ $0.pages[key] }), page.code == stored.code, page.content == link.content {
            return Self.join(page, clickID: audience.clickID)
        }
        // Stored content, or stored content a rule or variant shaped: one page per shaping.
        guard stored.content == link.content || link.shaping != 0 else { return rendered(form, for: audience, of: link, router: router) }
        var placeholderAudience = audience
        placeholderAudience.clickID = Self.placeholder
        let text = renderer.render(router.model(form, for: placeholderAudience, of: link))
        let parts = text.split(separator: Self.placeholder, omittingEmptySubsequences: false).map(String.init)
        let textBytes = text.utf8.count
        let page = Page(
            code: stored.code, content: link.content, parts: parts, textBytes: textBytes,
            charge: textBytes + 64 * parts.count + stored.id.utf8.count + link.content.estimatedBytes + 128
        )
        let evicted = state.withLock { state -> Bool in
            guard page.charge <= byteBudget else { return false }
            let full = state.bytes + page.charge > byteBudget
            if full {
                state.pages.removeAll(keepingCapacity: true)
                state.bytes = 0
            }
            if let replaced = state.pages.updateValue(page, forKey: key) { state.bytes -= replaced.charge }
            state.bytes += page.charge
            return full
        }
        if evicted { onEviction() }
        return Self.join(page, clickID: audience.clickID)
    }

    private func rendered(_ form: PreviewForm, for audience: PreviewAudience, of link: ResolvedLink, router: ClickRouter) -> ByteBuffer {
        ByteBuffer(string: renderer.render(router.model(form, for: audience, of: link)))
    }

    private static func join(_ page: Page, clickID: String) -> ByteBuffer {
        var buffer = ByteBuffer()
        buffer.reserveCapacity(page.textBytes + (page.parts.count - 1) * max(0, clickID.utf8.count - placeholder.utf8.count))
        for (index, part) in page.parts.enumerated() {
            if index > 0 { buffer.writeString(clickID) }
            buffer.writeString(part)
        }
        return buffer
    }

    var count: (pages: Int, bytes: Int) {
        state.withLock { ($0.pages.count, $0.bytes) }
    }
}
