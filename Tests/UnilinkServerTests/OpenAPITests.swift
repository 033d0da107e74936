import Foundation
import HTTPTypes
import Hummingbird
import Logging
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

@testable import UnilinkServer

/// `/openapi.json` stays true: it describes exactly the routes the server registers, its
/// references resolve, every key the wire types write is described, and every key it
/// calls required is there in the least answer the server gives. (schemathesis checks the
/// running server against it: `SchemathesisTests`.)
@Suite("/openapi.json stays true")
struct OpenAPITests {
    static let document: JSONValue = {
        try! JSONDecoder().decode(JSONValue.self, from: Data(OpenAPIDocument.json.utf8))
    }()

    /// The router's own list, after it generated HEAD for every GET: each route is described
    /// (HEAD only where it is part of the contract), and each description is served.
    @Test func describesExactlyTheRegisteredRoutes() async throws {
        let parts = try await prepareServer(settings: TestServer.settings(), logger: Logger(label: "test")).parts
        let router = try buildRouter(parts, pages: try DashboardPages())
        _ = router.buildResponder()
        let registered = Set(
            router.routes.map { route in
                "\(route.method.rawValue.lowercased()) \(route.path.description)"
            }
        ).union(LinkHostResponder.routes)
        let described = Set(OpenAPIDocument.operations.map { "\($0.method.rawValue.lowercased()) \($0.path)" })
        #expect(described.count == OpenAPIDocument.operations.count, "an operation is described twice")
        let generatedHeads = Set(registered.filter { $0.hasPrefix("head ") && !described.contains($0) })
        #expect(generatedHeads.allSatisfy { registered.contains("get " + $0.dropFirst("head ".count)) })
        #expect(
            described == registered.subtracting(generatedHeads),
            "undescribed: \(registered.subtracting(generatedHeads).subtracting(described)); not served: \(described.subtracting(registered))")
        #expect(described.contains("head /{path}") && described.contains("head /.well-known/apple-app-site-association"))
        try await parts.store.close()
    }

    @Test func everyReferenceResolvesAndEveryOperationAnswersItsErrors() throws {
        let text = OpenAPIDocument.json
        guard case .object(let root) = Self.document, case .object(let components)? = root["components"] else {
            Issue.record("no components")
            return
        }
        #expect(root["openapi"] == .string("3.1.0"))
        for match in text.matches(of: /"\$ref":"#\/components\/([a-zA-Z]+)\/([A-Za-z]+)"/) {
            guard case .object(let group)? = components[String(match.1)] else {
                Issue.record("\(match.0)")
                continue
            }
            #expect(group[String(match.2)] != nil, "\(match.0)")
        }
        for operation in OpenAPIDocument.operations {
            let statuses = Set(operation.answers.map(\.status))
            if operation.credential != nil { #expect(statuses.contains(401) || statuses.contains(403), "\(operation.method) \(operation.path)") }
            if operation.body != nil { #expect(statuses.isSuperset(of: [400, 413]), "\(operation.method) \(operation.path)") }
            // A TLS proxy's question is not rate-limited: it is answered from memory, and a
            // refused one would leave a real host without its certificate.
            if operation.path.hasPrefix("/v1/") && operation.method != .options && operation.path != APIPath.tlsAllowed {
                #expect(statuses.isSuperset(of: [429, 503]), "\(operation.method) \(operation.path)")
            }
        }
    }

    /// Every key a wire type writes, described where its component says (a renamed or new
    /// field fails here until the document says it too).
    @Test func everyKeyTheWireTypesWriteIsDescribed() throws {
        let link = Self.fullLink
        var deepLink = DeepLinkResultBody.DeepLink(
            url: "https://x/p", path: "/p", deepLinkValue: "v", deepLinkSubs: [1: "a", 10: "b"], isDeferred: true, matchType: .probabilistic,
            confidence: 0.9, clickID: "c", clickEvent: ["ref": "r"], minAppVersion: "5.0", requiresUpdate: true, storeURL: "https://s",
            fallbackURL: "https://f"
        )
        deepLink.deepLinkSubs[2] = "c"
        let samples: [(String, any Encodable)] = [
            ("App", Self.fullApp), ("AppCreate", Self.fullApp.request), ("AppPatch", Self.fullApp.request), ("Link", link),
            ("LinkCreate", link.request),
            ("AppList", AppList(data: [Self.fullApp])), ("LinkPage", LinkPage(data: [link], nextCursor: "c")), ("LinkBatch", LinkBatch(data: [link])),
            ("LinkBatchPlan", LinkBatchPlan(appID: "a", data: [.init(index: 0, status: .invalid, alias: "x", message: "m", url: "u")])),
            (
                "LinkStats",
                LinkStats(
                    linkID: "l", from: "2026-11-25", to: "2026-11-25", granularity: .day, tz: "UTC", clicks: 1, byPlatform: ["ios": 1],
                    byOutcome: ["store": 1], bySource: ["browser": 1], installs: 0, opens: 0, daily: [.init(date: "2026-11-25", clicks: 1)],
                    series: [.init(start: "2026-11-25", clicks: 1, installs: 0, opens: 0)])
            ),
            ("KeyRotation", KeyRotation(kind: .publishable, graceSeconds: 60)),
            (
                "KeyRotationAnswer",
                KeyRotation.Answer(kind: .secret, secretKey: "sk", publishableKey: "pk", previousKeyExpiresAt: "2027-01-01T00:00:00Z")
            ),
            ("WebLink", WebLink(shortURL: "s", longURL: "l")), ("DeepLinkResult", DeepLinkResultBody(status: .found, deepLink: deepLink)),
            ("ResolveRequest", ResolveRequest(url: "https://x", appVersion: "1.0", os: .android)),
            (
                "DeferredRequest",
                DeferredRequest(
                    installID: "install-1", appVersion: "1",
                    device: .init(
                        os: .ios, osVersion: "18.1", model: "iPhone16,2", screenWidth: 390, screenHeight: 844, screenScale: 3, languages: ["en"],
                        timeZone: "Europe/Berlin"
                    ), installReferrer: "r", pasteboardToken: "t", allowWeakMatch: true)
            ),
            ("EventRequest", EventRequest(installID: "install-1", type: .custom, name: "n", clickID: "c", linkID: "l", properties: ["k": "v"])),
            ("ClickSignals", ClickSignals(screenWidth: 1, screenHeight: 1, screenScale: 1, timeZone: "UTC", languages: ["en"])),
            ("Error", ErrorBody(code: "c", message: "m")),
        ]
        for (component, value) in samples {
            let written = try JSONDecoder().decode(JSONValue.self, from: HTTPBody.encode(value))
            for key in Self.undescribed(written, by: .object(["$ref": .string("#/components/schemas/" + component)]), at: component) {
                Issue.record("\(key) is written but not described")
            }
        }
    }

    /// What the document calls required is in the least app and link the server shows.
    @Test func theLeastAnswersHaveEveryRequiredKey() throws {
        let app = App(id: "app_1", name: "Least")
        let link = Link(id: "lnk_1", appID: app.id, code: "abcdefg", content: LinkContent(deepLinkValue: "v"), createdAt: .now, updatedAt: .now)
        let least: [(String, any Encodable)] = [
            ("App", AppInput.body(of: app, publishableKey: nil)),
            ("Link", LinkInput.body(of: link, app: app, addressing: HostAddressing(localPort: 443))),
            ("DeepLinkResult", DeepLinkResultBody(status: .notFound, deepLink: nil)),
        ]
        for (component, value) in least {
            guard case .object(let written) = try JSONDecoder().decode(JSONValue.self, from: HTTPBody.encode(value)) else { continue }
            for key in Self.schema(component)?.required ?? [] {
                #expect(written[key] != nil, "\(component).\(key) is required but the server leaves it out")
            }
        }
    }

    // MARK: The document as JSON

    static func schema(_ name: String) -> (properties: [String: JSONValue], required: [String])? {
        guard case .object(let root) = document, case .object(let components)? = root["components"],
            case .object(let schemas)? = components["schemas"], case .object(let schema)? = schemas[name]
        else { return nil }
        guard case .object(let properties)? = schema["properties"] else { return ([:], []) }
        let required: [String] =
            if case .array(let names)? = schema["required"] { names.compactMap { if case .string(let name) = $0 { name } else { nil } } } else { [] }
        return (properties, required)
    }

    /// The paths of `value` that `schema` does not name (following `$ref`, `anyOf`, `items`,
    /// `properties` and `additionalProperties`).
    static func undescribed(_ value: JSONValue, by schema: JSONValue, at path: String) -> [String] {
        guard case .object(var rules) = schema else { return [] }
        if case .string(let reference)? = rules["$ref"], let name = reference.split(separator: "/").last,
            case .object(let root) = document, case .object(let components)? = root["components"], case .object(let schemas)? = components["schemas"],
            let target = schemas[String(name)]
        {
            return undescribed(value, by: target, at: path)
        }
        if case .array(let options)? = rules["anyOf"], rules["properties"] == nil, rules["items"] == nil {
            let answers = options.map { undescribed(value, by: $0, at: path) }
            return answers.min { $0.count < $1.count } ?? []
        }
        switch value {
        case .object(let object):
            if case .object(let properties)? = rules["properties"] {
                return object.flatMap { key, inner in
                    properties[key].map { undescribed(inner, by: $0, at: path + "." + key) } ?? [path + "." + key]
                }
            }
            rules["additionalProperties"] = rules["additionalProperties"] ?? .bool(false)
            if let values = rules["additionalProperties"], values != .bool(false) {
                return object.flatMap { undescribed($0.value, by: values, at: path + "." + $0.key) }
            }
            return object.isEmpty ? [] : [path]
        case .array(let items):
            return rules["items"].map { schema in items.flatMap { undescribed($0, by: schema, at: path + "[]") } } ?? []
        default: return []
        }
    }

    // MARK: Samples with every field set

    static var fullApp: AppBody {
        var app = AppBody(
            name: "Shop",
            ios: .init(teamID: "ABCDE12345", bundleID: "com.x", appStoreID: "1", scheme: "shop", additionalAppIDs: ["ABCDE12345.com.y"]),
            android: .init(package: "com.x", scheme: "shop", sha256CertFingerprints: ["AB"]),
            web: .init(fallbackURL: "https://x", allowedHosts: ["x"]),
            domains: [.init(host: "x", role: "primary")], paths: ["/u/*"], excludePaths: ["/u/x"], matchWindowSeconds: 60
        )
        app.id = "app_1"
        app.pasteboardToken = true
        app.minMatchConfidence = 0.9
        app.secretKey = "sk"
        app.publishableKey = "pk"
        app.createdAt = "2027-01-01T00:00:00Z"
        return app
    }

    static var fullLink: LinkBody {
        var link = LinkBody(path: "/u/1", deepLinkValue: "v", deepLinkSubs: [1: "a", 2: "b", 10: "c"], alias: "a")
        link.id = "lnk_1"
        link.code = "abcdefg"
        link.shortURL = "s"
        link.longURL = "l"
        link.knownUserURL = "k"
        link.ref = "r"
        link.webURL = "w"
        link.iosURL = "i"
        link.androidURL = "a"
        link.desktopURL = "d"
        link.webOnly = true
        link.minAppVersion = MinAppVersion(ios: "1", android: "2")
        link.social = Social(title: "t", description: "d", imageURL: "i")
        link.campaign = Campaign(channel: "c", campaign: "c", feature: "f", source: "s", medium: "m")
        link.data = ["k": "v"]
        link.expiresAt = "2027-01-01T00:00:00Z"
        link.matchWindowSeconds = 60
        link.dynamicLink = "link=x"
        link.createdAt = "2027-01-01T00:00:00Z"
        link.updatedAt = "2027-01-01T00:00:00Z"
        return link
    }
}

extension AppBody {
    /// What a client sends: the answer's own fields left out.
    fileprivate var request: AppBody {
        var body = self
        (body.id, body.secretKey, body.publishableKey, body.createdAt) = (nil, nil, nil, nil)
        return body
    }
}

extension LinkBody {
    fileprivate var request: LinkBody {
        var body = self
        (body.id, body.code, body.shortURL, body.longURL, body.knownUserURL, body.createdAt, body.updatedAt) = (nil, nil, nil, nil, nil, nil, nil)
        return body
    }
}
