import Foundation
import HTTPTypes
import Hummingbird
import NIOCore
import UnilinkAPI
import UnilinkCore

/// Serves the web SDK (`/sdk/web.js`, cached an hour; `/sdk/web-<version>.js`, cached a
/// year), a page to try it (`/sdk/try`), and `POST /v1/sdk/links`, the link the SDK's
/// share helper makes with the publishable key.
struct WebSDKController {
    let links: LinkService

    func register(on router: Router<AppRequestContext>) {
        router.get(RouterPath(APIPath.webSDK)) { _, _ in Self.script(cache: "public, max-age=3600") }
        router.get(RouterPath(APIPath.webSDK(version: WebSDKScript.version))) { _, _ in Self.script(cache: "public, max-age=31536000, immutable") }
        router.get(RouterPath(APIPath.webSDKTryPage), use: tryPage)
    }

    /// `group` is `/v1/sdk/links` behind the publishable key, with CORS first: the team's
    /// own site calls it from its origin (the key is public; no cookies are involved).
    func register(links group: RouterGroup<SDKContext>) {
        group.post(use: createLink)
    }

    /// `OPTIONS /v1/sdk/links`: CORS answers a preflight before this; any other OPTIONS
    /// learns the methods (RFC 9110 section 9.3.7).
    func register(options group: RouterGroup<AppRequestContext>) {
        group.on("", method: .options) { _, _ in Response(status: .noContent, headers: [.allow: "OPTIONS, POST"]) }
    }

    static func script(cache: String) -> Response {
        Response(
            status: .ok,
            headers: [
                .contentType: "text/javascript; charset=utf-8", .cacheControl: cache, HTTPField.Name("Access-Control-Allow-Origin")!: "*",
                .xContentTypeOptions: "nosniff",
            ], body: .init(byteBuffer: ByteBuffer(string: WebSDKScript.source)))
    }

    /// Links made by a web page: content, campaign and card only. No alias (a public key
    /// must not claim names) and no destinations but the page's own web URL, which the
    /// allow-list checks like any other.
    @Sendable func createLink(_ request: Request, context: SDKContext) async throws -> Response {
        let asked = try await request.decode(as: LinkBody.self, context: context)
        var body = LinkBody(path: asked.path, deepLinkValue: asked.deepLinkValue, deepLinkSubs: asked.deepLinkSubs)
        body.webURL = asked.webURL
        body.social = asked.social
        body.campaign = asked.campaign
        body.data = asked.data
        let (link, _) = try await links.create(body, app: context.app, by: context.author)
        let shown = links.shown(link, context.app)
        return try HTTPBody.json(WebLink(shortURL: shown.shortURL, longURL: shown.longURL), status: .created)
    }

    /// A page to try the SDK on any host no app claims:
    /// `/sdk/try?key=pk_...&api=https://link.example.com&open=https://open.example.com&path=/p/1`.
    @Sendable func tryPage(_ request: Request, context: AppRequestContext) async throws -> Response {
        let query = request.uri.queryParameters
        func value(_ name: String) -> String { query[Substring(name)].map(String.init) ?? "" }
        let options = """
            {"key": \(Self.jsonString(value("key"))), "api": \(Self.jsonString(value("api"))), "openHost": \(Self.jsonString(value("open"))),
             "banner": {"title": "Shop", "text": "Open this page in the app", "button": "Open", "days": 7, "path": \(Self.jsonString(value("path")))}}
            """
        let html = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex"><title>Unilink web SDK</title></head>
            <body style="font:16px/1.5 system-ui,sans-serif;max-width:520px;margin:40px auto;padding:0 16px">
            <h1>Unilink web SDK</h1><p>On a phone this page shows the app banner. The button makes a short link for this page.</p>
            <button id="share" type="button">Make a short link</button> <output id="short"></output>
            <script src="/sdk/web-\(WebSDKScript.version).js"></script>
            <script>
            unilink.init(\(options));
            document.getElementById("share").addEventListener("click", function () {
              unilink.link({path: \(Self.jsonString(value("path").isEmpty ? "/" : value("path"))), campaign: {channel: "web", campaign: "share"}, web_url: null})
                .then(function (link) { document.getElementById("short").textContent = link.short_url; })
                .catch(function (error) { document.getElementById("short").textContent = "error: " + error.message; });
            });
            </script></body></html>
            """
        return Response(
            status: .ok, headers: [.contentType: "text/html; charset=utf-8", .cacheControl: "no-store"],
            body: .init(byteBuffer: ByteBuffer(string: html)))
    }

    /// A JSON string literal, safe inside a `<script>` element.
    static func jsonString(_ text: String) -> String {
        var result = "\""
        for scalar in text.unicodeScalars {
            switch scalar {
            case "\"": result += "\\\""
            case "\\": result += "\\\\"
            case "<": result += "\\u003c"
            case ">": result += "\\u003e"
            case "&": result += "\\u0026"
            case "\u{2028}": result += "\\u2028"
            case "\u{2029}": result += "\\u2029"
            default:
                if scalar.value < 0x20 { result += String(format: "\\u%04x", scalar.value) } else { result.unicodeScalars.append(scalar) }
            }
        }
        return result + "\""
    }
}
