import Foundation
import UnilinkAPI
import UnilinkCore

/// A link's page: its addresses and content, its QR code, how it looks when shared, and
/// its numbers.
struct LinkDetailPage: DashboardPage {
    struct Addresses: Sendable {
        let id: String
        let shortURL: String?
        let longURL: String?
        let path: String
        let deepLinkValue: String
    }

    /// The card a messenger draws from the link's social fields.
    struct SocialCard: Sendable {
        let title: String
        let description: String
        let host: String
        let imageURL: String?
    }

    static let template = "link"
    var title: String
    var heading: String
    var appID: String
    var appName: String
    var link: Addresses
    /// What the debugger is asked about (`/debug?url=`).
    var debugURL: String
    var social: SocialCard?
    var numbers: NumbersSection
    /// Editors and above change and delete it.
    var editor = false
    var session: PageSession?

    init(link: Link, shown body: LinkBody, app: App, numbers: NumbersSection) {
        let url = body.shortURL ?? body.longURL ?? ""
        title = body.shortURL ?? link.id
        heading = body.alias ?? body.path ?? link.id
        appID = app.id
        appName = app.name
        self.link = Addresses(
            id: link.id, shortURL: body.shortURL, longURL: body.longURL, path: body.path ?? "", deepLinkValue: body.deepLinkValue ?? "")
        debugURL = url
        social = body.social.map { social in
            SocialCard(
                title: social.title ?? body.path ?? app.name, description: social.description ?? "", host: URLComponents(string: url)?.host ?? "",
                imageURL: social.imageURL.flatMap { $0.isEmpty ? nil : $0 })
        }
        self.numbers = numbers
    }
}
