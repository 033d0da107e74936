package dev.unilink.core;

/** How a link reached the app: the iOS SDK's {@code DeepLink.MatchType}. */
public enum MatchType {
    /** The app was opened by the link itself (App Link, scheme, short link). */
    DIRECT,
    /** Deferred, from the click id (the Play Install Referrer). */
    DETERMINISTIC,
    /** Deferred, from comparing the click with the first launch: at least the app's {@code min_match_confidence}. */
    PROBABILISTIC,
    /** Deferred, plausible but below the app's threshold; only when the configuration accepts weak matches. */
    WEAK;

    /** The server's {@code match_type}; none is a link the app was opened with. */
    static MatchType fromWire(String value) throws UnilinkError {
        if (value == null) {
            return DIRECT;
        }
        switch (value) {
            case "deterministic":
                return DETERMINISTIC;
            case "probabilistic":
                return PROBABILISTIC;
            case "weak":
                return WEAK;
            default:
                throw UnilinkError.undecodable("unknown match_type \"" + value + "\"");
        }
    }
}
