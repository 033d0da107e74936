/// The numbers behind `DeferredMatcher`: natural logs of likelihood ratios (how much
/// likelier each observation is when the install came from the click than when it is an
/// organic install on the same network), and the prior. Tuned on
/// `Benchmarks/deferred_accuracy.py`'s population; the defaults keep precision at or
/// above 0.99 there at the default threshold.
public struct DeferredMatchModel: Sendable, Equatable {
    /// Odds, per candidate click on the install's network, that the install came from it
    /// rather than from no click. Most installs are organic.
    public var priorOdds = 0.2
    /// Same address: people keep their address for the hour, but so does everyone behind a
    /// carrier NAT or on the family Wi-Fi.
    public var sameAddress = 0.9
    /// Only the /24 or /48: a renewed lease, or a neighbour.
    public var samePrefix = -1.2
    /// iOS/Android major.minor agreeing (a handful of versions cover most phones).
    public var osVersion = 1.4
    /// The hardware model agreeing (Android User-Agents name it).
    public var hardwareModel = 2.5
    /// Screen points and scale agreeing (a dozen sizes cover most iPhones).
    public var screen = 1.6
    /// A screen read by Safari 26+ (Advanced Fingerprinting Protection reports fixed window
    /// metrics): agreement says little, disagreement is expected.
    public var maskedScreenAgrees = 0.3
    public var maskedScreenDiffers = -0.3
    /// Time zones agree on one network nearly always: little evidence either way.
    public var timeZone = 0.2
    public var language = 0.4
    /// The page's whole language list equal to the app's.
    public var languageList = 0.6
    public var languageDiffers = -1.5
    /// Share of click-driven installs that open the app soon after the click, and how
    /// soon (minutes, exponential); the rest come at any time in the window.
    public var promptInstallShare = 0.6
    public var promptInstallMinutes = 10.0
    /// Below this posterior nothing is answered, not even a weak match.
    public var weakFloor = 0.5

    /// `min_match_confidence` when an app does not set one.
    public static let defaultThreshold = 0.9

    public init() {}
}
