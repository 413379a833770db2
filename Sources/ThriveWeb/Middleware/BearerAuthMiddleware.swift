import Hummingbird

/// Accepts `Authorization: Bearer <access token>` on API routes. A token that is present but wrong
/// or expired is refused with a 401 that says which, so clients know to refresh; but only where the
/// route needs a person (``AppRequestContext/requireUser()``): a client that still sends its old
/// token while it refreshes, signs in or reads the public documents is not turned away.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let tokens: TokenService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            return try await next(request, context)
        }
        var context = context
        if header.lowercased().hasPrefix("bearer ") {
            do {
                context.identity = try await tokens.authenticate(
                    accessToken: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
            } catch .expired {
                context.bearerRefusal = AppError(
                    status: .unauthorized, code: "token_expired", message: t("auth.accessExpired"))
            } catch {
                context.bearerRefusal = AppError(status: .unauthorized, code: "invalid_token", message: t("api.badToken"))
            }
        } else {
            context.bearerRefusal = AppError(status: .unauthorized, code: "invalid_token", message: t("auth.bearerMissing"))
        }
        return try await next(request, context)
    }
}
