public import Foundation
import UnilinkAPI

/// Receives every link event's result once, on the main actor: a view controller or an
/// `@MainActor` model conforms as it is.
@MainActor
public protocol UnilinkDelegate: AnyObject {
    func unilink(_ unilink: Unilink, didResolveDeepLink result: DeepLinkResult)
}

/// The SDK: one entry point for universal links, short links, custom schemes and the
/// deferred link after install. Each link event gives one result, through the returned
/// value, every `results` stream and the delegate alike.
public final class Unilink: Sendable {
    public let configuration: UnilinkConfiguration
    public let router = LinkRouter()
    /// Told of every result, on the main actor.
    @MainActor public weak var delegate: (any UnilinkDelegate)?

    private let client: APIClient
    private let decoder: LinkDecoder
    private let install: InstallState
    private let deviceInfo: @Sendable () async -> DeviceInfo
    private let state = Locked(State())
    private let subscribers = Locked([UUID: AsyncStream<DeepLinkResult>.Continuation]())

    private struct State {
        var consentGranted = false
        var consentWaiters: [CheckedContinuation<Void, Never>] = []
        /// The deferred check asked for (the first ask's tokens), from the ask until it has run.
        var deferredAsk: DeferredAsk?
        /// The deferred check running or run: the only work of this object that outlives a
        /// call, and it exists only once the network may be used.
        var deferredTask: Task<DeepLinkResult, Never>?
        /// The last link event: its URL, when it arrived or was answered (seconds of system
        /// uptime, monotonic), and its resolution, which a repeat awaits instead of asking again.
        var lastEvent: (url: URL, time: TimeInterval, task: Task<DeepLinkResult, Never>)?
    }

    /// - Parameters:
    ///   - transport: HTTP (URLSession by default).
    ///   - storage: where the install id and the first-launch flag live (UserDefaults by default).
    ///   - deviceInfo: the device's description for deferred matching (read from the device on iOS).
    public init(
        configuration: UnilinkConfiguration, transport: any UnilinkTransport = URLSessionTransport(),
        storage: any UnilinkKeyValueStore = UserDefaultsStorage(), deviceInfo: (@Sendable () async -> DeviceInfo)? = nil
    ) {
        self.configuration = configuration
        client = APIClient(configuration: configuration, transport: transport)
        decoder = LinkDecoder(configuration: configuration)
        install = InstallState(storage: storage)
        self.deviceInfo = deviceInfo ?? { await Unilink.currentDevice() }
    }

    /// Every result from now on, once per link event. Each access is a stream of its own,
    /// so two windows (or a view model and an analytics hook) each see every result.
    public var results: AsyncStream<DeepLinkResult> {
        let (stream, continuation) = AsyncStream.makeStream(of: DeepLinkResult.self)
        let id = UUID()
        subscribers.withLock { $0[id] = continuation }
        continuation.onTermination = { [subscribers] _ in subscribers.withLock { _ = $0.removeValue(forKey: id) } }
        return stream
    }

    /// Call once at launch, as AppsFlyer's `start()` and Branch's `initSession`: on the
    /// first launch after install it runs the deferred check (waiting for
    /// `grantNetworkConsent()` when configured) and delivers its result like any other.
    public func start() {
        guard configuration.checksDeferredOnStart, !install.deferredChecked else { return }
        _ = deferredCheck(DeferredAsk(pasteboardToken: nil, installReferrer: nil))
    }

    /// The random id of this install, sent with deferred checks and events.
    public var installID: String { install.installID }

    /// Whether a URL is one of the app's links that a registered route can show.
    public func canOpen(url: URL) -> Bool {
        switch decoder.kind(of: url) {
        case .foreign: return false
        case .short: return true
        case .long, .scheme: return decoder.decode(url).map { router.match(path: $0.path) != nil } ?? false
        }
    }

    /// The link as the URL alone tells it, at once and offline (`isProvisional`): show
    /// the screen's skeleton while `handle(url:)` confirms it.
    public func decodeLocally(_ url: URL) -> DeepLink? {
        decoder.decode(url)
    }

    /// A universal link or scheme URL the app was opened with. Short links take one call
    /// to the server; long links are decoded on the device and confirmed by the server,
    /// and stay usable if the server cannot be reached.
    /// A URL that is not one of the app's (another host or scheme) answers `.ignored` at
    /// once, without the network or the delegate, so OAuth callbacks pass through.
    @discardableResult
    public func handle(url: URL) async -> DeepLinkResult {
        guard decoder.kind(of: url) != .foreign else { return .ignored }
        let now = ProcessInfo.processInfo.systemUptime
        let (task, isNew) = state.withLock { state -> (Task<DeepLinkResult, Never>, Bool) in
            // iOS may hand one tap to both `continue(userActivity)` and `onOpenURL`: the same URL
            // within two seconds of the last one's arrival or answer is that event again.
            if let last = state.lastEvent, last.url == url, now - last.time < 2 { return (last.task, false) }
            let task = Task { await self.resolve(url) }
            state.lastEvent = (url, now, task)
            return (task, true)
        }
        let result = await task.value
        guard isNew else { return result }
        await deliver(result)
        let delivered = ProcessInfo.processInfo.systemUptime
        state.withLock { state in
            if state.lastEvent?.url == url { state.lastEvent?.time = delivered }
        }
        return result
    }

    private func resolve(_ url: URL) async -> DeepLinkResult {
        let local = decoder.decode(url)
        do {
            let answer = try await client.resolve(url, appVersion: await deviceInfo().appVersion)
            guard answer.status == .found, let link = answer.deepLink else { return .notFound }
            return DeepLinkResult(status: .found, deepLink: Self.deepLink(link, fallbackURL: url))
        } catch {
            if let local { return DeepLinkResult(status: .found, deepLink: local, error: error) }
            return DeepLinkResult(status: .failure, error: error)
        }
    }

    /// On the first launch after install: the link the user tapped before installing.
    /// Asks the server once per install (a failed call is retried, and tried again on the
    /// next launch); later calls give `notFound` without a network call. Waits for
    /// `grantNetworkConsent()` when the configuration says so.
    @discardableResult
    public func checkDeferredDeepLink(pasteboardToken: String? = nil, installReferrer: String? = nil) async -> DeepLinkResult {
        await deferredCheck(DeferredAsk(pasteboardToken: pasteboardToken, installReferrer: installReferrer)).value
    }

    /// The user agreed that the app may contact the network: a waiting deferred check goes on.
    public func grantNetworkConsent() {
        let waiters = state.withLock { state in
            state.consentGranted = true
            if state.deferredAsk != nil, state.deferredTask == nil { runDeferredCheck(&state) }
            defer { state.consentWaiters = [] }
            return state.consentWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// What a deferred check was asked with.
    struct DeferredAsk: Sendable {
        var pasteboardToken: String?
        var installReferrer: String?
    }

    /// Asks for the deferred check at once and returns its result to come: the check runs
    /// now, or when `grantNetworkConsent()` is called if the configuration waits for it. The
    /// first ask's tokens are the ones sent; later asks share its result.
    func deferredCheck(_ ask: DeferredAsk) -> Task<DeepLinkResult, Never> {
        let running: Task<DeepLinkResult, Never>? = state.withLock { state in
            if let task = state.deferredTask { return task }
            if state.deferredAsk == nil { state.deferredAsk = ask }
            return configuration.waitsForConsent && !state.consentGranted ? nil : runDeferredCheck(&state)
        }
        if let running { return running }
        return Task {
            await waitForConsent()
            return await deferredCheck(ask).value
        }
    }

    /// The deferred check running or run; `nil` until one may use the network. The only work
    /// of this object that may send a request after the call that began it has returned
    /// (`handle(url:)` and `record` send theirs before they return): tests await it before
    /// asserting that nothing more was sent.
    var runningDeferredCheck: Task<DeepLinkResult, Never>? {
        state.withLock { $0.deferredTask }
    }

    /// Reports an install, an open or a custom event, for the numbers of `link` (the link
    /// that led here, if any).
    public func record(_ event: UnilinkEvent, link: DeepLink? = nil) async throws {
        try await client.event(
            EventRequest(
                installID: install.installID, type: event.type, name: event.name, clickID: link?.clickID, linkID: link?.clickEvent["link_id"],
                properties: event.properties
            ))
    }

    @discardableResult
    private func runDeferredCheck(_ state: inout State) -> Task<DeepLinkResult, Never> {
        let ask = state.deferredAsk ?? DeferredAsk()
        let task = Task { await self.sendDeferredCheck(pasteboardToken: ask.pasteboardToken, installReferrer: ask.installReferrer) }
        state.deferredTask = task
        return task
    }

    private func sendDeferredCheck(pasteboardToken: String?, installReferrer: String?) async -> DeepLinkResult {
        if install.deferredChecked { return DeepLinkResult(status: .notFound) }
        let device = await deviceInfo()
        let request = DeferredRequest(
            installID: install.installID, appVersion: device.appVersion,
            device: .init(
                os: device.os, osVersion: device.osVersion, model: device.model, screenWidth: device.screenWidth,
                screenHeight: device.screenHeight, screenScale: device.screenScale, languages: Array(device.languages.prefix(10)),
                timeZone: device.timeZone),
            installReferrer: installReferrer, pasteboardToken: pasteboardToken,
            allowWeakMatch: configuration.acceptsWeakMatches ? true : nil
        )
        do {
            let answer = try await client.deferred(request)
            install.deferredChecked = true
            // An app that did not ask for weak matches never gets one, whatever the server answers.
            guard answer.status == .found, let link = answer.deepLink, link.matchType != .weak || configuration.acceptsWeakMatches else {
                return await deliver(.notFound)
            }
            return await deliver(DeepLinkResult(status: .found, deepLink: Self.deepLink(link, fallbackURL: configuration.apiBaseURL)))
        } catch {
            state.withLock { state in
                state.deferredTask = nil
                state.deferredAsk = nil
            }
            return await deliver(DeepLinkResult(status: .failure, error: error))
        }
    }

    private func waitForConsent() async {
        guard configuration.waitsForConsent else { return }
        await withCheckedContinuation { (waiter: CheckedContinuation<Void, Never>) in
            let granted = state.withLock { state in
                if !state.consentGranted { state.consentWaiters.append(waiter) }
                return state.consentGranted
            }
            if granted { waiter.resume() }
        }
    }

    /// To every stream, then to the delegate on the main actor; returns after both, so
    /// results arrive in the order of their events.
    @discardableResult
    private func deliver(_ result: DeepLinkResult) async -> DeepLinkResult {
        for continuation in subscribers.withLock({ Array($0.values) }) { continuation.yield(result) }
        await MainActor.run { delegate?.unilink(self, didResolveDeepLink: result) }
        return result
    }

    static func deepLink(_ body: DeepLinkResultBody.DeepLink, fallbackURL: URL) -> DeepLink {
        DeepLink(
            url: URL(string: body.url) ?? fallbackURL, path: body.path, deepLinkValue: body.deepLinkValue, deepLinkSubs: body.deepLinkSubs,
            clickEvent: body.clickEvent, isDeferred: body.isDeferred,
            matchType: DeepLink.MatchType(body.matchType), clickID: body.clickID,
            confidence: body.confidence, requiresUpdate: body.requiresUpdate ?? false, minAppVersion: body.minAppVersion,
            updateURL: body.storeURL.flatMap(URL.init(string:)), fallbackURL: body.fallbackURL.flatMap(URL.init(string:))
        )
    }
}
