import Hummingbird
import UnilinkCore

/// Routes of the SDK see the app whose publishable key the request carries.
struct SDKContext: ChildRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    let app: App
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int

    init(context: AppRequestContext) throws {
        guard case .publishableKey(let app) = context.identity else {
            throw APIError.unauthorized("send the app's publishable key in the X-Unilink-Key header")
        }
        self.app = app
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }
}
