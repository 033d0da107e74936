/// A long link's URL: split, read its query into content, build the long query back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzLinkParameters(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let text = String(decoding: UnsafeRawBufferPointer(start: start, count: count), as: UTF8.self)
    var content = LinkContent(path: "/u/1")
    if let url = LinkURL(text) {
        _ = url.normalizedPath
        LinkParameters.apply(URLText.queryItems(Substring(url.query ?? "")), to: &content)
    }
    LinkParameters.apply(URLText.queryItems(Substring(text)), to: &content)
    let query = LinkParameters.longQuery(for: content, code: "Ab3xK9p")
    var again = LinkContent(path: "/u/1")
    LinkParameters.apply(URLText.queryItems(Substring(query)), to: &again)
    precondition(
        again.deepLinkValue == content.deepLinkValue && again.deepLinkSubs == content.deepLinkSubs && again.ref == content.ref,
        "the long query round-trips the content address")
    return 0
}
