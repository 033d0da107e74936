import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing
import UnilinkTestSupport

/// A small W3C WebDriver client over HTTP for chromedriver (no Swift package speaks
/// WebDriver): a session with headless Chromium, navigation, elements, scripts and
/// screenshots.
final class WebDriver: Sendable {
    struct Failure: Error, CustomStringConvertible {
        let description: String
    }

    private let http: HTTPClient
    private let base: String
    private let driver: Spawned
    let session: String

    static var chromedriver: String? {
        ["/usr/bin/chromedriver", "/usr/lib/chromium/chromedriver"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    /// Chromium and chromedriver are installed, or UNILINK_REQUIRE_CHROMIUM says they must be.
    static var available: Bool {
        (PreviewPageBrowserTests.chromium != nil && chromedriver != nil) || PreviewPageBrowserTests.required
    }

    /// Starts chromedriver on a free port and a headless Chromium session with `arguments`.
    init(chromedriver: String, chromium: String, arguments: [String], http: HTTPClient) async throws {
        let port = try FreePorts.consecutive(1, in: 29_000...32_700)
        driver = try Spawned(chromedriver, ["--port=\(port)"])
        self.http = http
        base = "http://127.0.0.1:\(port)"
        var ready = false
        for _ in 0..<300 where !ready {
            try await Task.sleep(for: .milliseconds(100))
            ready = ((try? await Self.call(http, "GET", base + "/status", nil))?["value"] as? [String: Any])?["ready"] as? Bool ?? false
        }
        guard ready else {
            _ = await driver.kill()
            throw Failure(description: "chromedriver did not become ready")
        }
        let capabilities: [String: Any] = [
            "capabilities": [
                "alwaysMatch": [
                    "browserName": "chrome", "goog:chromeOptions": ["binary": chromium, "args": arguments],
                ]
            ]
        ]
        let value: [String: Any]
        do {
            value = try await Self.call(http, "POST", base + "/session", capabilities)
        } catch {
            await driver.kill()
            throw error
        }
        guard let id = (value["value"] as? [String: Any])?["sessionId"] as? String else {
            _ = await driver.kill()
            throw Failure(description: "no session: \(value)")
        }
        session = id
    }

    /// Ends the session (Chromium with it) and chromedriver, and waits for it to be gone.
    func close() async {
        _ = try? await Self.call(http, "DELETE", "\(base)/session/\(session)", nil)
        driver.signal(SIGTERM)
        if await driver.wait(timeout: .seconds(5)) == nil { _ = await driver.kill() }
    }

    func open(_ url: String) async throws {
        _ = try await command("POST", "url", ["url": url])
    }

    var currentURL: String {
        get async throws { try await command("GET", "url", nil)["value"] as? String ?? "" }
    }

    var source: String {
        get async throws { try await command("GET", "source", nil)["value"] as? String ?? "" }
    }

    /// The first element matching a CSS selector.
    func element(_ css: String) async throws -> String {
        let value = try await command("POST", "element", ["using": "css selector", "value": css])["value"] as? [String: Any]
        guard let id = value?["element-6066-11e4-a52e-4f735466cecf"] as? String else { throw Failure(description: "no element '\(css)'") }
        return id
    }

    func type(_ text: String, into css: String) async throws {
        let id = try await element(css)
        _ = try await command("POST", "element/\(id)/clear", [:])
        _ = try await command("POST", "element/\(id)/value", ["text": text])
    }

    /// Clicks a link or submit button and waits (up to 10 s) for the next page to load:
    /// chromedriver may return from a click before a form's navigation has begun.
    func click(_ css: String) async throws {
        try await execute("window.unilinkPreviousPage = true")
        _ = try await command("POST", "element/\(try await element(css))/click", [:])
        for _ in 0..<100 {
            if try await execute("return window.unilinkPreviousPage !== true && document.readyState === 'complete'") as? Bool == true { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "clicking '\(css)' loaded no new page")
    }

    /// Clicks something that stays on the page (a button with a script).
    func press(_ css: String) async throws {
        _ = try await command("POST", "element/\(try await element(css))/click", [:])
    }

    /// Waits (up to 10 s) for the script's answer: `expression` evaluated until it is not empty.
    func waitFor(_ expression: String) async throws -> String {
        for _ in 0..<100 {
            if let value = try await execute("return \(expression)") as? String, !value.isEmpty { return value }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "'\(expression)' stayed empty")
    }

    /// Waits (up to 10 s) until the address contains `fragment`: a form's navigation may
    /// still be under way when the click returns.
    func waitForURL(containing fragment: String) async throws {
        for _ in 0..<100 {
            if try await currentURL.contains(fragment) { return }
            try await Task.sleep(for: .milliseconds(100))
        }
        throw Failure(description: "the address never contained '\(fragment)'")
    }

    func text(_ css: String) async throws -> String {
        try await command("GET", "element/\(try await element(css))/text", nil)["value"] as? String ?? ""
    }

    @discardableResult
    func execute(_ script: String) async throws -> Any? {
        try await command("POST", "execute/sync", ["script": script, "args": [Any]()])["value"]
    }

    /// A script that calls its last argument when done (a fetch's answer); its value.
    func executeAsync(_ script: String, arguments: [Any] = []) async throws -> Any? {
        try await command("POST", "execute/async", ["script": script, "args": arguments])["value"]
    }

    /// The status a form post to `path` gets when sent from the page shown with that page's
    /// own CSRF token: what a signed-in person could forge that the page does not offer.
    func postForm(_ path: String, fields: String) async throws -> Int? {
        try await executeAsync(
            """
            const [path, fields, done] = arguments;
            const csrf = document.querySelector('input[name=csrf]');
            if (!csrf) { done(-1); return; }
            fetch(path, {method: 'POST', headers: {'Content-Type': 'application/x-www-form-urlencoded'},
              body: 'csrf=' + encodeURIComponent(csrf.value) + '&' + fields}).then(r => done(r.status), () => done(-2));
            """, arguments: [path, fields]) as? Int
    }

    /// The status a same-origin GET of `path` gets with the browser's session.
    func status(of path: String) async throws -> Int? {
        try await executeAsync("const [path, done] = arguments; fetch(path).then(r => done(r.status), () => done(-2));", arguments: [path]) as? Int
    }

    /// A Chrome DevTools Protocol command through chromedriver (`goog/cdp/execute`), such as
    /// `Emulation.setTouchEmulationEnabled`.
    @discardableResult
    func devTools(_ command: String, _ parameters: [String: Any]) async throws -> Any? {
        try await self.command("POST", "goog/cdp/execute", ["cmd": command, "params": parameters])["value"]
    }

    func setWindow(width: Int, height: Int) async throws {
        _ = try await command("POST", "window/rect", ["width": width, "height": height])
    }

    /// PNG of the page, or of one element.
    func screenshot(of css: String? = nil) async throws -> Data {
        var path = "screenshot"
        if let css { path = "element/\(try await element(css))/screenshot" }
        guard let text = try await command("GET", path, nil)["value"] as? String, let data = Data(base64Encoded: text) else {
            throw Failure(description: "no screenshot")
        }
        return data
    }

    private func command(_ method: String, _ path: String, _ body: [String: Any]?) async throws -> [String: Any] {
        let answer = try await Self.call(http, method, "\(base)/session/\(session)/\(path)", body)
        if let value = answer["value"] as? [String: Any], let error = value["error"] as? String {
            throw Failure(description: "\(path): \(error): \(value["message"] as? String ?? "")")
        }
        return answer
    }

    private static func call(_ http: HTTPClient, _ method: String, _ url: String, _ body: [String: Any]?) async throws -> [String: Any] {
        var request = HTTPClientRequest(url: url)
        request.method = HTTPMethod(rawValue: method)
        if let body {
            request.headers.add(name: "Content-Type", value: "application/json")
            request.body = .bytes(ByteBuffer(bytes: try JSONSerialization.data(withJSONObject: body)))
        }
        let response = try await http.execute(request, timeout: .seconds(60))
        let bytes = try await response.body.collect(upTo: 64 << 20)
        return (try JSONSerialization.jsonObject(with: Data(bytes.readableBytesView)) as? [String: Any]) ?? [:]
    }
}

/// The end of a browser test: the browser, the HTTP client and the server stopped, the
/// working folder kept with `KEEP` (its screenshots named) or removed.
enum BrowserTestEnd {
    static func failed(browser: WebDriver, http: HTTPClient, server: RunningServer, screens: URL) async {
        print("screenshots of the failure: \(screens.path)")
        await browser.close()
        try? await http.shutdown()
        _ = try? await server.stop()
    }

    static func passed(browser: WebDriver, http: HTTPClient, server: RunningServer, directory: URL, screens: URL) async throws {
        await browser.close()
        try await http.shutdown()
        #expect(try await server.stop() == 0)
        if ProcessInfo.processInfo.environment["KEEP"] == nil {
            try? FileManager.default.removeItem(at: directory)
        } else {
            print("screenshots: \(screens.path)")
        }
    }
}
