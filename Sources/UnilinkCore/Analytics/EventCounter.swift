/// The type an event is counted under: `install`, `open`, and a custom event by its own
/// name (`custom:purchase`), so numbers can tell a purchase from a sign-up.
public enum EventCounter {
    public static let customPrefix = "custom:"

    public static func type(_ type: String, name: String?) -> String {
        type == "custom" ? customPrefix + (name ?? "") : type
    }

    /// A custom event's name, from the type it is counted under.
    public static func customName(_ counted: String) -> String? {
        counted.hasPrefix(customPrefix) ? String(counted.dropFirst(customPrefix.count)) : nil
    }
}
