#if canImport(UIKit) && !os(watchOS)
    public import UIKit

    extension Unilink {
        /// For `application(_:continue:restorationHandler:)` and `scene(_:continue:)`: returns
        /// `false` for links this app cannot show, so iOS opens them in Safari (and the
        /// server shows the web page); handles the rest.
        @discardableResult
        public func `continue`(_ userActivity: NSUserActivity) -> Bool {
            guard userActivity.activityType == NSUserActivityTypeBrowsingWeb, let url = userActivity.webpageURL, canOpen(url: url) else {
                return false
            }
            Task { await handle(url: url) }
            return true
        }

        /// For `application(_:open:options:)` and `scene(_:openURLContexts:)`: the app's
        /// custom scheme and its universal links.
        @discardableResult
        public func handleOpen(_ url: URL, options: [UIApplication.OpenURLOptionsKey: Any] = [:]) -> Bool {
            guard canOpen(url: url) else { return false }
            Task { await handle(url: url) }
            return true
        }

        /// Opens another app's link: with `universalLinksOnly`, only if an installed app
        /// claims it (returns `false` instead of opening Safari), for app-to-app hand-offs.
        @MainActor
        @discardableResult
        public func open(_ url: URL, universalLinksOnly: Bool) async -> Bool {
            await UIApplication.shared.open(url, options: universalLinksOnly ? [.universalLinksOnly: true] : [:])
        }
    }

    /// The paste control (iOS 16+): the user taps it to hand the preview page's token over,
    /// without the "Allow Paste" prompt, and the deferred check runs with it.
    @available(iOS 16.0, *)
    @MainActor
    public final class UnilinkPasteTarget: UIView {
        private let unilink: Unilink
        private let onResult: @MainActor (DeepLinkResult) -> Void

        /// Put `control` where the user sees it (e.g. on a "Continue where you left off" card).
        public private(set) lazy var control: UIPasteControl = {
            let configuration = UIPasteControl.Configuration()
            configuration.displayMode = .iconAndLabel
            let control = UIPasteControl(configuration: configuration)
            control.target = self
            return control
        }()

        public init(unilink: Unilink, onResult: @escaping @MainActor (DeepLinkResult) -> Void) {
            self.unilink = unilink
            self.onResult = onResult
            super.init(frame: .zero)
            pasteConfiguration = UIPasteConfiguration(forAccepting: String.self)
        }

        @available(*, unavailable)
        required init?(coder: NSCoder) { fatalError("init(coder:) is not supported") }

        override public func paste(itemProviders: [NSItemProvider]) {
            guard let provider = itemProviders.first(where: { $0.canLoadObject(ofClass: String.self) }) else { return }
            _ = provider.loadObject(ofClass: String.self) { [unilink, onResult] text, _ in
                guard let text, let token = UnilinkPasteboard.token(in: text) else { return }
                Task { @MainActor in onResult(await unilink.checkDeferredDeepLink(pasteboardToken: token)) }
            }
        }
    }

    extension UnilinkPasteboard {
        /// Whether the pasteboard holds text at all (iOS does not ask the user for this).
        @MainActor
        public static var mayHoldToken: Bool { UIPasteboard.general.hasStrings }
    }
#endif

#if canImport(SwiftUI) && canImport(UIKit) && !os(watchOS)
    public import SwiftUI

    /// SwiftUI's paste button (iOS 16+) for the preview page's token: one tap, no prompt.
    /// Apps that show it set `checksDeferredOnStart = false` and call
    /// `checkDeferredDeepLink()` themselves when the user skips it.
    @available(iOS 16.0, *)
    public struct UnilinkPasteButton: View {
        private let unilink: Unilink
        private let onResult: @MainActor (DeepLinkResult) -> Void

        public init(unilink: Unilink, onResult: @escaping @MainActor (DeepLinkResult) -> Void) {
            self.unilink = unilink
            self.onResult = onResult
        }

        public var body: some View {
            PasteButton(payloadType: String.self) { strings in
                guard let token = strings.lazy.compactMap(UnilinkPasteboard.token(in:)).first else { return }
                Task { @MainActor in onResult(await unilink.checkDeferredDeepLink(pasteboardToken: token)) }
            }
        }
    }

    extension View {
        /// Hands every opened URL and universal-link activity to Unilink:
        /// `.unilink(sdk)` on the root view replaces `.onOpenURL` and `.onContinueUserActivity`.
        public func unilink(_ unilink: Unilink) -> some View {
            onOpenURL { url in
                Task { await unilink.handle(url: url) }
            }
            .onContinueUserActivity(NSUserActivityTypeBrowsingWeb) { activity in
                _ = unilink.continue(activity)
            }
        }
    }
#endif
