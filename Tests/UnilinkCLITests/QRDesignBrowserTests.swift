import AsyncHTTPClient
import Foundation
import NIOHTTP1
import Testing

@testable import UnilinkCore

/// An app's QR design page in headless Chromium: the colour pickers repaint the preview as
/// they change, a logo chosen from disk is read by the page's script and previewed before
/// anything is saved, Save stores it, and the code as the page shows it still reads.
@Suite("QR design page in a real browser", .serialized)
struct QRDesignBrowserTests {
    @Test(.enabled(if: DashboardBrowserTests.available, "Chromium, chromedriver or zbarimg is not installed; .ci/run installs them"))
    func anAdminPicksColoursAndALogoAndSeesThemBeforeSaving() async throws {
        let chromium = try #require(PreviewPageBrowserTests.chromium, "no Chromium")
        let chromedriver = try #require(WebDriver.chromedriver, "no chromedriver")
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("unilink-qr-design-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let admin = "adm_qr_design_token_0123456789"
        let server = try await RunningServer(
            database: directory.appendingPathComponent("unilink.sqlite"), arguments: ["--no-demo"], environment: ["UNILINK_ADMIN_TOKEN": admin])
        let http = HTTPClient(eventLoopGroupProvider: .singleton)
        let api = LoopbackClient(client: http, port: server.port)
        let browser: WebDriver
        do {
            browser = try await WebDriver(
                chromedriver: chromedriver, chromium: chromium,
                arguments: [
                    "--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1200,1000", "--user-data-dir=\(directory.path)/profile",
                ],
                http: http)
        } catch {
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        do {
            let made = try await api.send(
                "/v1/apps", method: .POST, bearer: admin,
                json:
                    #"{"name": "Shop", "domains": [{"host": "go.shop-test.example", "role": "short"}], "web": {"fallback_url": "https://shop-test.example/"}}"#
            )
            #expect(made.status == 201, "\(made.body)")
            let appID = try #require(made.body.firstMatch(of: /"id":"(app_[^"]+)"/)?.1)
            let root = "http://127.0.0.1:\(server.port)"
            try await browser.open(root + "/")
            try await browser.execute("document.querySelector('#sign-in-token').closest('details').open = true")
            try await browser.type(admin, into: "#token")
            try await browser.click("#sign-in-token button")
            try await browser.open(root + "/apps/\(appID)/qr")
            #expect(try await browser.source.contains("QR design of Shop"))

            try await browser.type("#1d3557", into: "#foreground")
            #expect(try await browser.execute("return document.querySelector('#qr-preview path').getAttribute('fill')") as? String == "#1d3557")
            #expect(try await browser.execute("return document.getElementById('foreground-picker').value") as? String == "#1d3557")

            let logo = directory.appendingPathComponent("logo.png")
            // A red square: a logo no reader mistakes for a code of its own.
            let red = (0..<48).flatMap { _ in [0] + Array(repeating: [0xE6, 0x39, 0x46] as [UInt8], count: 48).joined() }
            try Data(PNGWriter.image(width: 48, height: 48, pixels: .rgb, raster: red)).write(to: logo)
            try await browser.execute("window.unilinkPreviousPage = true")
            try await browser.type(logo.path, into: "#logo-file")
            _ = try await browser.waitFor("window.unilinkPreviousPage !== true && document.readyState === 'complete' ? 'loaded' : ''")
            #expect(try await browser.source.contains("A preview: nothing is saved"), "choosing a file previews it")
            #expect(try await browser.execute("return document.querySelector('#qr-preview image') !== null") as? Bool == true)
            let unsaved = try await api.send("/v1/apps/\(appID)", bearer: admin).body
            #expect(!unsaved.contains("logo_png") && unsaved.contains(##""foreground":"#000000""##), "a preview saves nothing")

            let shown = try await browser.screenshot(of: "#qr-preview svg")
            #expect(try await QRReader.decode(shown, in: directory) == "https://go.shop-test.example/Ab3dE6g", "the preview reads, logo and all")

            try await browser.click("#save-qr-design")
            #expect(try await browser.source.contains("Saved: the app's QR codes"))
            let saved = try await api.send("/v1/apps/\(appID)", bearer: admin).body
            #expect(saved.contains(##""foreground":"#1d3557""##) && saved.contains(#""logo_png":"iVBORw0KGgo"#), "\(saved.prefix(600))")
        } catch {
            await browser.close()
            try? await http.shutdown()
            _ = try? await server.stop()
            throw error
        }
        await browser.close()
        try await http.shutdown()
        _ = try await server.stop()
    }
}
