import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

/// An organisation of three people and one CI token, set up in a real headless Chromium:
/// the owner makes an app, invites an admin and an editor, gives each their role on the
/// app's page and makes a token for CI on their account page. Each person then signs in
/// and finds what their role allows and nothing more; what the page does not offer, the
/// server refuses when it is forged with the person's own CSRF token. The app's audit
/// log names who did each change.
@Suite("People and roles in a real browser", .serialized)
struct DashboardRolesBrowserTests {
    static let password = "correct horse battery"

    @Test(.enabled(if: DashboardBrowserTests.available, "Chromium, chromedriver or zbarimg is not installed; .ci/run installs them"))
    func anAdminAndAnEditorAndATokenEachDoWhatTheirRoleAllows() async throws {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "no Chromium")
        let chromedriver = try #require(WebDriver.chromedriver, "no chromedriver")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-roles-\(UUID().uuidString)")
        let screens = directory.appendingPathComponent("screenshots")
        try FileManager.default.createDirectory(at: screens, withIntermediateDirectories: true)
        // The admin token reads the organisation's log at the end; no one signs in with it.
        let admin = "adm_roles_test_token_0123456789abcdef"
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), environment: ["UNILINK_ADMIN_TOKEN": admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let api = LoopbackClient(client: http, port: server.port)
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
        /// The page offers none of these.
        func offersNone(_ selectors: String) async throws -> Bool {
            try await browser.execute("return document.querySelector('\(selectors)') === null") as? Bool == true
        }
        do {
            let root = "http://127.0.0.1:\(server.port)"
            let setup = try #require(server.banner.firstMatch(of: /http:\/\/127\.0\.0\.1:\d+\/setup\/[A-Za-z0-9]{43}/)?.0, "\(server.banner)")
            try await browser.open(String(setup))
            try await browser.type("olga@roles-test.example", into: "#email")
            try await browser.type(Self.password, into: "#password")
            try await browser.type(Self.password, into: "#confirm")
            try await browser.click("#password-form button")

            // The owner's app.
            try await browser.click("#new-app")
            try await browser.type("Roles Shop", into: "#name")
            try await browser.type("go.roles-test.example short\nroles-test.example primary", into: "#domains")
            try await browser.type("https://www.roles-test.example/", into: "#web_fallback_url")
            try await browser.click("#save-app")
            let numbers = try await browser.execute("return document.querySelector('a[href$=\"/numbers\"]').getAttribute('href')") as? String ?? ""
            let appPath = numbers.replacingOccurrences(of: "/numbers", with: "")
            let appID = String(appPath.dropFirst("/apps/".count))
            #expect(appID.hasPrefix("app_"), "\(appPath)")

            // Two people invited, each given a role on the app's page.
            var invitations: [String: String] = [:]
            for email in ["ada@roles-test.example", "eve@roles-test.example"] {
                try await browser.open(root + "/people")
                try await browser.type(email, into: "#invite-email")
                try await browser.click("#invite button")
                invitations[email] = try await browser.text("#invitation-url")
            }
            for (email, role) in [("ada@roles-test.example", "admin"), ("eve@roles-test.example", "editor")] {
                try await browser.open(root + appPath)
                try await browser.type(email, into: "#add-member input[name=email]")
                try await browser.execute("document.querySelector('#add-member select[name=role]').value = '\(role)'")
                try await browser.click("#add-member button")
                let members = try await browser.text("#members")
                #expect(members.contains(email) && members.contains(role), "\(members)")
            }
            try await screenshot("members")

            // A token for CI that may write the app's links and nothing else, shown once.
            try await browser.open(root + "/account")
            try await browser.type("CI: release links", into: "#token-name")
            try await browser.press(#"input[name="scopes[]"][value="links:write"]"#)
            try await browser.press(#"input[name="apps[]"][value="\#(appID)"]"#)
            try await browser.click("#new-token-form button")
            let token = try await browser.text("#new-token")
            #expect(token.wholeMatch(of: /ulpat_[0-9A-Za-z]{43}/) != nil, "\(token)")
            #expect(try await browser.text("#tokens").contains("CI: release links"))
            try await screenshot("token")
            try await browser.open(root + "/account")
            #expect(try await !browser.source.contains(token), "shown once")
            try await browser.click("#sign-out")

            let made = try await api.send("/v1/links?app_id=\(appID)", method: .POST, bearer: token, json: #"{"path": "/release/1"}"#)
            #expect(made.status == 201, "\(made.body)")
            let settings = try await api.send("/v1/apps/\(appID)", method: .PATCH, bearer: token, json: #"{"name": "CI's shop"}"#)
            #expect(settings.status == 403 && settings.body.contains("apps:write"), "\(settings.body)")

            // The editor makes links and nothing else.
            try await browser.open(try #require(invitations["eve@roles-test.example"]))
            try await browser.type(Self.password, into: "#password")
            try await browser.type(Self.password, into: "#confirm")
            try await browser.click("#password-form button")
            #expect(try await browser.text("#app-name") == "Roles Shop")
            #expect(try await offersNone("a[href$=\"/\(appID)/edit\"], #add-member, #app-audit, #app-webhooks, #nav-people, #nav-audit, #new-app"))
            try await screenshot("editor-app")
            try await browser.click("#new-link")
            try await browser.type("/spring/7", into: "#path")
            try await browser.click("#save-link")
            let short = try await browser.text("#short-url")
            #expect(short.hasPrefix("https://go.roles-test.example/"), "\(short)")
            let editorSettings = try await browser.postForm(appPath, fields: "name=Eve%27s+shop")
            #expect(editorSettings == 403, "an editor's change of the app's settings is refused")
            let editorMember = try await browser.postForm(appPath + "/members", fields: "email=eve%40roles-test.example&role=admin")
            #expect(editorMember == 403, "an editor cannot make themselves an admin")
            #expect(try await browser.status(of: appPath + "/audit") == 403, "the app's log is its admins'")
            try await browser.click("#sign-out")

            // The admin changes the app, but not the organisation.
            try await browser.open(try #require(invitations["ada@roles-test.example"]))
            try await browser.type(Self.password, into: "#password")
            try await browser.type(Self.password, into: "#confirm")
            try await browser.click("#password-form button")
            #expect(try await browser.text("#app-name") == "Roles Shop")
            #expect(try await offersNone("#nav-people, #nav-audit, #new-app"))
            try await browser.open(root + appPath + "/edit")
            try await browser.type("https://www.roles-test.example/app", into: "#web_fallback_url")
            try await browser.click("#save-app")
            #expect(try await browser.text("#app-name") == "Roles Shop")
            let invited = try await browser.postForm("/people", fields: "email=mallory%40roles-test.example")
            #expect(invited == 403, "an admin invites no one to the organisation")
            let created = try await browser.postForm("/apps", fields: "name=Another&domains=another.roles-test.example+primary")
            #expect(created == 403, "an admin makes no apps")

            // The app's log, as its admin reads it: each change with the person or token that made it.
            try await browser.click("#app-audit")
            #expect(try await browser.source.contains("Audit log of Roles Shop"))
            let log =
                try await browser.execute(
                    """
                    return Array.from(document.querySelectorAll('#audit tbody tr')).map(row =>
                      Array.from(row.cells).slice(1, 4).map(cell => cell.textContent).join(' | '))
                    """) as? [String] ?? []
            try await screenshot("app-audit")
            func entry(by actor: String, _ action: String, _ change: String) -> Bool {
                log.contains { $0.hasPrefix(actor) && $0.contains(action) && $0.contains(change) }
            }
            #expect(entry(by: "ada@roles-test.example", "app.update", "https://www.roles-test.example/app"), "\(log)")
            #expect(entry(by: "eve@roles-test.example", "link.create", "/spring/7"), "\(log)")
            #expect(
                log.contains {
                    $0.hasPrefix("token tok_") && $0.contains("of olga@roles-test.example") && $0.contains("link.create") && $0.contains("/release/1")
                },
                "\(log)")
            #expect(entry(by: "olga@roles-test.example", "member", "editor"), "\(log)")
            #expect(!log.contains { $0.contains("Eve's shop") }, "a refused change leaves nothing")
            // Nor in the organisation's log: no app made, no one invited by the admin.
            let organisation = try await api.send("/v1/audit?limit=200", bearer: admin)
            #expect(organisation.status == 200 && organisation.body.contains("member.add"), "\(organisation.body.prefix(300))")
            #expect(!organisation.body.contains("Another") && !organisation.body.contains("mallory"), "refused changes leave nothing")
            try await browser.click("#sign-out")
        } catch {
            try? await screenshot("failure")
            await BrowserTestEnd.failed(browser: browser, http: http, server: server, screens: screens)
            throw error
        }
        try await BrowserTestEnd.passed(browser: browser, http: http, server: server, directory: directory, screens: screens)
    }
}
