/// Names Unilink puts in URLs, shared by the server, the SDKs and the page scripts.
public enum LinkParameterKey {
    /// Names the stored link a long URL stands for (`?ul_code=Ab3xK9p`).
    public static let code = "ul_code"
    /// Carries a preview page's click id to the alternate host, so the store redirect
    /// continues the same click.
    public static let click = "ul_click"
    /// A server-signed marker the sender adds for people known to have the app.
    public static let installed = "ul_installed"
    /// Carries a preview page's A/B variant to the alternate host with its click, where the
    /// link host's cookie is not sent.
    public static let variant = "ul_ab"
    /// Carries the short host's routing-rule decision to the alternate host with its click
    /// (`none`, a link's rule `3`, an app's default rule `app.3`): the query a rule read
    /// there is not on the button's URL.
    public static let rule = "ul_rule"
    /// Marks a link the server already handed out of an in-app browser (its escape to the
    /// system browser): a request carrying it is never sent out again, and continues the
    /// click named by `ul_click`.
    public static let escaped = "ul_escaped"
    /// The desktop answer's check found a touch screen on Safari's Mac string: an iPad
    /// asking for desktop sites, routed as one (with the click named by `ul_click`).
    public static let touch = "ul_touch"
    /// LINE's escape to the system browser (`openExternalBrowser=1`, in-app-browsers.json),
    /// which rides on the escaped URL: no parameter of the link.
    public static let lineExternalBrowser = "openExternalBrowser"
    /// The content parameters of a long link.
    public static let deepLinkValue = "deep_link_value"
    public static func deepLinkSub(_ index: Int) -> String { "deep_link_sub\(index)" }
    /// The pasteboard token's prefix (`unilink:<click id>`), which the preview page copies
    /// and the iOS SDK reads on first launch.
    public static let pasteboardPrefix = "unilink:"
}

extension LinkParameterKey {
    /// `deep_link_sub1` ... `deep_link_sub10` -> 1 ... 10; `nil` for any other name.
    public static func deepLinkSubIndex(_ name: String) -> Int? {
        let prefix = "deep_link_sub"
        guard name.hasPrefix(prefix), let index = Int(name.dropFirst(prefix.count)), (1...10).contains(index) else { return nil }
        return index
    }
}
