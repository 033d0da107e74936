public import Foundation
import Synchronization
import UnilinkAPI

/// Receives every link event's result once.
public protocol UnilinkDelegate: AnyObject, Sendable {
    func unilink(_ unilink: Unilink, didResolveDeepLink result: DeepLinkResult)
}

/// The SDK: one entry point for universal links, short links, custom schemes and the
/// deferred link after install. Each link event gives one result, through the returned
/// value, the `results` stream and the delegate alike.
public final class Unilink: Sendable {
    public let configuration: UnilinkConfiguration
    public let router = LinkRouter()
    /// Every result, once per link event.
    public let results: AsyncStream<DeepLinkResult>

    private let client: APIClient
    private let decoder: LinkDecoder
    private let install: InstallState
    private let deviceInfo: @Sendable () async -> DeviceInfo
    private let continuation: AsyncStream<DeepLinkResult>.Continuation
    private let state = Mutex(State())

    private struct State {
        weak var delegate: (any UnilinkDelegate)?
        var consentGranted = false
        var consentWaiters: [CheckedContinuation<Void, Never>] = []
        var deferredTask: Task<DeepLinkResult, Never>?
        var lastEvent: (url: URL, time: ContinuousClock.Instant)?
        var lastResult: (url: URL, result: DeepLinkResult)?
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
        (results, continuation) = AsyncStream.makeStream(of: DeepLinkResult.self)
    }

    public var delegate: (any UnilinkDelegate)? {
        get { state.withLock { $0.delegate } }
        set { state.withLock { $0.delegate = newValue } }
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
    @discardableResult
    public func handle(url: URL) async -> DeepLinkResult {
        guard isNewEvent(url) else {
            // The same tap again: the answer it already got, not delivered a second time.
            return state.withLock { $0.lastResult?.url == url ? $0.lastResult?.result : nil } ?? DeepLinkResult(status: .notFound)
        }
        let kind = decoder.kind(of: url)
        let result = await resolve(url, kind: kind)
        state.withLock { $0.lastResult = (url, result) }
        return deliver(result)
    }

    private func resolve(_ url: URL, kind: LinkDecoder.Kind) async -> DeepLinkResult {
        guard kind != .foreign else { return .notFound }
        let local = decoder.decode(url)
        do {
            let answer = try await client.resolve(url, appVersion: await deviceInfo().appVersion)
            guard answer.status == "found", let link = answer.deepLink else { return .notFound }
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
        let task: Task<DeepLinkResult, Never> = state.withLock { state in
            if let running = state.deferredTask { return running }
            let task = Task { await self.runDeferredCheck(pasteboardToken: pasteboardToken, installReferrer: installReferrer) }
            state.deferredTask = task
            return task
        }
        return await task.value
    }

    /// The user agreed that the app may contact the network: a waiting deferred check goes on.
    public func grantNetworkConsent() {
        let waiters = state.withLock { state in
            state.consentGranted = true
            defer { state.consentWaiters = [] }
            return state.consentWaiters
        }
        for waiter in waiters { waiter.resume() }
    }

    /// Reports an open, install or custom event (best effort).
    public func record(event type: String, name: String? = nil, link: DeepLink? = nil, properties: [String: String] = [:]) async throws {
        try await client.event(EventRequest(
            installID: install.installID, type: type, name: name, clickID: link?.clickID, linkID: link?.clickEvent["link_id"], properties: properties
        ))
    }

    private func runDeferredCheck(pasteboardToken: String?, installReferrer: String?) async -> DeepLinkResult {
        if install.deferredChecked { return DeepLinkResult(status: .notFound) }
        await waitForConsent()
        let device = await deviceInfo()
        let request = DeferredRequest(
            installID: install.installID, appVersion: device.appVersion,
            device: .init(os: device.os, osVersion: device.osVersion, model: device.model, screenWidth: device.screenWidth,
                          screenHeight: device.screenHeight, screenScale: device.screenScale, languages: Array(device.languages.prefix(10)),
                          timeZone: device.timeZone),
            installReferrer: installReferrer, pasteboardToken: pasteboardToken,
            allowWeakMatch: configuration.acceptsWeakMatches ? true : nil
        )
        do {
            let answer = try await client.deferred(request)
            install.deferredChecked = true
            guard answer.status == "found", let link = answer.deepLink else { return deliver(.notFound) }
            return deliver(DeepLinkResult(status: .found, deepLink: Self.deepLink(link, fallbackURL: configuration.apiBaseURL)))
        } catch {
            state.withLock { $0.deferredTask = nil }
            return deliver(DeepLinkResult(status: .failure, error: error))
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

    /// iOS may hand one tap to both `continue(userActivity)` and `onOpenURL`: the same URL
    /// within two seconds is one event.
    private func isNewEvent(_ url: URL) -> Bool {
        let now = ContinuousClock.now
        return state.withLock { state in
            defer { state.lastEvent = (url, now) }
            guard let last = state.lastEvent else { return true }
            return !(last.url == url && now - last.time < .seconds(2))
        }
    }

    private func deliver(_ result: DeepLinkResult) -> DeepLinkResult {
        continuation.yield(result)
        delegate?.unilink(self, didResolveDeepLink: result)
        return result
    }

    static func deepLink(_ body: DeepLinkResultBody.DeepLink, fallbackURL: URL) -> DeepLink {
        DeepLink(
            url: URL(string: body.url) ?? fallbackURL, path: body.path, deepLinkValue: body.deepLinkValue, deepLinkSubs: body.deepLinkSubs,
            clickEvent: body.clickEvent, isDeferred: body.isDeferred,
            matchType: body.matchType.flatMap(DeepLink.MatchType.init(rawValue:)) ?? .direct, clickID: body.clickID,
            confidence: body.confidence, requiresUpdate: body.requiresUpdate ?? false, minAppVersion: body.minAppVersion,
            updateURL: body.storeURL.flatMap(URL.init(string:)), fallbackURL: body.fallbackURL.flatMap(URL.init(string:))
        )
    }
}
