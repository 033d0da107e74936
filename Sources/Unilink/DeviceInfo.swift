public import Foundation
public import UnilinkAPI

/// The platforms the server knows (`ios`, `android`), as the wire spells them.
public typealias AppPlatform = UnilinkAPI.AppPlatform

/// What the first launch tells the server for deferred matching. The SDK reads it from
/// the device on iOS; tests and other platforms pass their own.
public struct DeviceInfo: Sendable, Equatable {
    public var os: AppPlatform
    public var osVersion: String?
    /// `iPhone16,2`.
    public var model: String?
    /// Points (`UIScreen.bounds`), with `screenScale` points to pixels (`UIScreen.scale`).
    public var screenWidth: Int?
    public var screenHeight: Int?
    public var screenScale: Double?
    public var languages: [String]
    public var timeZone: String?
    public var appVersion: String?

    public init(
        os: AppPlatform = .ios, osVersion: String? = nil, model: String? = nil, screenWidth: Int? = nil, screenHeight: Int? = nil,
        screenScale: Double? = nil, languages: [String] = Locale.preferredLanguages, timeZone: String? = TimeZone.current.identifier,
        appVersion: String? = Bundle.main.infoDictionary?["CFBundleShortVersionString"] as? String
    ) {
        self.os = os
        self.osVersion = osVersion
        self.model = model
        self.screenWidth = screenWidth
        self.screenHeight = screenHeight
        self.screenScale = screenScale
        self.languages = languages
        self.timeZone = timeZone
        self.appVersion = appVersion
    }
}
