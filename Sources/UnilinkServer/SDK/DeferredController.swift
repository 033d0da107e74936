import Foundation
import Hummingbird
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

/// `POST /v1/sdk/deferred` (first launch: the link the app was installed from) and
/// `POST /v1/sdk/events` (installs, opens, custom events), with the publishable key.
struct DeferredController {
    let store: any PendingClickStore & EventStore & LinkStore & ClickStore
    let clicks: ClickQueue
    let directory: HostDirectory
    let port: BoundPort
    let networkKeys: NetworkKeys
    let addresses: ClientAddressResolver
    let signalMetrics: DeviceSignalMetrics
    var evidenceLog: DeferredEvidenceLog?

    /// Two groups behind an app's publishable key: the deferred call has a limit of its own
    /// (it is the one that hands out links).
    func register(deferred: RouterGroup<SDKContext>, events: RouterGroup<SDKContext>) {
        deferred.post(use: self.deferred)
        events.post(use: event)
    }

    @Sendable func deferred(_ request: Request, context: SDKContext) async throws -> Response {
        let app = context.app
        let body = try await request.decode(as: DeferredRequest.self, context: context)
        let installID = try Self.installID(body.installID)
        let signals = try Self.signals(of: body)
        // No look-up of an earlier answer first (a round trip on every first launch, for the
        // rare retry): an answer is stored only if the install has none, and otherwise the
        // stored one is returned and nothing of this run is kept, the click it took included.
        // A click made a moment ago may still be queued for the recorder's next write.
        await clicks.waitUntilStored(clicks.acceptedMark, timeout: .seconds(1))
        let now = Date.now
        var fingerprint = fingerprint(body, signals: signals, request: request, context: context, now: now)
        signalMetrics.count(InstallSignalCheck.sanitize(&fingerprint))
        // Two racing first calls of one install: the stored answer is the one both get.
        return Self.json(try await answer(app: app, installID: installID, body: body, fingerprint: fingerprint, now: now))
    }

    @Sendable func event(_ request: Request, context: SDKContext) async throws -> Response {
        let app = context.app
        let body = try await request.decode(as: EventRequest.self, context: context)
        let installID = try Self.installID(body.installID)
        let properties = body.properties ?? [:]
        guard (body.name ?? "").unicodeScalars.count <= WireLimits.eventName, properties.count <= WireLimits.eventProperties,
            properties.allSatisfy({
                $0.key.unicodeScalars.count <= WireLimits.eventPropertyKey && $0.value.unicodeScalars.count <= WireLimits.eventPropertyValue
            }),
            (body.clickID ?? "").utf8.count <= 128, (body.linkID ?? "").utf8.count <= 128
        else {
            throw APIError.badRequest(
                "'name' takes up to \(WireLimits.eventName) characters, 'properties' up to \(WireLimits.eventProperties) short strings, ids up to 128"
            )
        }
        if body.type == .custom, (body.name ?? "").isEmpty { throw APIError.unprocessable("event_name_required", "a custom event needs a 'name'") }
        var linkID: String?
        if let id = body.linkID {
            guard let link = try await store.link(id: id), link.appID == app.id else {
                throw APIError.notFound("no link of this app has the id '\(id)'")
            }
            linkID = link.id
        } else if let clickID = body.clickID {
            // Only this app's clicks: another app's click id must not add to its stats.
            linkID = try await store.linkID(ofClick: clickID, appID: app.id)
        }
        // An install's events count for the A/B variant it came from.
        var variant: String?
        if let linkID { variant = try await store.variant(ofInstall: installID, appID: app.id, linkID: linkID) }
        try await store.insert(
            event: AppEvent(
                appID: app.id, installID: installID, linkID: linkID, clickID: body.clickID, type: body.type.rawValue, name: body.name,
                properties: body.properties ?? [:], time: .now, variant: variant
            ))
        return Response(status: .accepted)
    }

    /// Runs `DeferredAnswer`: fetches what it asks for until it answers, stores the answer
    /// and returns the install's stored one (an earlier call's, if it stored one first). A
    /// match's click is taken when its answer is stored, in the same transaction (one
    /// durable commit, never a click taken without its answer); when another install took
    /// it first, the machine goes on from where it asked for it.
    private func answer(app: App, installID: String, body: DeferredRequest, fingerprint: InstallFingerprint, now: Date) async throws -> String {
        var machine = DeferredAnswer(
            appID: app.id, tokens: [body.installReferrer, body.pasteboardToken].compactMap { $0 }, fingerprint: fingerprint,
            threshold: app.deferredThreshold, acceptsWeak: body.allowWeakMatch == true, now: now)
        var action = machine.start()
        var taking: DeferredAnswer?
        var weighed: [PendingClick] = []
        var history: [NetworkCrowd] = []
        while true {
            switch action {
            case .fetchClick(let id): action = machine.clickFetched(try await store.pendingClick(id: id))
            case .consume:
                taking = machine
                action = machine.consumed(true)
            case .fetchCandidates(let pools):
                let (candidates, crowds) = try await candidates(appID: app.id, pools: pools, at: now)
                if evidenceLog != nil {
                    weighed += candidates
                    history += crowds
                }
                action = machine.candidatesFetched(candidates, crowds: crowds)
            case .answer(.notFound):
                let text = String(decoding: try HTTPBody.encode(DeepLinkResultBody(status: .notFound, deepLink: nil)), as: UTF8.self)
                let stored = try await store.record(answer: text, appID: app.id, installID: installID, clickID: nil, install: nil)
                if stored == text {
                    evidenceLog?.record(installID: installID, fingerprint: fingerprint, candidates: weighed, history: history, answer: nil)
                }
                return stored
            case .answer(.found(let click, let type, let confidence)):
                let text = String(decoding: try HTTPBody.encode(found(click, type: type, confidence: confidence)), as: UTF8.self)
                let event = AppEvent(
                    appID: app.id, installID: installID, linkID: click.linkID, clickID: click.clickID, type: EventType.install.rawValue,
                    matchType: type.rawValue, time: now, confidence: confidence, variant: click.variant)
                if let stored = try await store.record(
                    answer: text, appID: app.id, installID: installID, takingClick: click.clickID, install: event)
                {
                    if type != .deterministic, stored == text {
                        evidenceLog?.record(
                            installID: installID, fingerprint: fingerprint, candidates: weighed, history: history, answer: click.clickID)
                    }
                    return stored
                }
                // Taken by another install meanwhile (a match always follows `.consume`).
                guard var before = taking else {
                    action = .answer(.notFound)
                    continue
                }
                action = before.consumed(false)
                machine = before
            }
        }
    }

    /// The pools' clicks, read at once (on PostgreSQL each on a pooled connection of its
    /// own), in the order of `pools`; then the crowds of a network that had any.
    private func candidates(appID: String, pools: [String], at now: Date) async throws -> ([PendingClick], [NetworkCrowd]) {
        let store = self.store
        let clicks = try await withThrowingTaskGroup(of: (Int, [PendingClick]).self) { group in
            for (index, pool) in pools.enumerated() {
                group.addTask { (index, try await store.pendingClicks(appID: appID, prefixKey: pool, at: now)) }
            }
            var clicks = [[PendingClick]](repeating: [], count: pools.count)
            for try await (index, read) in group { clicks[index] = read }
            return clicks
        }
        // A relay's pool has no addresses to have counted.
        var crowds: [NetworkCrowd] = []
        for (index, pool) in pools.enumerated() where !clicks[index].isEmpty && !VisitorNetwork.isRelayPool(pool) {
            crowds += try await store.networkCrowds(appID: appID, prefixKey: pool, at: now)
        }
        return (clicks.flatMap { $0 }, crowds)
    }

    /// A new user's app gets the content only (`DeferredContent`).
    private func found(_ click: PendingClick, type: MatchType, confidence: Double) -> DeepLinkResultBody {
        let content = DeferredContent(click.content)
        let app = directory.current.apps[click.appID]
        let host = app?.host(for: .primary) ?? app?.domains.first?.host ?? "localhost"
        let url = port.addressing.url(host: host, path: content.path, query: content.query)
        return DeepLinkResultBody(
            status: .found,
            deepLink: .init(
                url: url, path: content.path, deepLinkValue: click.content.deepLinkValue, deepLinkSubs: click.content.deepLinkSubs, isDeferred: true,
                matchType: type, confidence: confidence, clickID: click.clickID, clickEvent: content.event, variant: click.variant
            ))
    }

    /// The device's description, each field within `WireLimits`.
    static func signals(of body: DeferredRequest) throws -> DeviceSignals {
        let device = body.device
        for (name, value) in [("device.os_version", device.osVersion), ("device.model", device.model)] {
            if let value, value.unicodeScalars.count > WireLimits.deviceText {
                throw APIError.badRequest("'\(name)' is longer than \(WireLimits.deviceText) characters")
            }
        }
        if let version = body.appVersion, version.utf8.count > WireLimits.deviceText || AppVersion(version) == nil {
            throw APIError.badRequest("'app_version' must be a version like 5.2.0 or a version code like 520")
        }
        for (name, value) in [("install_referrer", body.installReferrer), ("pasteboard_token", body.pasteboardToken)] {
            if let value, value.unicodeScalars.count > WireLimits.linkText {
                throw APIError.badRequest("'\(name)' is longer than \(WireLimits.linkText) characters")
            }
        }
        return try DeviceInput.signals(
            width: device.screenWidth, height: device.screenHeight, scale: device.screenScale,
            timeZone: device.timeZone, languages: device.languages ?? [], field: "device.", dropImpossible: false
        )
    }

    private func fingerprint(_ body: DeferredRequest, signals: DeviceSignals, request: Request, context: SDKContext, now: Date) -> InstallFingerprint
    {
        let device = body.device
        let os: UserAgent.OS =
            switch device.os {
            case .ios: .ios
            case .android: .android
            }
        // The app's own requests are not relayed; if one comes from a relay, its address says nothing.
        let network = networkKeys.network(of: addresses.address(request, context))
        var install = InstallFingerprint(
            networkKey: network.addressKey, prefixKey: network.kind == .relay ? nil : network.poolKey, os: os, osVersion: device.osVersion,
            model: device.model, signals: signals, time: now)
        install.network = network.kind == .ipv6 ? .ipv6 : .ipv4
        install.playReferrerRead = os == .android && !(body.installReferrer ?? "").isEmpty
        return install
    }

    static func installID(_ text: String) throws -> String {
        guard WireLimits.installIDLength.contains(text.utf8.count),
            text.utf8.allSatisfy({ $0.isASCIIAlphanumeric || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: "_") })
        else {
            throw APIError.badRequest("'install_id' must be 8 to 128 letters, digits, '-' or '_'")
        }
        return text
    }

    static func json(_ text: String) -> Response {
        HTTPBody.json(data: Data(text.utf8))
    }
}
