import Hummingbird
import UnilinkCore

/// Routes of the management API see this context: the caller (admin token, secret key or
/// a person's token), what it may do, and what `Authorizer` granted the route (its app,
/// its link) before the handler runs.
struct APIContext: ChildRequestContext, VisitorContext {
    var coreContext: CoreRequestContextStorage
    let caller: Caller
    /// What the caller may do, worked out once per request.
    let access: Access
    let peerAddress: String?
    var clientAddress: String??
    var maxUploadSize: Int
    var grant = Grant()

    /// What a route's authorisation found: the app (and the link) it acts on.
    struct Grant: Sendable {
        var app: App?
        var link: Link?
    }

    init(context: AppRequestContext) throws {
        switch context.identity {
        case .some(.publishableKey), .none:
            throw APIError.unauthorized("send an API token, an app's secret key or the admin token as 'Authorization: Bearer <token>'")
        case .some(let caller):
            self.caller = caller
            access = caller.access
        }
        coreContext = context.coreContext
        peerAddress = context.peerAddress
        clientAddress = context.clientAddress
        maxUploadSize = context.maxUploadSize
    }

    /// The route's app, as `Authorizer` granted it.
    var app: App {
        get throws {
            guard let app = grant.app else { throw APIError(.internalServerError, "internal", "the route has no app") }
            return app
        }
    }

    /// The route's link, as `Authorizer` granted it.
    var link: Link {
        get throws {
            guard let link = grant.link else { throw APIError(.internalServerError, "internal", "the route has no link") }
            return link
        }
    }

    var author: ChangeAuthor { ChangeAuthor(actor: caller.actor, address: auditAddress) }
}
