import Foundation
import Mustache
import Testing
import UnilinkAPI
import UnilinkCore
import UnilinkStorage

@testable import UnilinkServer

/// Each page model against its template, with a sample value in every field: a template
/// key that names no property renders nothing, silently, so these fail for it instead.
/// Every value of the sample must be on the page (escaped), every property must be asked
/// for by the template (a `Bool` shows only by what it switches), and the template must
/// ask the page for nothing it lacks. The dashboard's pages and the preview page.
@Suite("Page models")
struct PageModelTests {
    struct Sample: Sendable, CustomTestStringConvertible {
        enum Model: Sendable {
            case dashboard(any DashboardPage)
            case preview(PreviewModel)
        }

        let name: String
        let model: Model
        /// What this page leaves out on purpose.
        var unshown: Set<String> = []
        var testDescription: String { name }

        init(name: String, page: any DashboardPage, unshown: Set<String> = []) {
            self.name = name
            model = .dashboard(page)
            self.unshown = unshown
        }

        init(name: String, preview: PreviewModel) {
            self.name = name
            model = .preview(preview)
        }

        /// The value the template reads.
        var page: Any {
            switch model {
            case .dashboard(let page): page
            case .preview(let model): PreviewPage(model)
            }
        }

        /// Rendered as the server renders it.
        func html() throws -> String {
            switch model {
            case .dashboard(let page): try DashboardPages().html(page)
            case .preview(let model): try PreviewRenderer().render(model)
            }
        }

        /// Rendered with `probe` standing in for the page.
        func render(_ probe: TemplateProbe) throws {
            switch model {
            case .dashboard(let page):
                var library = MustacheLibrary()
                for (name, text) in DashboardTemplates.all { try library.register(text, named: name) }
                _ = library.render(probe, withTemplate: type(of: page).template)
            case .preview:
                _ = try MustacheTemplate(string: PreviewTemplate.page).render(probe)
            }
        }
    }

    /// The dashboard's head shows them on the pages that have them.
    static let headOptionals: Set<String> = ["notice", "error"]

    @Test(arguments: samples + previewSamples)
    func everyValueIsOnThePage(_ sample: Sample) throws {
        let html = try sample.html()
        let missing = TemplateProbe.values(of: sample.page).filter { path, value in
            !sample.unshown.contains(path) && Self.shown(value).contains { !html.contains($0) }
        }
        #expect(missing.isEmpty, "\(sample.name): not on the page: \(missing.map(\.path))")
    }

    @Test(arguments: samples + previewSamples)
    func theTemplateAsksForEveryPropertyAndNothingElse(_ sample: Sample) throws {
        let log = TemplateProbe.Log()
        try sample.render(TemplateProbe.page(sample.page, log: log))
        let unread = TemplateProbe.values(of: sample.page).map(\.path).filter { !sample.unshown.contains($0) && !log.read.contains($0) }
        #expect(unread.isEmpty, "\(sample.name): the template never asks for \(unread)")
        let unknown = log.unanswered.subtracting(log.absent).subtracting(Self.headOptionals)
        #expect(unknown.isEmpty, "\(sample.name): the template asks for \(unknown.sorted()), which the page does not have")
        #expect(log.misanswered.isEmpty, "\(sample.name): child(named:) answers another property for \(log.misanswered)")
    }

    /// Its two flags differ, so a `child(named:)` that answers one for the other shows.
    static let previewSamples: [Sample] = [
        Sample(
            name: "preview",
            preview: PreviewModel(
                appName: v("appName"), title: v("title"), description: v("description"), imageURL: v("imageURL"), canonicalURL: v("canonicalURL"),
                openURL: v("openURL"), storeURL: v("storeURL"), storeName: v("storeName"), webURL: v("webURL"), appStoreID: v("appStoreID"),
                iosSchemeURL: v("iosSchemeURL"), androidPackage: v("androidPackage"), androidSchemeURL: v("androidSchemeURL"), clickID: v("clickID"),
                platform: .ios, language: .zh, showsBrowserHint: true, collectsSignals: false, pasteboardToken: v("pasteboardToken")
            ))
    ]

    /// Mustache renders a section for an empty string: the preview page's model leaves
    /// empty values out as it does absent ones.
    @Test func anEmptyValueLeavesItsSectionOut() throws {
        let html = try PreviewRenderer().render(
            PreviewModel(
                appName: "Shop", title: "Anna", description: "", imageURL: "", canonicalURL: "https://exm.pl/a", openURL: "", clickID: "c",
                platform: .ios
            ))
        #expect(!html.contains("name=\"description\"") && !html.contains("og:image") && !html.contains("id=\"open\""))
    }

    /// How a value appears in the HTML: text escaped, numbers as digits, server markup as is.
    static func shown(_ value: Any) -> [String] {
        switch value {
        case let text as String: [Pages.escape(text)]
        case let number as Int: [String(number)]
        case let markup as TrustedHTML: [markup.text]
        case let list as [String]: list.map(Pages.escape)
        default: []
        }
    }

    /// A value no template holds and every escape touches; the name keeps values apart.
    static func v(_ name: String) -> String { "<\(name)&'\">" }

    static let session = PageSession(who: v("who"), csrf: v("csrf"))

    static func signedIn<Page: DashboardPage>(_ page: Page) -> Page {
        var page = page
        page.session = session
        return page
    }

    static func moment(_ name: String) -> Moment { Moment(iso: v(name + "ISO"), relative: v(name)) }

    /// Typed fields the debugger cannot read: each named back in its problems.
    static let simulated = SimulatedVisitor(country: v("country"), languages: v("languages"), at: v("at"))

    static func rules(_ prefix: String) -> DebuggerPage.Rules {
        DebuggerPage.Rules(
            tried: [
                .init(
                    number: 700_001, name: v(prefix + "RuleName"), fromApp: true, holds: true, state: v(prefix + "State"),
                    joiner: v(prefix + "Joiner"), conditions: [.init(text: v(prefix + "Condition"), seen: v(prefix + "Seen"), holds: true)],
                    gives: v(prefix + "Gives"))
            ], verdict: v(prefix + "Verdict"))
    }

    static let numbers = NumbersSection(
        from: v("from"), to: v("to"), tz: v("tz"), ranges: [.init(label: v("rangeLabel"), href: v("rangeHref"), current: true)],
        csvURL: v("csvURL"), rawCSVURL: v("rawCSVURL"), totals: [.init(name: v("totalName"), value: v("totalValue"), change: v("change"))],
        chart: TrustedHTML(text: "<svg id=\"sample-chart\"></svg>"), topLinks: [.init(name: v("topName"), href: v("topHref"), count: v("topCount"))],
        platforms: [.init(name: v("platform"), count: v("platformCount"))], outcomes: [.init(name: v("outcome"), count: v("outcomeCount"))],
        groups: [.init(name: v("group"), rows: [.init(name: v("groupRow"), count: v("groupCount"))])]
    )

    static var list: LinkListSection {
        var list = LinkListSection(
            appID: "x", listing: LinkListing(now: .now), page: [], shown: { _ in LinkBody() }, facets: ([], []), next: nil, now: .now)
        list.rows = [
            .init(
                id: v("linkID"), url: v("url"), path: v("path"), value: v("value"), tags: [v("tag")], campaign: v("campaign"),
                clicks7: v("clicks7"), clicks30: v("clicks30"), created: moment("created"), state: v("state"))
        ]
        list.query = v("query")
        list.tags = [.init(value: v("tagValue"), label: v("tagLabel"), selected: true)]
        list.campaigns = [.init(value: v("campaignValue"), label: v("campaignLabel"), selected: true)]
        list.states = [.init(value: v("stateValue"), label: v("stateLabel"), selected: true)]
        list.columns = [.init(label: v("columnLabel"), href: v("columnHref"), sorted: v("sorted"), numeric: true)]
        list.next = v("next")
        list.showsArchived = true
        list.filtered = true
        return list
    }

    static var appPage: AppPage {
        var page = signedIn(
            AppPage(app: .init(id: "x", name: "x", domains: []), snapshot: .init(), admin: true, editor: true, list: list))
        page.title = v("title")
        page.appID = v("appID")
        page.appName = v("appName")
        page.publishableKey = v("publishableKey")
        page.platforms = [
            .init(name: v("platformName"), fields: [.init(label: v("fieldLabel"), value: v("fieldValue"))]), .init(name: v("missing"), fields: []),
        ]
        page.entitlements = v("entitlements")
        page.intentFilter = v("intentFilter")
        page.error = v("error")
        return page
    }

    static var samples: [Sample] {
        var listed = appPage
        listed.secretKey = v("secretKey")
        listed.members = [.init(user: v("memberID"), email: v("memberEmail"), name: v("memberName"), role: v("memberRole"))]
        listed.notice = v("notice")
        listed.hosts = [
            .init(
                name: v("host"), role: v("role"), aasa: v("aasa"), assetlinks: v("assetlinks"), applinking: v("applinking"), issues: [v("issue")],
                issuesCount: 700_007)
        ]
        var searched = appPage
        searched.list.rows = []
        searched.hosts = [
            .init(
                name: v("host"), role: v("role"), aasa: v("aasa"), assetlinks: v("assetlinks"), applinking: v("applinking"), issues: [],
                issuesCount: nil)
        ]

        let appFields = AppFormPage.Fields(
            name: v("name"), iosTeamID: v("iosTeamID"), iosBundleID: v("iosBundleID"), iosAppStoreID: v("iosAppStoreID"), iosScheme: v("iosScheme"),
            androidPackage: v("androidPackage"), androidScheme: v("androidScheme"), androidFingerprints: v("androidFingerprints"),
            harmonyBundleName: v("harmonyBundleName"), harmonyAppIdentifiers: v("harmonyAppIdentifiers"),
            harmonyAppGalleryURL: v("harmonyAppGalleryURL"), harmonyScheme: v("harmonyScheme"), webFallbackURL: v("webFallbackURL"),
            webAllowedHosts: v("webAllowedHosts"), domains: v("domains"), paths: v("paths"),
            excludePaths: v("excludePaths"), matchWindowSeconds: v("matchWindowSeconds"), pasteboardToken: true, defaultRules: v("defaultRules")
        )
        var appForm = signedIn(AppFormPage(heading: v("heading"), action: v("action"), form: appFields))
        appForm.title = v("title")
        appForm.error = v("error")
        for field in AppFieldErrors.fields { appForm.errors.set(field, v(field + "Error")) }
        let linkFields = LinkFormPage.Fields(
            path: v("path"), alias: v("alias"), deepLinkValue: v("deepLinkValue"), webURL: v("webURL"), iosURL: v("iosURL"),
            androidURL: v("androidURL"),
            desktopURL: v("desktopURL"), webOnly: true, minIOS: v("minIOS"), minAndroid: v("minAndroid"), socialTitle: v("socialTitle"),
            socialDescription: v("socialDescription"), socialImageURL: v("socialImageURL"), channel: v("channel"), campaign: v("campaign"),
            feature: v("feature"), source: v("source"), medium: v("medium"), expiresAt: v("expiresAt"), matchWindowSeconds: v("matchWindowSeconds"),
            data: v("data"), subs: v("subs"), tags: v("tags"), rules: v("rules"), variants: v("variants"), previewCountry: v("previewCountry"),
            previewLanguages: v("previewLanguages"), previewAt: v("previewAt"),
            previewVisitors: [.init(id: v("previewVisitorID"), name: v("previewVisitorName"), selected: true)]
        )
        var linkForm = signedIn(LinkFormPage(title: v("title"), heading: v("heading"), action: v("action"), form: linkFields))
        linkForm.error = v("error")
        for field in LinkFieldErrors.fields { linkForm.errors.set(field, v(field + "Error")) }
        linkForm.previewProblems = [v("previewProblem")]
        linkForm.preview = RulePreview(
            visitor: v("previewWho"),
            result: .init(
                id: v("previewID"), name: v("previewName"), agent: v("previewAgent"), summary: v("previewSummary"), outcome: v("previewOutcome"),
                destinations: [.init(step: v("previewStep"), label: v("previewLabel"), kind: v("previewKind"), url: v("previewURL"), why: nil)],
                rules: Self.rules("preview")))

        var link = signedIn(
            LinkDetailPage(
                link: .init(id: "lnk", appID: "x", code: "c", content: .init(), createdAt: .now, updatedAt: .now),
                shown: .init(), app: .init(id: "x", name: "x", domains: []), destinations: [], numbers: numbers))
        link.title = v("title")
        link.heading = v("heading")
        link.appID = v("appID")
        link.appName = v("appName")
        link.debugURL = v("debugURL")
        link.link = .init(id: v("id"), shortURL: v("shortURL"), longURL: v("longURL"), path: v("path"), deepLinkValue: v("deepLinkValue"))
        link.social = .init(title: v("socialTitle"), description: v("description"), host: v("socialHost"), imageURL: v("imageURL"))
        link.editor = true
        link.destinations = [.init(platform: v("destinationPlatform"), withApp: v("withApp"), withoutApp: v("withoutApp"), url: v("destinationURL"))]
        link.campaign = [.init(label: v("campaignLabel"), value: v("campaignValue"))]
        link.tags = [v("tag")]
        link.state = v("state")
        link.expires = moment("expires")
        link.created = moment("created")
        link.updated = moment("updated")
        link.visitors = [.init(time: moment("visited"), platform: v("visitorPlatform"), outcome: v("visitorOutcome"), inApp: v("visitorInApp"))]

        var numbersPage = signedIn(NumbersPage(appID: v("appID"), appName: v("appName"), numbers: numbers))
        numbersPage.title = v("title")

        let explained = DebuggerPage.Explanation(
            host: v("host"), role: v("role"), appID: v("appID"), appName: v("appName"), signedIn: true, linkID: v("linkID"), path: v("path"),
            value: v("value"), warnings: [v("warning")], ignored: [.init(name: v("ignored"), reason: v("reason"))], clickID: v("clickID"),
            visitors: [
                .init(
                    id: v("visitorID"), name: v("visitor"), agent: v("agent"), summary: v("summary"), outcome: v("outcome"),
                    destinations: [.init(step: v("step"), label: v("label"), kind: v("kind"), url: v("destination"), why: v("why"))],
                    rules: Self.rules("debugger"))
            ],
            claims: [
                .init(
                    host: v("claimHost"), url: v("claimURL"), appID: v("claimAppID"), decision: v("decision"),
                    reason: v("claimReason"))
            ],
            clicks: [.init(time: moment("time"), platform: v("platform"), outcome: v("clickOutcome"), inApp: v("inApp"))]
        )
        // Signed out (FDL's public page): no links to the app, no clicks; an ad-hoc long link has no id.
        let adHoc = DebuggerPage.Explanation(
            host: v("host"), role: v("role"), appID: v("appID"), appName: v("appName"), signedIn: false, linkID: nil, path: v("path"),
            value: nil, warnings: [], ignored: [], clickID: v("clickID"), visitors: [], claims: [], clicks: []
        )

        var account = signedIn(
            AccountPage(
                user: User(id: "u", email: "e", name: "n", passwordHash: "h", isOwner: true, createdAt: .now, updatedAt: .now), sessions: [],
                current: "",
                tokens: [], apps: []))
        account.email = v("email")
        account.name = v("name")
        account.twoFactor = true
        account.sessions = [.init(id: v("sessionID"), opened: moment("opened"), address: v("address"), agent: v("agent"), current: true)]
        account.tokens = [
            .init(
                id: v("tokenID"), name: v("tokenName"), hint: v("hint"), scopes: v("scopes"), apps: v("apps"), expires: moment("expires"),
                lastUsed: moment("lastUsed"), state: v("state"), usable: false),
            .init(
                id: v("tokenID2"), name: v("tokenName2"), hint: v("hint2"), scopes: v("scopes2"), apps: v("apps2"), expires: moment("expires2"),
                lastUsed: moment("lastUsed2"), state: v("state2"), usable: true),
        ]
        account.scopes = [.init(value: v("scope"))]
        account.apps = [.init(id: v("appChoiceID"), name: v("appChoiceName"))]
        account.newToken = v("newToken")
        var people = signedIn(PeoplePage(.init(), appNames: [:]))
        people.people = [
            .init(
                id: v("personID"), email: v("personEmail"), name: v("personName"), owner: true, disabled: false, twoFactor: true, pending: false,
                apps: v("apps"))
        ]
        people.invitationURL = v("invitationURL")
        people.invitedEmail = v("invitedEmail")
        var password = PasswordPage(setup: true, action: v("action"), email: v("email"), name: v("name"))
        password.title = v("title")
        password.heading = v("heading")
        password.error = v("error")
        var twoFactor = signedIn(TwoFactorPage(secret: v("secret"), account: "a@b.c"))
        twoFactor.typed = v("typed")
        twoFactor.error = v("error")
        let audit = signedIn(
            AuditLogPage(
                heading: v("heading"),
                entries: [
                    .init(
                        time: moment("time"), actor: v("actor"), action: v("action"), object: v("object"), changes: v("changes"),
                        address: v("address"))
                ], next: v("next")))

        var message = MessagePage(heading: v("heading"), text: v("text"))
        message.title = v("title")
        return [
            Sample(name: "sign in", page: SignInPage(email: v("email"), error: v("error"), provider: v("provider"))),
            Sample(name: "signed in from the provider", page: LandingPage()),
            Sample(name: "sign-in code", page: CodePage(error: v("error"))),
            Sample(
                name: "apps", page: signedIn(AppListPage(apps: [.init(id: v("id"), name: v("name"), hosts: v("hosts"), created: moment("created"))]))),
            Sample(name: "password", page: password),
            Sample(name: "account", page: account),
            Sample(name: "two-factor", page: twoFactor),
            Sample(name: "people", page: people),
            Sample(name: "audit log", page: audit),
            Sample(name: "app with links", page: listed, unshown: ["list.filtered"]),
            Sample(name: "app, nothing found", page: searched),
            Sample(name: "app form", page: appForm),
            Sample(name: "link", page: link),
            Sample(
                name: "link form",
                page: linkForm),
            Sample(name: "numbers", page: numbersPage),
            Sample(name: "debugger", page: signedIn(DebuggerPage(url: v("url"), resolved: explained, simulated: simulated))),
            Sample(
                name: "debugger, signed out", page: DebuggerPage(url: v("url"), resolved: adHoc),
                unshown: ["resolved.appID", "resolved.clicks", "country", "languages", "at"]),
            Sample(name: "debugger, refused", page: signedIn(DebuggerPage(url: v("url"), error: v("error"), simulated: simulated))),
            Sample(name: "message", page: signedIn(message)),
        ]
    }
}
