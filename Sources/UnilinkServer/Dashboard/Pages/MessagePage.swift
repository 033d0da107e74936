/// A page that only says something: not found, not allowed, the database away.
struct MessagePage: DashboardPage {
    static let template = "message"
    var title: String
    var heading: String
    var text: String
    var session: PageSession?

    init(heading: String, text: String) {
        title = heading
        self.heading = heading
        self.text = text
    }
}
