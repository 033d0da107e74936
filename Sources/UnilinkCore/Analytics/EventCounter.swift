/// The type an event is counted under: `install`, `open`, and a custom event by its own
/// name (`custom:purchase`), so numbers can tell a purchase from a sign-up.
public enum EventCounter {
    public static let customPrefix = "custom:"

    public static func type(_ type: String, name: String?) -> String {
        type == "custom" ? customPrefix + (name ?? "") : type
    }

    /// What custom events counted before names were counted are shown as.
    public static let unnamed = "(no name)"

    /// A custom event's name, from the type it is counted under.
    public static func customName(_ counted: String) -> String? {
        if counted == "custom" { return unnamed }
        return counted.hasPrefix(customPrefix) ? String(counted.dropFirst(customPrefix.count)) : nil
    }
}
