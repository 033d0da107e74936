/// A page of the dashboard: a value per field its template shows, each named as the
/// template names it (Mustache reads them by reflection). An optional that is `nil` leaves
/// its section out; an empty string would not.
protocol DashboardPage: Sendable {
    static var template: String { get }
    /// Set by `DashboardPages` when a visitor is signed in.
    var session: PageSession? { get set }
}
