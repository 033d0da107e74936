public import Foundation

/// The time zones of the regions of countries that span several, for comparing a relayed
/// click's egress region (`US-CA` in Apple's `egress-ip-ranges.csv`) with the install's
/// time zone below the country. iCloud Private Relay gives an address in the user's region
/// ("maintain general location") or at least their country and time zone, so a region whose
/// clocks never read like the install's is another person's. States that straddle a zone
/// boundary list both zones. Countries not listed compare by country only.
public enum RegionTimeZones {
    /// Whether `region`'s clocks agree with `zone`'s at `time` (the same UTC offset); `nil`
    /// when the region is not known below its country, or when a zone cannot be read (an
    /// install's zone, or one of the table's that this system's time zone data lacks):
    /// unknown, never a disagreement.
    public static func agree(region: String, zone: String, at time: Date) -> Bool? {
        byRegion[region.uppercased()].flatMap { agree(zones: $0, zone: zone, at: time) }
    }

    /// Whether any of `zones` reads like `zone` at `time`; `nil` when one of them cannot be read.
    public static func agree(zones: [String], zone: String, at time: Date) -> Bool? {
        guard let installZone = TimeZone(identifier: zone) else { return nil }
        let offset = installZone.secondsFromGMT(for: time)
        var offsets: [Int] = []
        for name in zones {
            guard let regionZone = TimeZone(identifier: name) else { return nil }
            offsets.append(regionZone.secondsFromGMT(for: time))
        }
        return offsets.contains(offset)
    }

    private static let eastern = "America/New_York"
    private static let central = "America/Chicago"
    private static let mountain = "America/Denver"
    private static let arizona = "America/Phoenix"
    private static let pacific = "America/Los_Angeles"

    static let byRegion: [String: [String]] = {
        var table: [String: [String]] = [:]
        func add(_ codes: String, _ zones: [String]) {
            for code in codes.split(separator: " ") { table[String(code)] = zones }
        }
        // United States (ISO 3166-2:US).
        add("US-CT US-DE US-DC US-GA US-ME US-MD US-MA US-NH US-NJ US-NY US-NC US-OH US-PA US-RI US-SC US-VT US-VA US-WV", [eastern])
        add("US-FL US-IN US-KY US-MI US-TN", [eastern, central])
        add("US-AL US-AR US-IL US-IA US-LA US-MN US-MS US-MO US-OK US-WI", [central])
        add("US-TX US-KS US-NE US-SD US-ND", [central, mountain])
        add("US-CO US-MT US-NM US-UT US-WY", [mountain])
        add("US-ID US-OR US-NV", [mountain, pacific])
        add("US-AZ", [arizona, mountain])
        add("US-CA US-WA", [pacific])
        add("US-AK", ["America/Anchorage", "America/Adak"])
        add("US-HI", ["Pacific/Honolulu"])
        // Canada (ISO 3166-2:CA).
        add("CA-ON", ["America/Toronto", "America/Winnipeg"])
        add("CA-QC", ["America/Toronto", "America/Halifax"])
        add("CA-NS CA-NB CA-PE", ["America/Halifax"])
        add("CA-NL", ["America/St_Johns", "America/Halifax"])
        add("CA-MB", ["America/Winnipeg"])
        add("CA-SK", ["America/Regina", "America/Edmonton"])
        add("CA-AB", ["America/Edmonton"])
        add("CA-BC", ["America/Vancouver", "America/Edmonton"])
        add("CA-YT", ["America/Whitehorse"])
        add("CA-NT", ["America/Edmonton"])
        add("CA-NU", ["America/Iqaluit", "America/Winnipeg", "America/Edmonton"])
        // Australia (ISO 3166-2:AU).
        add("AU-NSW", ["Australia/Sydney", "Australia/Broken_Hill", "Australia/Lord_Howe"])
        add("AU-ACT", ["Australia/Sydney"])
        add("AU-VIC", ["Australia/Melbourne"])
        add("AU-QLD", ["Australia/Brisbane"])
        add("AU-SA", ["Australia/Adelaide"])
        add("AU-WA", ["Australia/Perth", "Australia/Eucla"])
        add("AU-TAS", ["Australia/Hobart"])
        add("AU-NT", ["Australia/Darwin"])
        return table
    }()
}
