import Foundation

/// What an app's first launch says about its device that cannot be true: a screen of 0
/// points, a time zone no database knows, an iPhone's model on Android or an Android
/// model on iOS, a version that is no version, a language that is no tag. Each is dropped
/// before matching (it may never raise a match's confidence) and named, so the server can
/// count it; none is an error.
public enum InstallSignalCheck {
    public enum Ignored: String, Sendable, CaseIterable {
        case screen, timeZone = "time_zone", model, osVersion = "os_version", languages
    }

    /// Plausible screens, in points or pixels, and scales.
    static let screenSides = 100...20_000
    static let scales = 0.5...10.0

    public static func sanitize(_ install: inout InstallFingerprint) -> [Ignored] {
        var ignored = sanitize(&install.signals)
        if let model = install.model, !plausible(model: model, on: install.os) {
            install.model = nil
            ignored.append(.model)
        }
        if let version = install.osVersion, !plausible(version: version, on: install.os) {
            install.osVersion = nil
            ignored.append(.osVersion)
        }
        return ignored
    }

    /// The screen, zone and languages alone (a preview page's signals).
    public static func sanitize(_ signals: inout DeviceSignals) -> [Ignored] {
        var ignored: [Ignored] = []
        let original = signals
        let sides = [original.screenWidth, original.screenHeight]
        let screenKnown = sides.contains { $0 != nil } || original.screenScale != nil
        let screenSane =
            sides.allSatisfy { $0.map(screenSides.contains) ?? false } && (original.screenScale.map(scales.contains) ?? true)
        if screenKnown && !screenSane {
            signals.screenWidth = nil
            signals.screenHeight = nil
            signals.screenScale = nil
            ignored.append(.screen)
        }
        if let zone = original.timeZone, TimeZone(identifier: zone) == nil {
            signals.timeZone = nil
            ignored.append(.timeZone)
        }
        let tags = original.languages.filter(isLanguageTag)
        if tags.count != original.languages.count {
            signals.languages = tags
            ignored.append(.languages)
        }
        return ignored
    }

    /// Apple's model identifiers name the kind of device; Android's never do.
    static func plausible(model: String, on os: UserAgent.OS) -> Bool {
        let apple = ["iphone", "ipad", "ipod"].contains { model.lowercased().hasPrefix($0) }
        switch os {
        case .ios: return apple
        case .android: return !apple
        default: return true
        }
    }

    /// `18.1`, `18.1.1`, `14`: a major version the system has had or soon will.
    static func plausible(version: String, on os: UserAgent.OS) -> Bool {
        let parts = version.split(separator: ".", omittingEmptySubsequences: false)
        guard (1...4).contains(parts.count),
            parts.allSatisfy({ !$0.isEmpty && $0.count <= 4 && $0.allSatisfy(\.isASCII) && $0.allSatisfy(\.isNumber) }),
            let major = Int(parts[0])
        else { return false }
        switch os {
        case .ios: return (9...40).contains(major)
        case .android: return (4...30).contains(major)
        default: return true
        }
    }

    /// BCP 47's shape: a 2-3 letter language, then subtags of letters and digits.
    static func isLanguageTag(_ tag: String) -> Bool {
        let parts = tag.split(whereSeparator: { $0 == "-" || $0 == "_" })
        guard let language = parts.first, (2...3).contains(language.count), language.allSatisfy({ $0.isASCII && $0.isLetter }) else { return false }
        return parts.dropFirst().allSatisfy { (1...8).contains($0.count) && $0.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber) } }
    }
}
