import Hummingbird

/// Accepts `Authorization: Bearer <access token>` on API routes. A token that is present but wrong
/// or expired is refused at once with a 401 that says which, so clients know to refresh.
struct BearerAuthMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let tokens: TokenService

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let header = request.headers[.authorization] else {
            return try await next(request, context)
        }
        guard header.lowercased().hasPrefix("bearer ") else {
            throw AppError(
                status: .unauthorized, code: "invalid_token", message: t("auth.bearerMissing")
            )
        }
        var context = context
        do {
            context.identity = try await tokens.authenticate(
                accessToken: String(header.dropFirst(7)).trimmingCharacters(in: .whitespaces))
        } catch .expired {
            throw AppError(
                status: .unauthorized, code: "token_expired",
                message: t("auth.accessExpired"))
        } catch {
            throw AppError(status: .unauthorized, code: "invalid_token", message: t("api.badToken"))
        }
        return try await next(request, context)
    }
}
