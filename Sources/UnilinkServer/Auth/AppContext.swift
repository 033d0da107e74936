import Hummingbird
import UnilinkCore

/// Routes of the management API see the app whose secret key the request carries.
struct AppContext: ChildRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    let app: App
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int

    init(context: AppRequestContext) throws {
        guard case .secretKey(let app) = context.identity else {
            throw APIError.unauthorized("send the app's secret key as 'Authorization: Bearer sk_...'")
        }
        self.app = app
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }
}
