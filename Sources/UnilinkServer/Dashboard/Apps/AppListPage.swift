import Foundation
import UnilinkCore

/// The signed-in home: the apps the session sees, oldest first.
struct AppListPage: DashboardPage {
    struct Row: Sendable {
        let id: String
        let name: String
        let hosts: String
        let created: Moment
    }

    static let template = "apps"
    let title = "Apps"
    var apps: [Row]
    /// Owners create apps.
    var canCreate: Bool
    var session: PageSession?

    init(apps: [Row], canCreate: Bool = true) {
        self.apps = apps
        self.canCreate = canCreate
    }

    init(_ apps: some Collection<App>, canCreate: Bool) {
        self.canCreate = canCreate
        self.apps = apps.sorted { ($0.createdAt, $0.id) < ($1.createdAt, $1.id) }.map { app in
            Row(id: app.id, name: app.name, hosts: app.domains.map(\.host).joined(separator: ", "), created: Moment(app.createdAt))
        }
    }
}
