import HTTPTypes
import Hummingbird

/// Where the dashboard is, for links the server hands out (invitations, the setup page):
/// `UNILINK_DASHBOARD_HOST` over HTTPS when set, else the host the request came to.
struct DashboardAddress: Sendable {
    let dashboardHost: String?

    func url(_ path: String, for request: Request) -> String {
        if let dashboardHost { return "https://\(dashboardHost)\(path)" }
        let scheme = SignInController.cameOverTLS(request) ? "https" : "http"
        return "\(scheme)://\(request.head.authority ?? "localhost")\(path)"
    }
}
