import Hummingbird
import HummingbirdAuth

/// The dashboard's routes see this context: the visitor, and the session of their cookie
/// as the identity once `DashboardSessionAuthenticator` has read it (`nil`: signed out).
struct DashboardContext: ChildRequestContext, AuthRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    var identity: DashboardSession?
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int

    init(context: AppRequestContext) {
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }
}
