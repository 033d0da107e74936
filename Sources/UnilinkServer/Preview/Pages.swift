import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import NIOCore

/// Small HTML answers for visitors (people, not API clients).
enum Pages {
    static func html(_ text: String, status: HTTPResponse.Status = .ok, head: Bool = false, cache: String) -> BufferedResponse {
        html(ByteBuffer(string: text), status: status, head: head, cache: cache)
    }

    static func html(_ page: ByteBuffer, status: HTTPResponse.Status = .ok, head: Bool = false, cache: String) -> BufferedResponse {
        var buffer = page
        let length = buffer.readableBytes
        if head { buffer.clear() }
        var headers = pageFields
        headers.append(HTTPField(name: .cacheControl, value: cache))
        headers.append(HTTPField(name: .contentLength, value: String(length)))
        return BufferedResponse(status: status, headers: headers, body: buffer)
    }

    /// What every page says about itself, checked once: each preview answers with a page.
    private static let pageFields: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .xContentTypeOptions: "nosniff",
        HTTPField.Name("Referrer-Policy")!: "strict-origin-when-cross-origin",
        .contentSecurityPolicy:
            "default-src 'none'; img-src https: http: data:; style-src 'unsafe-inline'; script-src 'unsafe-inline'; connect-src 'self'; base-uri 'none'; form-action 'none'",
    ]

    /// Safari's Mac string, which an iPad asking for desktop sites sends byte for byte
    /// (`ClickDecision.touchCheck`): one hop to `desktop` for a Mac, by the script or,
    /// without JavaScript, the refresh inside `<noscript>`; a touch screen goes to `touch`
    /// instead. The refresh is not also given to browsers that run the script: WebKit lets
    /// a refresh parsed after a script's `location.replace` take its place.
    static func touchCheck(desktop: String, touch: String, head: Bool) -> BufferedResponse {
        let desktop = escape(desktop)
        let page = """
            <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
            <meta name="robots" content="noindex"><title>Opening…</title><noscript><meta http-equiv="refresh" content="0;url=\(desktop)"></noscript>
            </head><body><p><a id="desktop" href="\(desktop)">Continue</a></p><a id="touch" href="\(escape(touch))" hidden></a>
            <script>\(touchScript)</script></body></html>
            """
        var buffer = ByteBuffer(string: page)
        let length = buffer.readableBytes
        if head { buffer.clear() }
        var headers = touchCheckFields
        headers.append(HTTPField(name: .contentLength, value: String(length)))
        return BufferedResponse(status: .ok, headers: headers, body: buffer)
    }

    /// The touch check's only script: a touch screen is an iPad (a Mac has none).
    static let touchScript = #"location.replace(document.getElementById(navigator.maxTouchPoints > 1 ? "touch" : "desktop").href)"#

    /// Its hash, the only script the page's policy allows.
    static let touchScriptHash = "sha256-" + Data(SHA256.hash(data: Data(touchScript.utf8))).base64EncodedString()

    private static let touchCheckFields: HTTPFields = [
        .contentType: "text/html; charset=utf-8", .xContentTypeOptions: "nosniff", .cacheControl: "no-store",
        // Like a redirect: the destination learns nothing of the link.
        HTTPField.Name("Referrer-Policy")!: "no-referrer",
        .contentSecurityPolicy: "default-src 'none'; script-src '\(touchScriptHash)'; base-uri 'none'; form-action 'none'",
    ]

    static func notFound(appName: String, webURL: String?) -> BufferedResponse {
        let link = webURL.map { "<p><a href=\"\(escape($0))\">\(escape(appName))</a></p>" } ?? ""
        return html(
            simple(title: "Link not found", text: "This link does not exist or was removed.", extra: link), status: .notFound, cache: "no-store")
    }

    /// A link whose destination the app does not allow: said plainly, never followed.
    static func refused(_ reason: String) -> BufferedResponse {
        html(simple(title: "This link cannot be opened", text: escape(reason), extra: ""), status: .badRequest, cache: "no-store")
    }

    static func gone() -> BufferedResponse {
        html(simple(title: "Link expired", text: "This link has expired.", extra: ""), status: .gone, cache: "no-store")
    }

    private static func simple(title: String, text: String, extra: String) -> String {
        """
        <!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
        <meta name="robots" content="noindex"><title>\(title)</title>
        <style>body{font:16px/1.5 -apple-system,system-ui,sans-serif;max-width:420px;margin:20vh auto;padding:0 20px;color:#333}</style>
        </head><body><h1>\(title)</h1><p>\(text)</p>\(extra)</body></html>
        """
    }

    static func escape(_ text: String) -> String {
        var result = ""
        result.reserveCapacity(text.count)
        for character in text {
            switch character {
            case "&": result += "&amp;"
            case "<": result += "&lt;"
            case ">": result += "&gt;"
            case "\"": result += "&quot;"
            case "'": result += "&#39;"
            default: result.append(character)
            }
        }
        return result
    }
}
