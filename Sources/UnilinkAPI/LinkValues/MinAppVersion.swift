/// The oldest app version that can open a link's content, per platform (`5.2.0`, or an
/// Android version code like `520`); older apps get the web page or an update prompt.
public struct MinAppVersion: Codable, Sendable, Equatable {
    public var ios: String?
    public var android: String?

    public init(ios: String? = nil, android: String? = nil) {
        self.ios = ios
        self.android = android
    }
}
