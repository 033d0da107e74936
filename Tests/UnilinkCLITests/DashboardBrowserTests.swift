import AsyncHTTPClient
import Foundation
import Testing
import UnilinkTestSupport

/// The dashboard in a real headless Chromium driven through chromedriver (W3C WebDriver),
/// as a newcomer uses it: open the setup link the server printed, become the first owner,
/// make an app and a link with hostile values, find the link, decode its QR code from the
/// screen, debug it, invite a viewer who then sees no way to change anything and is
/// refused when they forge one, and sign out; plus a wrong password and a forged form.
/// Screenshots of every page go to a temporary folder (printed).
@Suite("The dashboard in a real browser", .serialized)
struct DashboardBrowserTests {
    static let password = "correct horse battery"

    static var available: Bool {
        (PreviewPageBrowserTests.chromium != nil && WebDriver.chromedriver != nil && QRReader.zbarimg != nil) || PreviewPageBrowserTests.required
    }

    @Test(.enabled(if: available, "Chromium, chromedriver or zbarimg is not installed; .ci/run installs them"))
    func aNewcomerMakesAnAppAndALinkAndDebugsIt() async throws {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "no Chromium")
        let chromedriver = try #require(WebDriver.chromedriver, "no chromedriver")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-dashboard-\(UUID().uuidString)")
        let screens = directory.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        let admin = "adm_browser_test_token_0123456789"
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_ADMIN_TOKEN": admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let browser: WebDriver
        do {
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--no-first-run", "--window-size=1200,1000",
                    "--user-data-dir=\(directory.path)/profile",
                ], http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        var shot = 0
        func screenshot(_ name: String) async throws {
            shot += 1
            try await browser.screenshot().write(to: screens.appendingPathComponent(String(format: "%02d-%@.png", shot, name)))
        }
        do {
            let root = "http://127.0.0.1:\(server.port)"
            try await browser.open(root + "/")
            #expect(try await browser.source.contains("<h1>Sign in</h1>"))

            // The first owner, from the link the server printed on an empty database.
            let setup = try #require(server.banner.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/setup\/[A-Za-z0-9]{43}/)?.0, "\(server.banner)")
            try await browser.open(String(setup))
            try await browser.type("owner@shop-test.example", into: "#email")
            try await browser.type("Olga Owner", into: "#name")
            try await browser.type(Self.password, into: "#password")
            try await browser.type(Self.password, into: "#confirm")
            try await screenshot("setup")
            try await browser.click("#password-form button")
            #expect(try await browser.source.contains("<h1 style=\"flex:1\">Apps</h1>"))
            #expect(try await browser.text("#nav-account") == "owner@shop-test.example")
            try await screenshot("apps")

            // An app with a hostile name, through the form.
            try await browser.click("#new-app")
            let hostileName = "<script>alert('app')</script> Shop & \"Co\""
            try await browser.type(hostileName, into: "#name")
            try await browser.type("go.shop-test.example short\nshop-test.example primary", into: "#domains")
            try await browser.type("ABCDE12345", into: "#ios_team_id")
            try await browser.type("com.example.shop", into: "#ios_bundle_id")
            try await browser.type("https://www.shop-test.example/", into: "#web_fallback_url")
            try await screenshot("new-app")
            try await browser.click("#save-app")
            #expect(try await browser.text("#app-name") == hostileName, "the name is shown as typed, not run")
            let appPage = try await browser.source
            #expect(!appPage.contains("<script>alert('app')"))
            #expect(try await browser.text("#secret-key").hasPrefix("sk_"))
            #expect(appPage.contains("applinks:go.shop-test.example"))
            // The answer to the form is the app's page (it shows the secret key once); its own address is /apps/{id}.
            let numbers = try await browser.execute("return document.querySelector('a[href$=\"/numbers\"]').getAttribute('href')") as? String ?? ""
            let appURL = root + numbers.replacingOccurrences(of: "/numbers", with: "")
            try await screenshot("app")

            // A link with a hostile social title.
            try await browser.click("#new-link")
            try await browser.type("/product/42", into: "#path")
            try await browser.type("<img src=x onerror=alert('title')>", into: "#social_title")
            try await browser.type("spring-sale", into: "#campaign")
            try await screenshot("new-link")
            // A rule for German speakers, tried on a visitor before the link exists.
            try await browser.type(
                #"[{"name": "German", "conditions": [{"language": ["de"]}], "destination": {"web_url": "https://www.shop-test.example/de"}}]"#,
                into: "#rules")
            try await browser.type("de-DE, en;q=0.5", into: "#preview_languages")
            try await browser.click("#preview-rules")
            let preview = try await browser.text("#rule-preview")
            #expect(preview.contains("Desktop browser") && preview.contains("Rule 1 “German” holds"), "\(preview)")
            #expect(preview.contains("https://www.shop-test.example/de"))
            try await screenshot("rule-preview")
            try await browser.click("#save-link")
            let shortURL = try await browser.text("#short-url")
            #expect(shortURL.hasPrefix("https://go.shop-test.example/"), "got '\(shortURL)'")
            #expect(try await browser.text("#rules").contains("language is de"))
            #expect(try await !browser.source.contains("<img src=x onerror"))
            try await screenshot("link")

            // The QR code as the browser shows it decodes to the short URL.
            let qr = try await browser.screenshot(of: "#qr")
            #expect(try await QRReader.decode(qr, in: directory) == shortURL)

            // The link is in the app's list and found by its campaign.
            try await browser.open(appURL)
            #expect(try await browser.text("#links").contains(shortURL))
            try await browser.type("spring", into: "#search")
            try await browser.click("#apply-filters")
            try await browser.waitForURL(containing: "q=spring")
            #expect(try await browser.text("#links").contains(shortURL))
            try await browser.type("no-such-campaign", into: "#search")
            try await browser.click("#apply-filters")
            try await browser.waitForURL(containing: "q=no-such-campaign")
            #expect(try await !browser.text("#links").contains(shortURL))

            // The debugger explains the link for every visitor.
            try await browser.open(appURL)
            try await browser.click("#links tbody a")
            try await browser.click("#debug-link")
            let visitors = try await browser.text("#visitors")
            #expect(visitors.contains("Desktop browser") && visitors.contains("https://www.shop-test.example/"))
            #expect(visitors.contains("iPhone, app installed") && visitors.contains("opens the app directly"))
            #expect(visitors.contains("Link-preview crawler"))
            try await screenshot("debugger")

            // A forged form (wrong CSRF token) changes nothing.
            try await browser.open(appURL)
            try await browser.click("#links tbody a")
            let linkURL = try await browser.currentURL
            try await browser.open(linkURL + "/edit")
            try await browser.type("/forged", into: "#path")
            try await browser.execute("document.querySelector('#link-form input[name=csrf]').value = 'forged'")
            try await browser.click("#save-link")
            #expect(try await browser.source.contains("CSRF check failed"))
            try await screenshot("csrf-refused")
            try await browser.open(linkURL + "/edit")
            #expect(try await browser.execute("return document.getElementById('path').value") as? String == "/product/42")

            // A viewer: invited on the People page, added to the app on its page.
            try await browser.click("#nav-people")
            try await browser.type("vic@shop-test.example", into: "#invite-email")
            try await browser.click("#invite button")
            let invitation = try await browser.text("#invitation-url")
            #expect(invitation.hasPrefix("http://127.0.0.1:\(server.port)/invitations/"), "\(invitation)")
            try await screenshot("invited")
            try await browser.open(appURL)
            try await browser.type("vic@shop-test.example", into: "#add-member input[name=email]")
            try await browser.click("#add-member button")
            #expect(try await browser.text("#members").contains("vic@shop-test.example"))
            #expect(try await browser.text("#members").contains("viewer"))
            try await browser.click("#sign-out")
            #expect(try await browser.source.contains("<h1>Sign in</h1>"))

            try await browser.open(invitation)
            try await browser.type(Self.password + "!", into: "#password")
            try await browser.type(Self.password + "!", into: "#confirm")
            try await browser.click("#password-form button")
            // One app: the viewer lands on it, with nothing to change.
            #expect(try await browser.text("#app-name") == hostileName)
            #expect(
                try await browser.execute("return document.querySelector('#new-link, #add-member, a[href$=\"/edit\"]') === null") as? Bool == true)
            try await screenshot("viewer-app")
            try await browser.click("#links tbody a")
            let viewerLink = try await browser.currentURL
            #expect(try await browser.execute("return document.querySelector('#delete-link, a[href$=\"/edit\"]') === null") as? Bool == true)
            // The server refuses what the page does not offer: a forged edit with the viewer's own CSRF token.
            let status = try await browser.postForm(viewerLink.replacingOccurrences(of: root, with: ""), fields: "path=%2Fforged")
            #expect(status == 403, "a viewer's edit is refused by the server")
            try await browser.open(viewerLink)
            #expect(try await browser.source.contains("/product/42"))
            try await browser.click("#sign-out")

            // A wrong password is refused and says so.
            try await browser.type("owner@shop-test.example", into: "#email")
            try await browser.type("not the password", into: "#password")
            try await browser.click("#sign-in button")
            #expect(try await browser.text("#error").contains("do not match"))
            try await screenshot("wrong-password")
            try await browser.open(appURL)
            #expect(try await browser.source.contains("<h1>Sign in</h1>"), "signed out: the app page asks to sign in")
            try await screenshot("signed-out")
        } catch {
            try? await screenshot("failure")
            await BrowserTestEnd.failed(browser: browser, http: http, server: server, screens: screens)
            throw error
        }
        try await BrowserTestEnd.passed(browser: browser, http: http, server: server, directory: directory, screens: screens)
    }
}

/// zbarimg on a PNG.
enum QRReader {
    static var zbarimg: String? {
        ["/usr/bin/zbarimg", "/usr/local/bin/zbarimg"].first { FileManager.default.isExecutableFile(atPath: $0) }
    }

    static func decode(_ png: Data, in directory: URL) async throws -> String {
        let file = directory.appendingPathComponent("qr-\(UUID().uuidString).png")
        try png.write(to: file)
        let ran = try await ChildProcess.run(URL(fileURLWithPath: zbarimg ?? "/usr/bin/zbarimg"), ["--raw", "-q", file.path], errors: .discarded)
        return ran.output.trimmingCharacters(in: .newlines)
    }
}
