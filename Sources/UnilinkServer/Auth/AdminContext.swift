import Hummingbird

/// Routes of the admin group see this context: it exists only for the admin token.
struct AdminContext: ChildRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int

    init(context: AppRequestContext) throws {
        guard case .admin = context.identity else { throw APIError.unauthorized("send the admin token as 'Authorization: Bearer <token>'") }
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }
}
