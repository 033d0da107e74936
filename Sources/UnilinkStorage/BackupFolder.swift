public import Foundation

/// Backups kept in a folder of their own: each named after the moment it was taken (UTC, to
/// the millisecond, so names sort as times do), the oldest removed past a number to keep.
/// Only files named that way are ever removed.
public enum BackupFolder {
    static let prefix = "unilink-"
    static let suffix = ".sqlite"

    /// `unilink-2026-11-26T03-30-00.123Z.sqlite` for a backup taken at `moment`.
    public static func name(at moment: Date) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = TimeZone(identifier: "UTC")!
        let total = Int64((moment.timeIntervalSince1970 * 1_000).rounded())
        let milliseconds = Int(total % 1_000)
        let parts = calendar.dateComponents(
            [.year, .month, .day, .hour, .minute, .second], from: Date(timeIntervalSince1970: Double(total / 1_000)))
        let date = String(format: "%04d-%02d-%02d", parts.year ?? 0, parts.month ?? 0, parts.day ?? 0)
        let time = String(format: "%02d-%02d-%02d.%03d", parts.hour ?? 0, parts.minute ?? 0, parts.second ?? 0, milliseconds)
        return "\(prefix)\(date)T\(time)Z\(suffix)"
    }

    /// Whether `name` is one `name(at:)` makes.
    public static func isBackup(_ name: String) -> Bool {
        name.wholeMatch(of: /unilink-\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z\.sqlite/) != nil
    }

    /// Of the files in a folder, the backups to remove so that `taken` (the one just made)
    /// and the newest others, `keep` in all, remain. `taken` stays whatever the other names
    /// say (a clock set back, files from a machine whose clock ran ahead).
    public static func expired(_ names: [String], keep: Int, taken: String) -> [String] {
        let others = names.filter { isBackup($0) && $0 != taken }.sorted()
        return Array(others.dropLast(max(keep - 1, 0)))
    }
}
