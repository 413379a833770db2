import Foundation
import Hummingbird

/// A link to something that is not there (an old notification, a deleted entry, a mistyped address)
/// lands a signed-in person on the dashboard with a note, as spec F4.2 asks. Files (assets, the
/// library's media) are left alone: their 404 is what lets the file middleware serve them. It runs after the
/// session is known; the error middleware, earlier in the chain, renders everything else.
struct DeadLinkMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            guard AppError(error).status == .notFound, request.method == .get, context.identity != nil,
                !ErrorMiddleware.wantsJSON(request), !request.uri.path.hasPrefix("/assets/"),
                !request.uri.path.hasPrefix("/media/")
            else { throw error }
            return .redirect(to: "/?notice=unavailable", type: .normal)
        }
    }
}
