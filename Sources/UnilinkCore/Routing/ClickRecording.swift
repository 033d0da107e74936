import Foundation

/// What a click leaves behind, decided from the click alone: which click id it is (a new
/// one, or the preview page's carried to the alternate host), and whether it waits for an
/// install (a pending click that deferred matching draws from). Pure.
public enum ClickRecording {
    /// Outcomes on a phone that may end in an install: the visitor saw the preview or the
    /// browser hint, or was sent to the store (directly or through Chrome's intent).
    public static func mayInstall(_ outcome: ClickOutcome) -> Bool {
        switch outcome {
        case .preview, .store, .intent, .browserHint: true
        case .web, .platformURL, .expired, .scheme: false
        }
    }

    /// The click a request on the alternate host continues: the preview page's button
    /// carries its click id there (`ul_click`), so the store redirect is the same click and
    /// the Play referrer names it. So does a link handed out of an in-app browser
    /// (`ul_escaped`) on any host: the system browser's request is the same click; and the
    /// desktop answer's touch check sending an iPad on (`ul_touch`). Any other
    /// request, or a malformed id, starts a new click.
    public static func carriedClickID(query: String?, role: HostRole) -> String? {
        guard let query, query.contains(LinkParameters.clickKey),
            role == .alternate || query.contains(LinkParameters.escapedKey) || query.contains(LinkParameters.touchKey),
            let carried = URLText.queryItems(Substring(query)).last(where: { $0.name == LinkParameters.clickKey })?.value,
            ClickID.isWellFormed(Substring(carried))
        else { return nil }
        return carried
    }

    /// The pending click a mobile click that may end in an install leaves, with what
    /// matching needs (`nil` for every other click). `network`: the visitor's network (an
    /// autoclosure: only a click that may end in an install needs it), `userAgentHeader` the
    /// raw header (Safari's version is read from it).
    public static func pendingClick(
        _ link: ResolvedLink, _ visit: Visit, outcome: ClickOutcome, network: @autoclosure () -> VisitorNetwork, userAgentHeader: String,
        variant: String? = nil
    ) -> PendingClick? {
        let agent = visit.userAgent
        guard agent.os == .ios || agent.os == .android, agent.isMobile, mayInstall(outcome) else { return nil }
        let window = link.link?.matchWindowSeconds ?? link.app.matchWindowSeconds
        var click = PendingClick(
            clickID: visit.clickID, appID: link.app.id, linkID: link.link?.id, content: link.content, time: visit.time,
            expiresAt: visit.time.addingTimeInterval(TimeInterval(window)), from: network(),
            os: agent.os, osVersion: agent.osVersion, model: agent.model, acceptLanguages: visit.languages,
            safariVersion: agent.app == nil ? UserAgent.safariVersion(userAgentHeader) : nil,
            reachedStore: outcome == .store || outcome == .intent
        )
        click.variant = variant
        return click
    }
}
