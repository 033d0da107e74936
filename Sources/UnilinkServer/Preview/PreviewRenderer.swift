import Mustache
import UnilinkCore

/// Renders a `PreviewModel` into the page's HTML.
struct PreviewRenderer: Sendable {
    private let template: MustacheTemplate

    init() throws {
        template = try MustacheTemplate(string: PreviewTemplate.page)
    }

    func render(_ model: PreviewModel) -> String {
        template.render(PreviewPage(model))
    }
}
