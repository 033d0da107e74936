import Foundation

/// An association file, a NUL, then a URL: parse, validate, match, write back.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzAASA(_ start: UnsafeRawPointer, _ count: Int) -> CInt {
    let bytes = UnsafeRawBufferPointer(start: start, count: count)
    let split = bytes.firstIndex(of: 0) ?? bytes.count
    let file = Data(bytes[..<split])
    let url = String(decoding: bytes[min(split + 1, bytes.count)...], as: UTF8.self)
    _ = AASAValidator().validate(file)
    guard let document = try? AASADocument(json: file) else { return 0 }
    let matcher = AASAMatcher(document)
    for appID in matcher.appIDs.prefix(4) {
        _ = matcher.decide(appID: appID, url: url.isEmpty ? "https://example.com/" : url, host: "example.com")
    }
    _ = try? AASADocument(json: document.jsonData())
    return 0
}
