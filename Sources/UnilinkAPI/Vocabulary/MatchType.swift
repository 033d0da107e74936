/// How a deferred answer found its click: named exactly (a token, the Play referrer),
/// matched confidently, or matched weakly (only when the SDK asks for weak matches).
public enum MatchType: String, WireEnum {
    case deterministic, probabilistic, weak
}
