import AsyncHTTPClient
import Foundation
import NIOCore
import NIOHTTP1
import Testing

/// A team's day in the dashboard, in a real headless Chromium: three links with tags, one
/// found by search, two archived together, a week of numbers, a QR code decoded, the App
/// Store URL an iPhone visitor gets read off the debugger. Then every page at phone (375 px)
/// and desktop (1440 px) widths: axe-core finds no serious or critical violation and no
/// element overflows. Screenshots of the link page, the numbers and the debugger at both
/// widths go to a temporary folder, and to `UNILINK_SCREENSHOTS` when it names a folder
/// (`Docs/screenshots` holds the ones the README shows).
@Suite("A team's day in the dashboard", .serialized)
struct DashboardWalkTests {
    static let iPhone =
        "Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1"
    static let desktop = "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36"
    static let app = """
        {"name": "Shop", "ios": {"team_id": "ABCDE12345", "bundle_id": "com.example.shop", "app_store_id": "123456789", "scheme": "shop"},
         "android": {"package": "com.example.shop"}, "web": {"fallback_url": "https://www.shop-test.example/", "allowed_hosts": ["www.shop-test.example"]},
         "domains": [{"host": "go.shop-test.example", "role": "short"}, {"host": "shop-test.example", "role": "primary"}, {"host": "open.shop-test.example", "role": "alternate"}],
         "paths": ["/p/*"]}
        """

    @Test(
        .enabled(if: DashboardBrowserTests.available, "Chromium, chromedriver or zbarimg is not installed; .ci/run installs them"),
        .enabled("axe-selenium-python is not installed; .ci/run installs it") { PageCheck.required ? true : await PageCheck.axeScript() != nil })
    func aTeamsDayAtPhoneAndDesktopWidths() async throws {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "no Chromium")
        let chromedriver = try #require(WebDriver.chromedriver, "no chromedriver")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-walk-\(UUID().uuidString)")
        let screens = directory.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        let admin = "adm_walk_test_token_0123456789abcdef"
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_ADMIN_TOKEN": admin])
        // Clicks are checked as answered: a redirect is not followed.
        let http = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        let loopback = LoopbackClient(client: http, port: server.port)
        let browser: WebDriver
        do {
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: ["--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--user-data-dir=\(directory.path)/profile"],
                http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        func shoot(_ name: String) async throws {
            let png = try await browser.screenshot()
            try png.write(to: screens.appendingPathComponent(name + ".png"))
            if let folder = ProcessInfo.processInfo.environment["UNILINK_SCREENSHOTS"], !folder.isEmpty {
                try png.write(to: URL(fileURLWithPath: folder).appendingPathComponent(name + ".png"))
            }
        }
        do {
            let root = "http://127.0.0.1:\(server.port)"
            try await browser.setViewport(width: 1440, height: 1000)
            let created = try await loopback.send("/v1/apps", method: .POST, bearer: admin, json: Self.app)
            #expect(created.status == 201, "\(created.body)")
            let appID = try #require(created.body.firstMatch(of: /"id":"(app_[^"]+)"/)?.1).description

            // The first owner, from the link the server printed.
            let setup = try #require(server.banner.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/setup\/[A-Za-z0-9]{43}/)?.0, "\(server.banner)")
            try await browser.open(String(setup))
            try await browser.type("lea@shop-test.example", into: "#email")
            try await browser.type("Lea Marketing", into: "#name")
            try await browser.type(DashboardBrowserTests.password, into: "#password")
            try await browser.type(DashboardBrowserTests.password, into: "#confirm")
            try await browser.click("#password-form button")
            let appPage = root + "/apps/\(appID)"

            // A refused link keeps what was typed and says why at the field.
            try await browser.open(appPage + "/links/new")
            try await browser.type("/p/summer", into: "#path")
            try await browser.type("https://elsewhere.example/", into: "#web_url")
            try await browser.click("#save-link")
            #expect(try await browser.text("#web_url-error").contains("web_url"))
            #expect(try await browser.execute("return document.getElementById('web_url').getAttribute('aria-invalid')") as? String == "true")
            #expect(try await browser.execute("return document.getElementById('path').value") as? String == "/p/summer")
            #expect(try await browser.execute("return document.activeElement.id") as? String == "web_url", "the field with the problem has the focus")

            // Three links with tags.
            let made: [(path: String, tags: String, campaign: String)] = [
                ("/p/summer", "spring, print", "launch"), ("/p/boots", "spring", "launch"), ("/p/socks", "autumn", ""),
            ]
            var linkPages: [String] = []
            for link in made {
                try await browser.open(appPage + "/links/new")
                try await browser.type(link.path, into: "#path")
                try await browser.type(link.tags, into: "#tags")
                if !link.campaign.isEmpty { try await browser.type(link.campaign, into: "#campaign") }
                try await browser.click("#save-link")
                linkPages.append(try await browser.currentURL)
                #expect(try await browser.text("#destinations").contains("App Store"), "the link page says where an iPhone without the app goes")
            }
            let boots = linkPages[1]

            // Found by search, and by its tag.
            try await browser.open(appPage)
            try await browser.type("boots", into: "#search")
            try await browser.click("#apply-filters")
            let found = try await browser.text("#links")
            #expect(found.contains("/p/boots") && !found.contains("/p/socks") && !found.contains("/p/summer"), "\(found)")
            try await browser.open(appPage + "?tag=spring")
            let spring = try await browser.text("#links")
            #expect(spring.contains("/p/boots") && spring.contains("/p/summer") && !spring.contains("/p/socks"))

            // Two archived together: the list keeps the third; the archive has the two.
            try await browser.open(appPage)
            for path in ["/p/summer", "/p/socks"] {
                try await browser.execute(
                    "Array.from(document.querySelectorAll('#links tbody tr')).find(r => r.textContent.includes('\(path)')).querySelector('input[type=checkbox]').click()"
                )
            }
            try await browser.execute("document.getElementById('bulk-action').value = 'archive'")
            try await browser.click("#bulk-apply")
            #expect(try await browser.source.contains("Archived 2 links"))
            let left = try await browser.text("#links")
            #expect(left.contains("/p/boots") && !left.contains("/p/summer") && !left.contains("/p/socks"), "\(left)")
            try await browser.open(appPage + "?state=archived")
            let archived = try await browser.text("#links")
            #expect(archived.contains("/p/summer") && archived.contains("/p/socks") && !archived.contains("/p/boots"))

            // Clicks on the boots link, then a week of numbers.
            try await browser.open(boots)
            let short = try await browser.text("#short-url")
            let code = try #require(short.split(separator: "/").last.map(String.init))
            for agent in [Self.iPhone, Self.iPhone, Self.iPhone, Self.desktop] {
                let answer = try await loopback.send("/\(code)", host: "go.shop-test.example", userAgent: agent)
                #expect(answer.status == 200 || answer.status == 302)
            }
            var clicks = ""
            for _ in 0..<50 {
                try await browser.open(appPage + "/numbers?range=7d")
                clicks = try await browser.text("#total-clicks")
                if clicks == "4" { break }
                try await Task.sleep(for: .milliseconds(200))
            }
            #expect(clicks == "4", "the week's clicks once the recorder has stored them")
            #expect(try await browser.execute("return document.querySelectorAll('#click-chart rect').length") as? Int == 7)
            #expect(try await browser.text("#top-links").contains("/p/boots"))
            #expect(try await browser.execute("return document.querySelector('.ranges a[aria-current]').textContent") as? String == "7 days")

            // The app's QR design: navy on white. The code, downloaded at print size in it, decodes to the short URL.
            try await browser.open(appPage + "/qr")
            try await browser.type("#1d3557", into: "#foreground")
            try await browser.type("#ffffff", into: "#background")
            try await browser.click("#save-qr-design")
            let design = try await loopback.send("/v1/apps/\(appID)", bearer: admin)
            #expect(design.body.contains(##""foreground":"#1d3557""##), "the design is the app's: \(design.body.prefix(400))")
            try await browser.open(boots)
            #expect(try await browser.execute("return document.querySelector('#qr-downloads a[href*=\"size=2048\"]') !== null") as? Bool == true)
            let base64 =
                try await browser.executeAsync(
                    """
                    const done = arguments[arguments.length - 1];
                    fetch('\(boots)/qr.png?size=2048').then(r => r.arrayBuffer()).then(b => {
                      let s = ''; new Uint8Array(b).forEach(x => s += String.fromCharCode(x)); done(btoa(s)); });
                    """) as? String ?? ""
            #expect(try await QRReader.decode(try #require(Data(base64Encoded: base64)), in: directory) == short)

            // The debugger names the App Store URL an iPhone without the app is sent to.
            try await browser.open(boots)
            try await browser.click("#debug-link")
            let store = try await browser.text("#visitor-iphone-no-app li[data-step=\"store-button\"] code[data-url-kind=\"app-store\"]")
            #expect(store == "https://apps.apple.com/app/id123456789", "\(store)")

            // Every page at both widths.
            let pages: [(name: String, path: String)] = [
                ("apps", "/"), ("app", "/apps/\(appID)"), ("archive", "/apps/\(appID)?state=archived"),
                ("link", boots.replacingOccurrences(of: root, with: "")),
                ("link-form", boots.replacingOccurrences(of: root, with: "") + "/edit"), ("new-link", "/apps/\(appID)/links/new"),
                ("app-form", "/apps/\(appID)/edit"), ("numbers", "/apps/\(appID)/numbers?range=7d"), ("debugger", "/debug?url=\(short)"),
                ("webhooks", "/apps/\(appID)/webhooks"), ("new-webhook", "/apps/\(appID)/webhooks/new"), ("people", "/people"), ("audit", "/audit"),
                ("account", "/account"), ("qr-design", "/apps/\(appID)/qr"),
            ]
            var problems: [String] = []
            for width in [375, 1440] {
                try await browser.setViewport(width: width, height: width == 375 ? 812 : 1000)
                for page in pages {
                    try await browser.open(root + page.path)
                    // Before the checks: axe scrolls the page as it looks.
                    if ["link", "numbers", "debugger"].contains(page.name) { try await shoot("\(page.name)-\(width == 375 ? "phone" : "desktop")") }
                    problems += try await PageCheck.problems(on: page.name, width: width, in: browser)
                }
            }
            try await browser.click("#sign-out")
            problems += try await PageCheck.problems(on: "sign-in", width: 1440, in: browser)
            #expect(problems.isEmpty, "\(problems.joined(separator: "\n"))")
        } catch {
            try? await shoot("failure")
            await BrowserTestEnd.failed(browser: browser, http: http, server: server, screens: screens)
            throw error
        }
        try await BrowserTestEnd.passed(browser: browser, http: http, server: server, directory: directory, screens: screens)
    }
}
