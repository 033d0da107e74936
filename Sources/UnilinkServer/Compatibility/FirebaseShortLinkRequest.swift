import UnilinkCore

/// `POST /v1/shortLinks`'s body as Firebase documented it: a long link, or its parts.
struct FirebaseShortLinkRequest: Decodable {
    struct Info: Decodable {
        struct AndroidInfo: Decodable {
            var androidPackageName: String?
            var androidFallbackLink: String?
            var androidMinPackageVersionCode: String?
        }

        struct IOSInfo: Decodable {
            var iosBundleId: String?
            var iosFallbackLink: String?
            var iosCustomScheme: String?
            var iosIpadFallbackLink: String?
            var iosIpadBundleId: String?
            var iosAppStoreId: String?
            var iosMinimumVersion: String?
        }

        struct NavigationInfo: Decodable {
            var enableForcedRedirect: Bool?
        }

        struct AnalyticsInfo: Decodable {
            struct Play: Decodable {
                var utmSource, utmMedium, utmCampaign, utmTerm, utmContent: String?
            }

            struct ITunes: Decodable {
                var at, ct, mt, pt: String?
            }

            var googlePlayAnalytics: Play?
            var itunesConnectAnalytics: ITunes?
        }

        struct SocialMetaTagInfo: Decodable {
            var socialTitle: String?
            var socialDescription: String?
            var socialImageLink: String?
        }

        var domainUriPrefix: String?
        var link: String?
        var androidInfo: AndroidInfo?
        var iosInfo: IOSInfo?
        var navigationInfo: NavigationInfo?
        var analyticsInfo: AnalyticsInfo?
        var socialMetaTagInfo: SocialMetaTagInfo?
    }

    struct Suffix: Decodable {
        var option: String?
    }

    var longDynamicLink: String?
    var dynamicLinkInfo: Info?
    var suffix: Suffix?

    /// The host the short link lives on and the long link's query, in FDL's parameter names.
    func longLink() throws(FirebaseError) -> (host: String, query: [(name: String, value: String)]) {
        if let long = longDynamicLink {
            guard dynamicLinkInfo == nil else { throw .invalid("give either longDynamicLink or dynamicLinkInfo, not both") }
            guard let url = LinkURL(long), url.scheme == "https" || url.scheme == "http" else {
                throw .invalid("longDynamicLink '\(long.prefix(200))' is not a URL")
            }
            guard url.path.isEmpty || url.path == "/" else {
                throw .invalid("longDynamicLink must have no path before '?': the domain is the prefix")
            }
            return (url.host.lowercased(), URLText.queryItems(Substring(url.query ?? "")))
        }
        guard let info = dynamicLinkInfo else { throw .invalid("give longDynamicLink or dynamicLinkInfo") }
        guard let prefix = info.domainUriPrefix, let url = LinkURL(prefix) else {
            throw .invalid("dynamicLinkInfo.domainUriPrefix is missing or not a URL")
        }
        guard url.path.isEmpty || url.path == "/" else {
            throw .invalid("domainUriPrefix '\(prefix.prefix(200))' has a path; use one of the app's short hosts without a path")
        }
        let play = info.analyticsInfo?.googlePlayAnalytics, itunes = info.analyticsInfo?.itunesConnectAnalytics
        let pairs: [(String, String?)] = [
            ("link", info.link), ("apn", info.androidInfo?.androidPackageName), ("afl", info.androidInfo?.androidFallbackLink),
            ("amv", info.androidInfo?.androidMinPackageVersionCode), ("ibi", info.iosInfo?.iosBundleId), ("ifl", info.iosInfo?.iosFallbackLink),
            ("ius", info.iosInfo?.iosCustomScheme), ("ipfl", info.iosInfo?.iosIpadFallbackLink), ("ipbi", info.iosInfo?.iosIpadBundleId),
            ("isi", info.iosInfo?.iosAppStoreId), ("imv", info.iosInfo?.iosMinimumVersion),
            ("efr", info.navigationInfo?.enableForcedRedirect == true ? "1" : nil),
            ("st", info.socialMetaTagInfo?.socialTitle), ("sd", info.socialMetaTagInfo?.socialDescription),
            ("si", info.socialMetaTagInfo?.socialImageLink),
            ("utm_source", play?.utmSource), ("utm_medium", play?.utmMedium), ("utm_campaign", play?.utmCampaign), ("utm_term", play?.utmTerm),
            ("utm_content", play?.utmContent), ("at", itunes?.at), ("ct", itunes?.ct), ("mt", itunes?.mt), ("pt", itunes?.pt),
        ]
        return (url.host.lowercased(), pairs.compactMap { name, value in value.map { (name, $0) } })
    }
}
