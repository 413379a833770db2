import HTTPTypes
import Hummingbird
import Logging

/// One log line per request (at debug level: a line per request at info costs a third of the
/// throughput) with what operators need and nothing personal: the request ID, the
/// method, the matched route's pattern (never the concrete path or query, which can carry typed
/// text), the status and the time taken.
struct RequestLogMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        let start = ContinuousClock.now
        var response = try await next(request, context)
        response.headers[.requestID] = context.id
        let elapsed = ContinuousClock.now - start
        let milliseconds = Double(elapsed.components.attoseconds) / 1e15 + Double(elapsed.components.seconds) * 1_000
        context.logger.log(
            level: response.status.code >= 500 ? .error : .debug,
            "request",
            metadata: [
                "method": .string(request.method.rawValue),
                "route": .string(context.endpointPath ?? "unmatched"),
                "status": .stringConvertible(response.status.code),
                "ms": .string(String(format: "%.1f", milliseconds)),
            ])
        return response
    }
}

extension HTTPField.Name {
    static let requestID = HTTPField.Name("X-Request-ID")!
    static let csrfToken = HTTPField.Name("X-CSRF-Token")!
}
