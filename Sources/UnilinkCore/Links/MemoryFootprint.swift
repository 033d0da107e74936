/// Bytes a value holds in memory: its own inline size (`MemoryLayout` stride) plus the heap
/// buffers of its strings and collections. What the caches and the click queue charge
/// against their byte budgets; `Benchmarks/memory.py` compares it with resident growth.
public protocol MemoryFootprint {
    var estimatedBytes: Int { get }
}

/// Heap sizes as Swift and malloc lay them out on 64-bit platforms.
enum HeapBytes {
    /// Strings of up to 15 UTF-8 bytes live inline; longer ones own a buffer with a
    /// 32-byte header, the bytes and a terminator, rounded to malloc's 16, plus its 16.
    static func of(_ text: String?) -> Int {
        guard let count = text?.utf8.count, count > 15 else { return 0 }
        return 48 + ((count + 1 + 15) & ~15)
    }

    /// A dictionary's storage: a header, and key and value slots for a power-of-two
    /// capacity at three quarters' load at most.
    static func of<Key, Value>(_ dictionary: [Key: Value], keys: (Key) -> Int = { _ in 0 }, values: (Value) -> Int) -> Int {
        guard !dictionary.isEmpty else { return 0 }
        var capacity = 1
        while capacity * 3 < dictionary.count * 4 { capacity *= 2 }
        let slots = capacity * (MemoryLayout<Key>.stride + MemoryLayout<Value>.stride) + capacity / 8
        return 64 + slots + dictionary.reduce(0) { $0 + keys($1.key) + values($1.value) }
    }

    static func of(_ strings: [String]) -> Int {
        strings.isEmpty ? 0 : 48 + strings.count * MemoryLayout<String>.stride + strings.reduce(0) { $0 + of($1) }
    }
}

extension LinkContent: MemoryFootprint {
    /// Inline size and heap buffers.
    public var estimatedBytes: Int { MemoryLayout<LinkContent>.stride + heapBytes }

    var heapBytes: Int {
        let strings: [String?] = [
            path, deepLinkValue, ref, webURL, iosURL, androidURL, desktopURL, minAppVersion?.ios, minAppVersion?.android,
            social?.title, social?.description, social?.imageURL, campaign?.channel, campaign?.campaign, campaign?.feature,
            campaign?.source, campaign?.medium, dynamicLinkQuery,
        ]
        return strings.reduce(0) { $0 + HeapBytes.of($1) }
            + HeapBytes.of(deepLinkSubs) { HeapBytes.of($0) }
            + HeapBytes.of(data, keys: { HeapBytes.of($0) }, values: { HeapBytes.of($0) })
    }
}

extension Link: MemoryFootprint {
    public var estimatedBytes: Int {
        MemoryLayout<Link>.stride + HeapBytes.of(id) + HeapBytes.of(appID) + HeapBytes.of(code) + HeapBytes.of(alias) + content.heapBytes
    }
}

extension ClickRecord: MemoryFootprint {
    /// The record's inline size holds room for a pending click whether it has one or not.
    public var estimatedBytes: Int {
        let pendingBytes = pending.map { click in
            [click.clickID, click.appID, click.linkID, click.networkKey, click.prefixKey, click.osVersion, click.model, click.safariVersion, click.consumedBy]
                .reduce(0) { $0 + HeapBytes.of($1) }
                + click.content.heapBytes + HeapBytes.of(click.acceptLanguages) + HeapBytes.of(click.signals?.languages ?? [])
        } ?? 0
        return MemoryLayout<ClickRecord>.stride + HeapBytes.of(clickID) + HeapBytes.of(appID) + HeapBytes.of(linkID) + HeapBytes.of(host)
            + HeapBytes.of(path) + HeapBytes.of(inAppBrowser) + pendingBytes
    }
}
