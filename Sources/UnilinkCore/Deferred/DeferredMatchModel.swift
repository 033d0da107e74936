/// The numbers behind `DeferredMatcher`: natural logs of likelihood ratios (how much
/// likelier each observation is when the install came from the click than when it is an
/// organic install on the same network), and the prior. Set by hand against
/// `Benchmarks/deferred_accuracy.py`'s population: there, at the default threshold, they
/// give a wrong link in about 3 answers of 100 (0.969 precision, 0.434 recall); fitting
/// them to data is still to do.
public struct DeferredMatchModel: Sendable, Equatable {
    /// Odds, per candidate click on the install's network, that the install came from it
    /// rather than from no click, for a click alone on its network; divided by the crowd
    /// (how many clicks the network had in the window). Most installs are organic.
    public var priorOdds = 0.25
    /// At most this many clicks on one address (or IPv6 /64) in the window: a household.
    /// More is a carrier NAT, an office or a café: strangers, whose address says nothing
    /// beyond the network itself.
    public var householdClicks = 3
    /// Same IPv4 address in a household: people keep their address for the hour, but so
    /// does everyone on the family Wi-Fi.
    public var sameAddress = 0.9
    /// Only the IPv4 /24: a renewed lease, or a neighbour.
    public var samePrefix = -1.2
    /// Same IPv6 /64: one phone on a carrier, or one household's LAN, whatever the privacy
    /// address of the moment.
    public var sameIPv6Network = 1.0
    /// Same IPv6 /56 only: the household's other LAN, or the phone's next prefix.
    public var sameIPv6Site = 0.3
    /// A relayed click whose region's country is the install's time zone's: the pool itself.
    public var relayRegion = 0.0
    /// How much the device agreeing says, against an organic install at the same address:
    /// usually someone in the household, who often has the same phone, iOS version and
    /// languages.
    public var household = DeviceWeights(osVersion: 0.8, hardwareModel: 1.8, screen: 1.0, language: 0.1, languageList: 0.2)
    /// The same against an organic install in the same /24, behind a carrier NAT, in a café
    /// or through the same relay country:
    /// a stranger, whose device agrees only as often as any two phones do.
    public var strangers = DeviceWeights(osVersion: 1.4, hardwareModel: 2.5, screen: 1.6, language: 0.2, languageList: 0.4)
    /// A screen read by Safari 26+ (Advanced Fingerprinting Protection reports fixed window
    /// metrics): agreement says little, disagreement is expected.
    public var maskedScreenAgrees = 0.3
    public var maskedScreenDiffers = -0.3
    /// Time zones agree on one network nearly always: little evidence either way.
    public var timeZone = 0.2
    /// Among strangers (a relay's country, a carrier NAT) fewer share the zone.
    public var timeZoneAmongStrangers = 0.1
    /// The first languages differ: the page and the app read the same system list, so the
    /// clicker's own install nearly never differs.
    public var languageDiffers = -2.3
    /// The click went on to the store, or stopped at the preview.
    public var reachedStore = 1.7
    public var stoppedAtPreview = -1.9
    /// Share of click-driven installs that open the app soon after the click, and how
    /// soon (minutes, exponential); the rest come at any time in the window.
    public var promptInstallShare = 0.7
    public var promptInstallMinutes = 5.0
    /// Someone who stopped at the preview and still installed: some went to the store on
    /// their own at once, more found the app there later in the hour.
    public var untappedPromptShare = 0.3
    public var untappedLaterShare = 0.5
    public var untappedLaterMinutes = 30.0
    /// Below this posterior nothing is answered, not even a weak match.
    public var weakFloor = 0.5

    /// `min_match_confidence` when an app does not set one.
    public static let defaultThreshold = 0.9

    public init() {}
}

/// Log likelihood ratios of the device agreeing, for one kind of organic competitor.
public struct DeviceWeights: Sendable, Equatable {
    /// iOS/Android major.minor agreeing (a handful of versions cover most phones).
    public var osVersion: Double
    /// The hardware model agreeing (Android User-Agents name it).
    public var hardwareModel: Double
    /// Screen points and scale agreeing (a dozen sizes cover most iPhones).
    public var screen: Double
    /// The first language agreeing.
    public var language: Double
    /// The page's whole language list equal to the app's, on top of `language`.
    public var languageList: Double

    public init(osVersion: Double, hardwareModel: Double, screen: Double, language: Double, languageList: Double) {
        self.osVersion = osVersion
        self.hardwareModel = hardwareModel
        self.screen = screen
        self.language = language
        self.languageList = languageList
    }
}
