import Foundation
import HTTPTypes
import Hummingbird

/// The client's address for the sign-in throttle. Behind a reverse proxy every request comes from
/// the proxy, so one address would stand for everyone; `X-Forwarded-For` says who is behind it, but
/// anyone can write that header, so it is read only from a proxy the operator named
/// (`THRIVE_TRUSTED_PROXIES`), right to left, past any further trusted proxies.
struct ClientAddressMiddleware: RouterMiddleware {
    typealias Context = AppRequestContext
    let trustedProxies: Set<String>
    static let forwardedFor = HTTPField.Name("X-Forwarded-For")!

    func handle(
        _ request: Request, context: Context, next: (Request, Context) async throws -> Response
    ) async throws -> Response {
        guard let peer = context.clientAddress, trustedProxies.contains(peer) else {
            return try await next(request, context)
        }
        var context = context
        context.clientAddress = Self.client(
            forwardedFor: request.headers[values: Self.forwardedFor], peer: peer, trusted: trustedProxies)
        return try await next(request, context)
    }

    /// The right-most address in the header chain that is not a trusted proxy; the peer when the
    /// header is missing or names only proxies.
    static func client(forwardedFor headers: [String], peer: String, trusted: Set<String>) -> String {
        let hops = headers.flatMap { $0.split(separator: ",") }.map { $0.trimmingCharacters(in: .whitespaces) }
        return hops.reversed().first { !$0.isEmpty && !trusted.contains($0) } ?? peer
    }
}
