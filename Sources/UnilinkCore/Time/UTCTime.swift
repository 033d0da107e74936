/// `2026-11-23T14:02:11.123Z` from milliseconds since 1970, without a formatter: an
/// export writes millions.
public enum UTCTime {
    public static func text(millisecondsSince1970 milliseconds: Int64) -> String {
        let seconds = milliseconds >= 0 ? milliseconds / 1000 : (milliseconds - 999) / 1000
        let day = seconds >= 0 ? seconds / 86_400 : (seconds - 86_399) / 86_400
        let civil = CivilDay(daysSince1970: day)
        let inDay = seconds - day * 86_400
        return pad(civil.year, 4) + "-" + pad(civil.month, 2) + "-" + pad(civil.day, 2) + "T" + pad(inDay / 3600, 2) + ":"
            + pad(inDay / 60 % 60, 2) + ":" + pad(inDay % 60, 2) + "." + pad(milliseconds - seconds * 1000, 3) + "Z"
    }

    private static func pad(_ value: Int64, _ width: Int) -> String {
        let digits = String(value)
        return digits.count >= width ? digits : String(repeating: "0", count: width - digits.count) + digits
    }
}
