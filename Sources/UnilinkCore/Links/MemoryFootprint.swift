/// Rough bytes a value holds in memory (string bytes plus a fixed overhead per value):
/// what the caches and the click queue charge against their byte budgets.
public protocol MemoryFootprint {
    var estimatedBytes: Int { get }
}

extension LinkContent: MemoryFootprint {
    public var estimatedBytes: Int {
        let strings: [String?] = [
            path, deepLinkValue, ref, webURL, iosURL, androidURL, desktopURL, minAppVersion?.ios, minAppVersion?.android,
            social?.title, social?.description, social?.imageURL, campaign?.channel, campaign?.campaign, campaign?.feature,
            campaign?.source, campaign?.medium,
        ]
        let fields = strings.reduce(0) { $0 + ($1?.utf8.count ?? 0) }
        let subs = deepLinkSubs.values.reduce(0) { $0 + 16 + $1.utf8.count }
        let extra = data.reduce(0) { $0 + 32 + $1.key.utf8.count + $1.value.utf8.count }
        return 256 + fields + subs + extra
    }
}

extension Link: MemoryFootprint {
    public var estimatedBytes: Int {
        128 + id.utf8.count + appID.utf8.count + code.utf8.count + (alias?.utf8.count ?? 0) + content.estimatedBytes
    }
}

extension ClickRecord: MemoryFootprint {
    public var estimatedBytes: Int {
        let pendingBytes = pending.map { click in
            256 + click.content.estimatedBytes + click.acceptLanguages.reduce(0) { $0 + 16 + $1.utf8.count }
                + (click.signals?.languages.reduce(0) { $0 + 16 + $1.utf8.count } ?? 0)
        } ?? 0
        return 160 + clickID.utf8.count + appID.utf8.count + host.utf8.count + path.utf8.count + pendingBytes
    }
}
