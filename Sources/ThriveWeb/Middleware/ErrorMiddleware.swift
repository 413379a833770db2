import Foundation
import Hummingbird
import Logging

/// Turns every thrown error into an answer a person can act on: `{ "error": { "code", "message" } }`
/// under `/api/`, a friendly page elsewhere. Unexpected errors are logged by type only (their text can
/// carry data) and shown as a generic 500.
struct ErrorMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let renderer: PageRenderer
    /// Lets "not found" pass on to the file middleware outside it, which answers it with a file when
    /// one is there; the outer error middleware renders it otherwise.
    var passesNotFound = false

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        do {
            return try await next(request, context)
        } catch {
            let appError = AppError(error)
            if passesNotFound, appError.status == .notFound { throw error }
            if appError.status.code >= 500 {
                context.logger.error("unhandled error", metadata: ["error.type": .string(String(reflecting: type(of: error)))])
            }
            var response =
                Self.wantsJSON(request)
                ? Self.json(appError)
                : renderer.render(
                    "error", chrome: Chrome(title: Self.heading(appError), context: context),
                    content: ErrorPage(appError, request: request, context: context), status: appError.status)
            if let retryAfter = appError.retryAfter { response.headers[.retryAfter] = String(retryAfter) }
            return response
        }
    }

    /// The API, and the page scripts' own calls (a passkey ceremony), which ask for JSON.
    static func wantsJSON(_ request: Request) -> Bool {
        request.uri.path.hasPrefix("/api/") || request.uri.path == "/healthz"
            || request.headers[.accept]?.hasPrefix("application/json") == true
    }

    static func json(_ error: AppError) -> Response {
        struct Envelope: Encodable {
            struct Body: Encodable {
                let code: String
                let message: String
                let field: String?
            }
            let error: Body
        }
        let data =
            (try? StrictJSON.makeEncoder().encode(
                Envelope(error: .init(code: error.code, message: error.message, field: error.field)))) ?? Data()
        return Response(
            status: error.status, headers: [.contentType: "application/json; charset=utf-8"],
            body: .init(byteBuffer: ByteBuffer(bytes: data)))
    }

    static func heading(_ error: AppError) -> String {
        switch error.status.code {
        case 404: t("errorPage.heading.notFound")
        case 403: t("errorPage.heading.forbidden")
        case 401: t("errorPage.heading.unauthorized")
        case 429: t("errorPage.heading.tooMany")
        case 400..<500: t("errorPage.heading.client")
        default: t("errorPage.heading.server")
        }
    }
}

/// What the error page shows.
struct ErrorPage: Sendable {
    struct Action: Sendable {
        let href: String
        let label: String
        /// A way back to where the person was: the browser's own back, so a form keeps its text.
        var goesBack = false
    }

    let heading: String
    let message: String
    let code: String
    let action: Action

    init(_ error: AppError, request: Request, context: AppRequestContext) {
        heading = ErrorMiddleware.heading(error)
        message = error.message
        code = "\(error.status.code) \(error.code)"
        if error.status == .contentTooLarge, let back = Self.samePage(request.headers[.referer], request: request) {
            // The browser keeps what was typed in the form it goes back to.
            action = Action(href: back, label: t("errorPage.backToForm"), goesBack: true)
        } else if context.identity == nil {
            action = Action(href: "/login", label: t("errorPage.logIn"))
        } else {
            action = Action(href: "/", label: t("errorPage.dashboard"))
        }
    }

    /// The path of a page of this server that sent the request, never another site's address.
    static func samePage(_ referer: String?, request: Request) -> String? {
        guard let referer, let url = URL(string: referer),
            url.host == nil || url.host == request.head.authority?.split(separator: ":").first.map(String.init),
            url.path.hasPrefix("/"), !url.path.hasPrefix("//")
        else { return nil }
        return url.path + (url.query.map { "?\($0)" } ?? "")
    }
}
