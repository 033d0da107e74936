/// An application identifier, `<Team ID>.<bundle ID>` (`ABCDE12345.com.example.app`).
public enum AppID {
    /// Team IDs are ten upper-case letters or digits; bundle IDs are reverse-DNS
    /// strings of letters, digits, `-` and `.`.
    public static func isValid(_ text: String) -> Bool {
        guard let dot = text.firstIndex(of: ".") else { return false }
        let team = text[..<dot]
        let bundle = text[text.index(after: dot)...]
        return isValidTeamID(String(team)) && isValidBundleID(String(bundle))
    }

    public static func isValidTeamID(_ text: String) -> Bool {
        text.utf8.count == 10 && text.utf8.allSatisfy { $0.isASCIIUpper || $0.isASCIIDigit }
    }

    public static func isValidBundleID(_ text: String) -> Bool {
        !text.isEmpty && !text.hasPrefix(".") && !text.hasSuffix(".") && !text.contains("..")
            && text.utf8.allSatisfy { $0.isASCIIUpper || $0.isASCIILower || $0.isASCIIDigit || $0 == UInt8(ascii: "-") || $0 == UInt8(ascii: ".") }
    }
}
