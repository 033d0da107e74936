import Foundation
import UnilinkCore

/// The link form's "try a visitor": what one kind of visitor, from a country, with some
/// languages, at some moment, gets from the link as typed (unsaved), and which routing rule
/// held and why. The debugger's own reading (`LinkDebugger`), so the two cannot differ.
struct RulePreview: Sendable {
    /// One kind of visitor the form offers.
    struct Option: Sendable {
        let id: String
        let name: String
        let selected: Bool
    }

    /// `An iPhone, app not installed, from DE, with de-DE first, on thu 2026-11-26T14:05 UTC`.
    let visitor: String
    let result: DebuggerPage.Visitor

    /// The kinds of visitors whose route the server decides (with the app installed, the
    /// system opens it before any rule is read).
    static let kinds = DebugVisitor.all.filter { !$0.hasApp && !$0.knownInstalled }

    static func options(selected: String?) -> [Option] {
        let chosen = selected.flatMap { id in kinds.first { $0.id == id } }?.id ?? kinds[0].id
        return kinds.map { Option(id: $0.id, name: $0.name, selected: $0.id == chosen) }
    }

    init(visitor: String, result: DebuggerPage.Visitor) {
        self.visitor = visitor
        self.result = result
    }

    /// - Parameter link: the link as the form would save it, checked like a saved one.
    init(link: Link, app: App, router: ClickRouter, simulated: SimulatedVisitor, kind: String?) {
        let visitor = kind.flatMap { id in Self.kinds.first { $0.id == id } } ?? Self.kinds[0]
        let role: HostRole = app.host(for: .short) != nil ? .short : .primary
        let host = app.host(for: role) ?? ""
        let resolved = ResolvedLink(app: app, link: link, content: link.content, host: host, role: role)
        let alternate = app.host(for: .alternate).map { ResolvedLink(app: app, link: link, content: link.content, host: $0, role: .alternate) }
        let url = "https://\(host)/\(link.alias ?? link.code)"
        result =
            LinkDebugger(router: router).visitors(
                resolved, url: url, alternate: alternate, simulated: simulated, rules: true, kinds: [visitor], opensApp: { _ in false })[0]
        let place = simulated.place.map { "from \($0.country)" } ?? "from an unknown country"
        self.visitor =
            "\(visitor.name), \(place), with \(simulated.acceptLanguages.first ?? "en") first, at \(TimeWindow.localText(simulated.time, in: .gmt))"
    }
}
