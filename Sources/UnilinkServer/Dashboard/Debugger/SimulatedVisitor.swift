import Foundation
import UnilinkCore

/// What the debugger cannot read from a user agent and routing rules look at: the
/// visitor's country, languages and moment, as typed into its form. Empty fields are the
/// defaults: no country (as without a country database), English, now.
struct SimulatedVisitor: Sendable {
    var country = ""
    var languages = ""
    /// `YYYY-MM-DDTHH:MM`, UTC, as a `datetime-local` field sends it.
    var at = ""

    var place: VisitorPlace?
    var acceptLanguages = ["en"]
    var time = Date.now

    /// The fields as typed; a problem with one is named in `problems`, and that field keeps
    /// its default.
    init(country: String?, languages: String?, at: String?, now: Date = .now) {
        self.country = (country ?? "").trimmingCharacters(in: .whitespaces)
        self.languages = (languages ?? "").trimmingCharacters(in: .whitespaces)
        self.at = (at ?? "").trimmingCharacters(in: .whitespaces)
        time = now
        if !self.country.isEmpty {
            if let place = VisitorPlace(countryCode: self.country) {
                self.place = place
            } else {
                problems.append("'\(self.country)' is not an ISO 3166-1 country code like DE")
            }
        }
        if !self.languages.isEmpty {
            // Typed as an Accept-Language header, or a plain list: `de-DE, en;q=0.5`.
            acceptLanguages = Visit.languages(fromAcceptLanguage: self.languages)
            if acceptLanguages.isEmpty {
                acceptLanguages = ["en"]
                problems.append("'\(self.languages)' names no language")
            }
        }
        if !self.at.isEmpty {
            if let moment = Self.moment(self.at) {
                time = moment
            } else {
                problems.append("'\(self.at)' is not a UTC time like 2026-11-27T09:30")
            }
        }
    }

    var problems: [String] = []

    /// `2026-11-27T09:30` (seconds optional) in UTC.
    static func moment(_ text: String) -> Date? {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withFullDate, .withTime, .withColonSeparatorInTime, .withDashSeparatorInDate]
        formatter.timeZone = TimeZone(identifier: "UTC")
        return formatter.date(from: text.count == 16 ? text + ":00" : text)
    }
}
