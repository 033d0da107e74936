import Hummingbird

/// Routes of the signed-in group see this context: it exists only with a session, so
/// their handlers cannot run without one. Signed out is `DashboardError.signedOut`, which
/// `DashboardMiddleware` answers with a redirect to the sign-in page.
struct SignedInContext: ChildRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    let session: DashboardSession
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int

    init(context: DashboardContext) throws {
        guard let session = context.identity else { throw DashboardError.signedOut }
        self.session = session
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }
}
