extension App {
    /// `https://apps.apple.com/app/id<id>`, when the app is in the App Store.
    public var appStoreURL: String? {
        guard let id = ios?.appStoreID, !id.isEmpty else { return nil }
        return "https://apps.apple.com/app/id\(id)"
    }

    /// The Play Store page, with `referrer` carrying the click id: the app reads it back
    /// through the Play Install Referrer API for a deterministic deferred match.
    public func playStoreURL(referrer: String?) -> String? {
        guard let package = android?.package else { return nil }
        var url = "https://play.google.com/store/apps/details?id=\(URLText.queryValue(package))"
        if let referrer { url += "&referrer=\(URLText.queryValue(referrer))" }
        return url
    }

    /// The app's AppGallery page, where a HarmonyOS NEXT phone without the app goes:
    /// `harmony.app_gallery_url`, else the page of its bundle name.
    public var appGalleryURL: String? {
        guard let harmony else { return nil }
        return harmony.appGalleryURL ?? "https://appgallery.huawei.com/app/detail?id=\(URLText.queryValue(harmony.bundleName))"
    }
}
