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

    struct Pair: Sendable {
        let label: String
        let value: String
    }

    /// A recent click as the debugger sees it.
    struct Visitor: Sendable {
        let time: Moment
        let platform: String
        let outcome: String
        let inApp: String
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
    /// Where it goes on each platform.
    var destinations: [LinkDestinations.Row]
    /// Campaign fields that are set.
    var campaign: [Pair]
    var tags: [String]
    var state: String
    var expires: Moment?
    var created: Moment
    var updated: Moment
    var visitors: [Visitor] = []
    var numbers: NumbersSection
    var routing: LinkRoutingSection?
    /// Editors and above change and delete it.
    var editor = false
    var session: PageSession?

    init(link: Link, shown body: LinkBody, app: App, destinations: [LinkDestinations.Row], numbers: NumbersSection, now: Date = .now) {
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
        self.destinations = destinations
        let fields = body.campaign
        campaign = [
            ("Channel", fields?.channel), ("Campaign", fields?.campaign), ("Feature", fields?.feature), ("Source", fields?.source),
            ("Medium", fields?.medium),
        ].compactMap { label, value in value.map { Pair(label: label, value: $0) } }
        tags = link.tags ?? []
        state = link.state(at: now).rawValue
        expires = link.expiresAt.map { Moment($0, now: now) }
        created = Moment(link.createdAt, now: now)
        updated = Moment(link.updatedAt, now: now)
        self.numbers = numbers
    }
}
