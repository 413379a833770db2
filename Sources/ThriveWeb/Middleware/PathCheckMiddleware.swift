import Foundation
import Hummingbird

/// Refuses an address whose path holds a control character (a NUL byte, a line break), percent-
/// encoded or not, or broken percent-encoding: no page or file has one, and a NUL can cut a file
/// name short further down (`app.css%00.html` answered as HTML). It runs before the files are served.
struct PathCheckMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let path = request.uri.path
        guard let decoded = path.removingPercentEncoding,
            !decoded.unicodeScalars.contains(where: { $0.properties.generalCategory == .control })
        else { throw AppError.badRequest(t("error.badPath")) }
        return try await next(request, context)
    }
}
