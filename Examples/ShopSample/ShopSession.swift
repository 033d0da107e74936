public import Foundation
public import Unilink

/// A sample app's link handling as a team would write it, against the SDK's public API
/// only: routes to screens, the deferred link on first launch after consent, events,
/// OAuth callbacks passing through. The UIKit shell around it is in
/// `ShopSample+UIKit.swift`; on Linux a stub stands in for it.
@MainActor
public final class ShopSession: UnilinkDelegate {
    public enum Screen: Equatable, Sendable {
        case home, profile(Int), product(String), update(URL), web(URL)
    }

    public let unilink: Unilink
    public private(set) var screen: Screen = .home
    /// URLs another part of the app (sign-in) must handle.
    public private(set) var passedOn: [URL] = []

    public init(unilink: Unilink) {
        self.unilink = unilink
        unilink.delegate = self
        unilink.router.register("/u/:id") { [weak self] match in
            guard let id = match.int("id") else { return }
            self?.screen = .profile(id)
        }
        unilink.router.register("/p/:slug") { [weak self] match in
            self?.screen = .product(match.string("slug") ?? "")
        }
        unilink.start()
    }

    /// The privacy screen's "Continue": the deferred check may now use the network.
    public func userAgreedToPrivacyNotice() {
        unilink.grantNetworkConsent()
    }

    /// Every URL the system hands the app.
    public func open(_ url: URL) async {
        let result = await unilink.handle(url: url)
        if result.status == .ignored { passedOn.append(url) }
    }

    public func unilink(_ unilink: Unilink, didResolveDeepLink result: DeepLinkResult) {
        guard result.status == .found, let link = result.deepLink else { return }
        if link.requiresUpdate, let store = link.updateURL {
            screen = .update(store)
            return
        }
        if !unilink.router.route(link), let web = link.fallbackURL {
            screen = .web(web)
        }
        Task { try? await unilink.record(link.isDeferred ? .install : .open, link: link) }
    }

    /// Text the user pasted on the first screen (iOS 15; iOS 16 uses the paste control).
    public func userPasted(_ text: String) async {
        guard let token = UnilinkPasteboard.token(in: text) else { return }
        await unilink.checkDeferredDeepLink(pasteboardToken: token)
    }
}
