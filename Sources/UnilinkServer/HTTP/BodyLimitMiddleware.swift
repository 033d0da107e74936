import Hummingbird

/// Sets how many body bytes a route group's requests may send: the context's decoder
/// reads no further.
struct BodyLimitMiddleware<Context: VisitorContext>: RouterMiddleware {
    let bytes: Int

    func handle(_ request: Request, context: Context, next: (Request, Context) async throws -> Response) async throws -> Response {
        var context = context
        context.maxUploadSize = bytes
        return try await next(request, context)
    }
}
