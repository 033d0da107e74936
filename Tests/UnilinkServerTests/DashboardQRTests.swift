import Foundation
import HTTPTypes
import HummingbirdTesting
import Mustache
import NIOCore
import Testing
import UnilinkAPI
import UnilinkCore

@testable import UnilinkServer

/// An app's QR design in the dashboard, for its admins: the API's refusals at the field
/// they are about with everything typed kept (the new logo too), a preview that saves
/// nothing, saving audited under the person, and the link page's QR block.
@Suite("Dashboard QR design")
struct DashboardQRTests {
    typealias Session = DashboardWebhookTests.SignedIn

    static func stored(_ client: any TestClientProtocol, _ app: CreatedApp) async throws -> QRDesignBody? {
        try await client.send(.get, "/v1/apps/\(app.id)", bearer: TestServer.adminToken).decode(AppBody.self).qr
    }

    @Test func anAdminSeesEachRefusalAtItsFieldAndLosesNothingTyped() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let admin = try await DashboardWebhookTests.signIn(client, "ada@example.com", role: "admin", in: shop)
            let page = try await DashboardWebhookTests.get(client, "/apps/\(shop.id)/qr", as: admin)
            #expect(page.status == .ok && page.text.contains(##"id="foreground" name="foreground" value="#000000""##))
            #expect(page.text.contains("<svg"), "the preview")

            let logo = Data(QRDesignAPITests.logo).base64EncodedString()
            let faint = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "#777777"), ("background", "#ffffff"), ("logo_png", logo)], as: admin)
            #expect(faint.status == .unprocessableContent)
            #expect(faint.text.contains(#"<p class="error" id="colours-error">"#) && faint.text.contains("contrast of 4.47:1"))
            #expect(faint.text.contains(##"value="#777777""##) && faint.text.contains(logo), "what was typed is kept, the new logo too")

            let wrong = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "navy"), ("background", "#ffffff"), ("logo_png", "PHN2Zy8+")], as: admin)
            #expect(wrong.status == .badRequest)
            #expect(wrong.text.contains(##"id="foreground-error">&#39;qr.foreground&#39; must be a colour like #1a2b3c"##), "\(wrong.text)")
            #expect(wrong.text.contains(#"id="logo-error">&#39;qr.logo_png&#39;: the logo is not a PNG image"#))
            #expect(!wrong.text.contains("background-error"))
            #expect(try await Self.stored(client, shop) == QRDesignBody(foreground: "#000000", background: "#ffffff"), "nothing saved")

            let preview = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "1d3557"), ("background", "#f1faee"), ("logo_png", logo), ("preview", "1")],
                as: admin)
            #expect(preview.status == .ok && preview.text.contains(##"fill="#1d3557""##) && preview.text.contains("data:image/png;base64,"))
            #expect(try await Self.stored(client, shop) == QRDesignBody(foreground: "#000000", background: "#ffffff"), "a preview saves nothing")

            let saved = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "1d3557"), ("background", "#f1faee"), ("logo_png", logo)], as: admin)
            #expect(saved.status == .ok && saved.text.contains("Saved"))
            #expect(try await Self.stored(client, shop) == QRDesignBody(foreground: "#1d3557", background: "#f1faee", logoPNG: logo))

            // Colours changed alone keep the logo; the box removes it.
            _ = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "#000000"), ("background", "#ffffff")], as: admin)
            #expect(try await Self.stored(client, shop)?.logoPNG == logo)
            _ = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "#000000"), ("background", "#ffffff"), ("remove_logo", "on")], as: admin)
            #expect(try await Self.stored(client, shop)?.logoPNG == nil)

            let log = try await client.send(.get, "/v1/audit?action=app.update", bearer: TestServer.adminToken).text
            #expect(log.contains(admin.person.id) && log.contains("#1d3557"), "audited under the person")
        }
    }

    @Test func onlyAnAppsAdminChangesItsDesign() async throws {
        try await TestServer.run { client in
            let shop = try await client.createApp()
            let editor = try await DashboardWebhookTests.signIn(client, "ed@example.com", role: "editor", in: shop)
            #expect(try await DashboardWebhookTests.get(client, "/apps/\(shop.id)/qr", as: editor).status == .forbidden)
            let posted = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "#1d3557"), ("background", "#ffffff")], as: editor)
            #expect(posted.status == .forbidden)
            let admin = try await DashboardWebhookTests.signIn(client, "ada@example.com", role: "admin", in: shop)
            let forged = Session(person: admin.person, cookie: admin.cookie, csrf: "forged")
            let refused = try await DashboardWebhookTests.post(
                client, "/apps/\(shop.id)/qr", [("foreground", "#1d3557"), ("background", "#ffffff")], as: forged)
            #expect(refused.status == .forbidden)
            #expect(try await Self.stored(client, shop) == QRDesignBody(foreground: "#000000", background: "#ffffff"))
        }
    }

    @Test func theDesignPageMatchesItsTemplate() throws {
        let v = PageModelTests.v
        var page = PageModelTests.signedIn(QRDesignPage(app: App(id: "x", name: "x")))
        page.title = v("title")
        page.appID = v("appID")
        page.appName = v("appName")
        page.form = .init(foreground: v("foreground"), background: v("background"), logo: v("logo"), removeLogo: true)
        page.hasLogo = true
        page.preview = TrustedHTML(text: v("preview"))
        page.previewURL = v("previewURL")
        page.foregroundError = v("foregroundError")
        page.backgroundError = v("backgroundError")
        page.coloursError = v("coloursError")
        page.logoError = v("logoError")
        page.error = v("error")
        page.notice = v("notice")
        let sample = PageModelTests.Sample(name: "qr_design", page: page)
        try PageModelTests().everyValueIsOnThePage(sample)
        try PageModelTests().theTemplateAsksForEveryPropertyAndNothingElse(sample)
    }

    /// The link page's block, with what the link page gives it: the image and every download.
    @Test func theLinkBlockOffersScreenPrintAndPlainDownloads() throws {
        struct Block {
            struct Link {
                let id: String
                let shortURL: String
            }
            let link: Link
            let appID: String
        }
        var library = MustacheLibrary()
        for (name, text) in DashboardTemplates.all { try library.register(text, named: name) }
        let html = try #require(
            library.render(Block(link: .init(id: "lnk_1", shortURL: "https://exm.pl/a"), appID: "app_1"), withTemplate: "link_qr"))
        #expect(html.contains(#"<img id="qr" src="/links/lnk_1/qr.png?size=240""#) && html.contains(#"alt="QR code of https://exm.pl/a""#))
        for download in [
            "qr.png?size=1024\"", "qr.png?size=2048\"", "qr.png?size=4096\"", "qr.svg?size=1024\"",
            "qr.png?size=4096&amp;fg=000000&amp;bg=ffffff&amp;logo=0", "qr.svg?size=1024&amp;fg=000000&amp;bg=ffffff&amp;logo=0",
        ] {
            #expect(html.contains("/links/lnk_1/\(download)"), "\(download)")
        }
        #expect(html.contains(#"href="/apps/app_1/qr""#))
    }
}
