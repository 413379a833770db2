import Foundation
import Hummingbird
import ThriveCore
import ThriveImport
import ThriveStore

/// Profile › Settings › Connected devices: connect a provider (the browser is the app: the PKCE
/// verifier waits in an HttpOnly cookie scoped to the callback), sync now, disconnect keeping or
/// deleting the data; and `GET /oauth/callback`, where providers send the person back.
struct DevicePagesController {
    let services: AppServices
    static let path = "/profile/devices"
    static let verifierCookie = "thrive_pkce"
    static let callbackPath = "/oauth/callback"

    var devices: DeviceServices { services.devices }

    /// Where providers send the person back: this server's public address, or the one the request
    /// came to (the same for the start and the exchange, as OAuth requires).
    static func redirectURI(_ request: Request, _ configuration: AppConfiguration) -> String {
        redirectURI(callbackPath, request, configuration)
    }

    /// `path` on this server as a provider must be told it: the public address, or the one asked.
    static func redirectURI(_ path: String, _ request: Request, _ configuration: AppConfiguration) -> String {
        if let publicURL = configuration.publicURL {
            return (publicURL.hasSuffix("/") ? String(publicURL.dropLast()) : publicURL) + path
        }
        let host = request.head.authority ?? "\(configuration.host):\(configuration.port)"
        return "http://\(host)\(path)"
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get(RouterPath(String(Self.path.dropFirst()))) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let (connections, zone, policy) = try await services.store.read { repositories in
                let records = repositories.records(of: owner)
                return (
                    try await records.devices.all(), try await records.timeZone(),
                    try await records.documents.get(PlanPreferences.self)?.sources ?? SourcePolicy()
                )
            }
            let page = DevicesPage(
                offered: services.configuration.devices.offered, connections: connections, zone: zone, now: services.now(),
                preferences: policy,
                query: Dictionary(request.uri.queryParameters.map { (String($0.key), String($0.value)) }) { first, _ in first })
            return services.renderer.render(
                "devices", chrome: Chrome(title: t("devices.title"), context: context, tab: .profile), content: page)
        }
        router.post(RouterPath(String(Self.path.dropFirst()) + "/:provider/connect")) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let provider = try DeviceServices.provider(context.parameters.get("provider"))
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let back = form["return"].flatMap { DeviceServices.isAllowedReturn($0) && $0.hasPrefix("/") ? $0 : nil } ?? Self.path
            let verifier = PKCE.newVerifier()
            let url = try devices.start(
                provider, challenge: PKCE.challenge(for: verifier), returnTo: back,
                redirectURI: Self.redirectURI(request, services.configuration), for: owner)
            var response = Response.redirect(to: url.absoluteString, type: .normal)
            response.setCookie(
                Cookie(
                    name: Self.verifierCookie, value: verifier, maxAge: Int(RelayTicket.stateLifetime), path: Self.callbackPath,
                    secure: services.configuration.usesTLS, httpOnly: true, sameSite: .lax))
            return response
        }
        router.get(RouterPath(String(Self.callbackPath.dropFirst()))) { request, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let query = request.uri.queryParameters
            guard let state = query["state"].map(String.init) else {
                throw AppError.badRequest(t("devices.badState"), field: "state")
            }
            // The person said no at the provider (RFC 6749 §4.1.2.1): back, saying so.
            if let refusal = query["error"].map(String.init) {
                let ticket = try? devices.callback(code: "refused", state: state, for: owner).ticket
                let back = ticket?.returnTo ?? Self.path
                let provider = ticket?.provider.rawValue ?? ""
                return .redirect(
                    to: Self.adding(back, [("refused", provider), ("reason", refusal == "access_denied" ? "denied" : "error")]),
                    type: .normal)
            }
            let (ticket, handle) = try devices.callback(code: query["code"].map(String.init) ?? "", state: state, for: owner)
            // The web app's own flow: its verifier is in the cookie; finish here.
            if let verifier = request.cookies[Self.verifierCookie]?.value {
                let back = ticket.returnTo ?? Self.path
                var response: Response
                do {
                    let (_, pulled) = try await devices.relay(
                        handle: handle, verifier: verifier, redirectURI: Self.redirectURI(request, services.configuration),
                        for: owner)
                    response = .redirect(
                        to: Self.adding(back, [("connected", ticket.provider.rawValue), ("pulled", String(pulled))]),
                        type: .normal)
                } catch let error as AppError {
                    response = .redirect(
                        to: Self.adding(back, [("failed", ticket.provider.rawValue), ("code", error.code)]), type: .normal)
                }
                response.setCookie(
                    Cookie(
                        name: Self.verifierCookie, value: "", maxAge: 0, path: Self.callbackPath,
                        secure: services.configuration.usesTLS, httpOnly: true, sameSite: .lax))
                return response
            }
            // A native app: the handle goes to where it asked, to be posted with its verifier.
            if let back = ticket.returnTo {
                return .redirect(
                    to: Self.adding(back, [("handle", handle), ("provider", ticket.provider.rawValue)]), type: .normal)
            }
            return try jsonResponse(["handle": handle, "provider": ticket.provider.rawValue])
        }
        router.post(RouterPath(String(Self.path.dropFirst()) + "/:provider/sync")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let provider = try DeviceServices.provider(context.parameters.get("provider"))
            _ = try await devices.syncNow(provider, for: owner)
            return .redirect(to: "\(Self.path)?syncing=\(provider.rawValue)#device-\(provider.rawValue)", type: .normal)
        }
        router.post(RouterPath(String(Self.path.dropFirst()) + "/:provider/prefer")) { _, context -> Response in
            guard let owner = context.identity?.userID else { return context.toLogin }
            let provider = try DeviceServices.provider(context.parameters.get("provider"))
            let time = services.now()
            try await services.store.write { repositories in
                let records = repositories.records(of: owner)
                guard let connection = try await records.devices.get(provider) else {
                    throw AppError.notFound(t("devices.notConnected", ["provider": provider.brand]))
                }
                var preferences = try await records.documents.get(PlanPreferences.self) ?? PlanPreferences()
                for kind in connection.scopes.flatMap(\.kinds) { preferences.sources.preferred[kind.identifier] = provider.brand }
                try await records.documents.save(preferences, at: time)
            }
            return .redirect(to: "\(Self.path)#device-\(provider.rawValue)", type: .normal)
        }
        router.post(RouterPath(String(Self.path.dropFirst()) + "/:provider/disconnect")) { request, context -> Response in
            var request = request
            guard let owner = context.identity?.userID else { return context.toLogin }
            let provider = try DeviceServices.provider(context.parameters.get("provider"))
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            let done = try await devices.disconnect(provider, keepingData: form["data"] != "delete", for: owner)
            return .redirect(
                to: Self.adding(
                    Self.path,
                    [
                        ("disconnected", provider.rawValue), ("deleted", String(done.deleted)),
                        ("revoked", done.revokedAtProvider ? "1" : "0"),
                    ]), type: .normal)
        }
    }

    /// `path` with these query items added (after any it has).
    static func adding(_ path: String, _ items: [(String, String)]) -> String {
        path + (path.contains("?") ? "&" : "?") + FormEncoding.query(items)
    }
}
