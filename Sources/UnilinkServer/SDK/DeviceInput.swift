import UnilinkAPI
import UnilinkCore

/// Range checks shared by the page's signals and the SDK's device description.
enum DeviceInput {
    /// `dropImpossible`: leave out what cannot be a phone's (`InstallSignalCheck`), for the
    /// page's signals; the SDK's are checked, and counted, with the rest of the install.
    static func signals(
        width: Int?, height: Int?, scale: Double?, timeZone: String?, languages: [String], field: String, dropImpossible: Bool
    ) throws -> DeviceSignals {
        for (name, value) in [("screen_width", width), ("screen_height", height)] {
            if let value, !WireLimits.screenPoints.contains(value) { throw APIError.badRequest("'\(field)\(name)' must be between 0 and 20000") }
        }
        if let scale, !WireLimits.screenScale.contains(scale) { throw APIError.badRequest("'\(field)screen_scale' must be between 0.5 and 10") }
        if let timeZone {
            guard WireLimits.timeZoneLength.contains(timeZone.utf8.count),
                timeZone.utf8.allSatisfy({ $0.isASCIIAlphanumeric || "/_+-".utf8.contains($0) })
            else {
                throw APIError.badRequest("'\(field)time_zone' must be an IANA time zone name like Europe/Berlin")
            }
        }
        guard languages.count <= WireLimits.languages, languages.allSatisfy({ WireLimits.languageLength.contains($0.unicodeScalars.count) }) else {
            throw APIError.badRequest("'\(field)languages' takes at most 10 language tags of up to 35 characters")
        }
        var signals = DeviceSignals(screenWidth: width, screenHeight: height, screenScale: scale, timeZone: timeZone, languages: languages)
        if dropImpossible { _ = InstallSignalCheck.sanitize(&signals) }
        return signals
    }
}
