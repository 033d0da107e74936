import Foundation
import UnilinkAPI

#if canImport(UIKit)
    import UIKit
#endif

extension Unilink {
    /// The running device, for deferred matching: model identifier, OS version, screen
    /// in points with its scale (what Safari's `screen.width` and `devicePixelRatio` report,
    /// Display Zoom included), languages and time zone. Elsewhere than iOS, what Foundation knows.
    @Sendable
    public static func currentDevice() async -> DeviceInfo {
        #if canImport(UIKit) && !os(watchOS)
            return await MainActor.run {
                // Not nativeBounds/nativeScale: a mini, a Plus or a zoomed display renders at a
                // scale other than its panel's, and only the points agree with the page.
                let screen = UIScreen.main.bounds
                return DeviceInfo(
                    os: .ios, osVersion: UIDevice.current.systemVersion, model: modelIdentifier(),
                    screenWidth: Int(screen.width), screenHeight: Int(screen.height), screenScale: Double(UIScreen.main.scale)
                )
            }
        #else
            let version = ProcessInfo.processInfo.operatingSystemVersion
            return DeviceInfo(os: .ios, osVersion: "\(version.majorVersion).\(version.minorVersion)")
        #endif
    }

    /// `iPhone16,2`: the hardware identifier, which `UIDevice.model` ("iPhone") is not.
    static func modelIdentifier() -> String? {
        var info = utsname()
        uname(&info)
        let identifier = withUnsafeBytes(of: &info.machine) { bytes in
            String(decoding: bytes.prefix { $0 != 0 }, as: UTF8.self)
        }
        return identifier.isEmpty ? nil : identifier
    }
}
