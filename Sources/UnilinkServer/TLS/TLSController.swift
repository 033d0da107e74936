import HTTPTypes
import Hummingbird
import UnilinkAPI

/// `GET /v1/tls/allowed?domain=HOST` for a TLS proxy's on-demand certificates (Caddy's
/// `on_demand_tls ask`): 200 for a link host of any app or the dashboard's host, 404 for
/// any other name, 400 without one. No credential and no database: the host directory in
/// memory answers, so a burst of handshakes costs nothing.
struct TLSController {
    let directory: HostDirectory
    let dashboardHost: String?

    func register(on router: Router<AppRequestContext>) {
        router.get(RouterPath(APIPath.tlsAllowed), use: allowed)
    }

    @Sendable func allowed(_ request: Request, context: AppRequestContext) async throws -> Response {
        let hosts = directory.current.hosts
        let verdict = CertificateAsk.verdict(for: request.uri.queryParameters["domain"]) { name in
            hosts[String(name)] != nil || name == dashboardHost.map { Substring($0) }
        }
        switch verdict {
        case .allowed: return Response(status: .ok, headers: [.cacheControl: "no-store"])
        case .unknown: return Response(status: .notFound, headers: [.cacheControl: "no-store"])
        case .refused(let reason): throw APIError.badRequest(reason)
        }
    }
}
