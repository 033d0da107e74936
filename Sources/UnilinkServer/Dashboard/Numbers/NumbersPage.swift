/// An app's numbers, with clicks by channel, campaign and source.
struct NumbersPage: DashboardPage {
    static let template = "numbers"
    var title: String
    var appID: String
    var appName: String
    var numbers: NumbersSection
    var session: PageSession?

    init(appID: String, appName: String, numbers: NumbersSection) {
        title = "Numbers of \(appName)"
        self.appID = appID
        self.appName = appName
        self.numbers = numbers
    }
}
