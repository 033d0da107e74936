import Foundation
import Synchronization
import Testing

@testable import Unilink

/// How results reach the app: on the main actor in event order, to every subscriber, and
/// the deferred check started by `start()` as the anchors' SDKs do.
@Suite("Delivering results")
struct SDKDeliveryTests {
    static func resolving(_ paths: [String: String]) -> ScriptedTransport {
        ScriptedTransport { path, body in
            if path == "/v1/sdk/deferred" { return ScriptedTransport.json(Fixture.deferredFound) }
            let url = (try? JSONSerialization.jsonObject(with: body) as? [String: Any])?["url"] as? String ?? ""
            let code = url.split(separator: "/").last.map(String.init) ?? ""
            guard let target = paths[code] else { return ScriptedTransport.json(#"{"status": "not_found"}"#) }
            return ScriptedTransport.json(
                #"{"status": "found", "deep_link": {"url": "https://link.example.com\#(target)", "path": "\#(target)", "is_deferred": false, "click_event": {}}}"#
            )
        }
    }

    @MainActor
    @Test func resultsReachTheDelegateOnTheMainActorInEventOrder() async {
        let sdk = Fixture.sdk(Self.resolving(["Aaaaaa1": "/u/1", "Bbbbbb2": "/u/2", "Cccccc3": "/u/3"]))
        let delegate = CountingDelegate()
        sdk.delegate = delegate
        for code in ["Aaaaaa1", "Bbbbbb2", "Cccccc3"] { await sdk.handle(url: URL(string: "https://exm.pl/\(code)")!) }
        // Each `handle` returns after its delivery: the delegate saw them in event order.
        #expect(delegate.results.map { $0.deepLink?.path } == ["/u/1", "/u/2", "/u/3"])
    }

    /// Two windows (or a view model and an analytics hook) each get every result; a
    /// subscriber that stopped listening is let go.
    @Test func everySubscriberSeesEveryResult() async {
        let sdk = Fixture.sdk(Self.resolving(["Aaaaaa1": "/u/1", "Bbbbbb2": "/u/2"]))
        let first = sdk.results, second = sdk.results
        var gone: AsyncStream<DeepLinkResult>? = sdk.results
        _ = gone
        gone = nil
        let collect = { (stream: AsyncStream<DeepLinkResult>) in
            Task {
                var paths: [String] = []; for await result in stream { paths.append(result.deepLink?.path ?? "-"); if paths.count == 2 { break } };
                return paths
            }
        }
        let one = collect(first), two = collect(second)
        await sdk.handle(url: URL(string: "https://exm.pl/Aaaaaa1")!)
        await sdk.handle(url: URL(string: "https://exm.pl/Bbbbbb2")!)
        #expect(await one.value == ["/u/1", "/u/2"])
        #expect(await two.value == ["/u/1", "/u/2"])
    }

    @MainActor
    @Test func startRunsTheDeferredCheckOnceOnTheFirstLaunch() async throws {
        let transport = Self.resolving([:])
        let storage = MemoryStorage()
        let sdk = Fixture.sdk(transport, storage: storage)
        let delegate = CountingDelegate()
        sdk.delegate = delegate
        var results = sdk.results.makeAsyncIterator()
        sdk.start()
        let check = try #require(sdk.runningDeferredCheck, "start() has asked for the check when it returns")
        let deferred = await results.next()
        #expect(deferred?.deepLink?.isDeferred == true && deferred?.deepLink?.path == "/u/7")
        _ = await check.value
        #expect(transport.paths == ["/v1/sdk/deferred"])
        sdk.start()
        // The next launch: the same install, a new SDK object.
        let relaunched = Fixture.sdk(transport, storage: storage)
        relaunched.start()
        // Whatever either start() began that may use the network has finished.
        _ = await sdk.runningDeferredCheck?.value
        _ = await relaunched.runningDeferredCheck?.value
        #expect(transport.paths == ["/v1/sdk/deferred"], "once per install, however often start() is called")
        #expect(delegate.results.count == 1)

        let off = Fixture.sdk(
            transport,
            configuration: {
                var configuration = Fixture.configuration
                configuration.checksDeferredOnStart = false
                return configuration
            }())
        off.start()
        _ = await off.runningDeferredCheck?.value
        #expect(transport.paths.count == 1, "checksDeferredOnStart = false leaves the check to the app")
    }

    @Test func startWaitsForNetworkConsentWhenConfigured() async throws {
        let transport = Self.resolving([:])
        var configuration = Fixture.configuration
        configuration.waitsForConsent = true
        let sdk = Fixture.sdk(transport, configuration: configuration)
        var results = sdk.results.makeAsyncIterator()
        sdk.start()
        // All start() began that may use the network has finished (or there is none).
        _ = await sdk.runningDeferredCheck?.value
        #expect(transport.paths.isEmpty, "no network before consent")
        sdk.grantNetworkConsent()
        #expect(await results.next()?.deepLink?.isDeferred == true)
        #expect(transport.paths == ["/v1/sdk/deferred"])
    }

    @Test func eventsAreTyped() async throws {
        let bodies = Mutex<[Data]>([])
        let transport = ScriptedTransport { _, body in
            bodies.withLock { $0.append(body) }
            return ScriptedTransport.json("{}", status: 204)
        }
        let sdk = Fixture.sdk(transport)
        try await sdk.record(.install)
        try await sdk.record(.custom("purchase", properties: ["sku": "42"]))
        let sent = try bodies.withLock { $0 }.map { try #require(try JSONSerialization.jsonObject(with: $0) as? [String: Any]) }
        #expect(sent.map { $0["type"] as? String } == ["install", "custom"])
        #expect(sent[1]["name"] as? String == "purchase" && (sent[1]["properties"] as? [String: String]) == ["sku": "42"])
    }
}
