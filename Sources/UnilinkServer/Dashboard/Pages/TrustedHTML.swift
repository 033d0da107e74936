import Mustache

/// Markup the server drew itself (the click chart's SVG), placed unescaped with `{{{...}}}`.
/// Its own type, so no typed value can reach a page unescaped by being a `String`.
struct TrustedHTML: MustacheCustomRenderable, Sendable {
    let text: String

    var renderText: String { text }
    var isNull: Bool { false }
}
