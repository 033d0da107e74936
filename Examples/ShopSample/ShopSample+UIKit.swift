#if canImport(UIKit)
    import Unilink
    import UIKit

    /// The UIKit shell: universal links, the custom scheme, and the paste control on iOS 16.
    @MainActor
    public final class ShopSceneDelegate: UIResponder, UIWindowSceneDelegate {
        public var window: UIWindow?
        static let session = ShopSession(
            unilink: Unilink(
                configuration: UnilinkConfiguration(
                    publishableKey: "pk_...", apiBaseURL: URL(string: "https://link.example.com")!,
                    linkHosts: ["link.example.com", "open.example.com", "exm.pl"], schemes: ["shop"], waitsForConsent: true
                )))

        public func scene(_ scene: UIScene, willConnectTo session: UISceneSession, options connectionOptions: UIScene.ConnectionOptions) {
            for activity in connectionOptions.userActivities { Self.session.unilink.continue(activity) }
            for context in connectionOptions.urlContexts { Task { await Self.session.open(context.url) } }
            if #available(iOS 16.0, *) {
                let paste = UnilinkPasteTarget(unilink: Self.session.unilink) { _ in }
                window?.rootViewController?.view.addSubview(paste.control)
            }
        }

        public func scene(_ scene: UIScene, continue userActivity: NSUserActivity) {
            Self.session.unilink.continue(userActivity)
        }

        public func scene(_ scene: UIScene, openURLContexts contexts: Set<UIOpenURLContext>) {
            for context in contexts { Task { await Self.session.open(context.url) } }
        }
    }
#else
    /// Linux has no UIKit: the shell is a stub, so the session above still compiles and runs
    /// in `swift test`.
    public enum ShopShell {
        public static let platform = "no UIKit: the scene delegate is not compiled here"
    }
#endif
