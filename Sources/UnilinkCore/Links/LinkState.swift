/// A link's state in the dashboard and the API's `state` filter. An archived link still
/// answers its clicks; an expired one answers with its expiry rule.
public enum LinkState: String, Sendable, CaseIterable {
    case live, expired, archived
}
