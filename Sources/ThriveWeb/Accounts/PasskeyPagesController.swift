import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Passkeys in the browser: Profile › Sign-in and security › Passkeys (add, rename, remove) and
/// "Sign in with a passkey" on the login page. The ceremonies are JSON between `passkeys.js` and
/// the server, the ceremony itself in an HttpOnly cookie; renaming and removing are plain forms.
struct PasskeyPagesController {
    let services: AppServices
    static let path = SecurityPagesController.path + "/passkeys"
    static let bodyLimit = 64 * 1024

    struct NewPasskey: Codable {
        let name: String
        let credential: PasskeyService.Registration
    }

    struct SignedIn: Codable {
        let redirect: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        let route = String(Self.path.dropFirst())
        router.post(RouterPath(route + "/options")) { request, context -> Response in
            let account = try await signedInAccount(context)
            let (options, ticket) = try await services.passkeys.creationOptions(
                for: account, site: try WebAuthn.site(services.configuration, for: request))
            return try withCeremony(jsonResponse(options), ticket)
        }

        router.post(RouterPath(route)) { request, context -> Response in
            let account = try await signedInAccount(context)
            let body = try await StrictJSON.decode(NewPasskey.self, from: request, context: context, limit: Self.bodyLimit)
            let passkey = try await services.passkeys.register(
                body.credential, name: body.name, ticket: request.cookies[PasskeyCeremony.cookieName]?.value, for: account.id,
                site: try WebAuthn.site(services.configuration, for: request))
            return try withCeremony(jsonResponse(PasskeyAPIController.Summary(passkey), status: .created), "")
        }

        router.post(RouterPath(route + "/:id/rename")) { request, context -> Response in
            var request = request
            guard let userID = context.identity?.userID else { return context.toLogin }
            let form = FormFields(try await request.collectBody(upTo: CSRFMiddleware.formLimit))
            do {
                try await services.passkeys.rename(context.parameters.get("id") ?? "", of: userID, to: form["name"] ?? "")
            } catch let error as ValidationError {
                var errors = FormErrors()
                errors.add("passkeyName", t(error.phrase))
                return try await SecurityPagesController(services: services).rendered(
                    context, errors: errors, status: .unprocessableContent)
            }
            return .redirect(to: SecurityPagesController.path + "?done=passkeyRenamed", type: .normal)
        }

        router.post(RouterPath(route + "/:id/remove")) { _, context -> Response in
            guard let userID = context.identity?.userID else { return context.toLogin }
            try await services.passkeys.remove(context.parameters.get("id") ?? "", of: userID)
            return .redirect(to: SecurityPagesController.path + "?done=passkeyRemoved", type: .normal)
        }

        router.post("login/passkey/options") { request, _ -> Response in
            let (options, ticket) = try await services.passkeys.requestOptions(
                .signIn, for: nil, site: try WebAuthn.site(services.configuration, for: request))
            return try withCeremony(jsonResponse(options), ticket)
        }

        router.post("login/passkey") { request, context -> Response in
            let assertion = try await StrictJSON.decode(
                PasskeyService.Assertion.self, from: request, context: context, limit: Self.bodyLimit)
            let passkey = try await services.passkeys.verify(
                assertion, ticket: request.cookies[PasskeyCeremony.cookieName]?.value, step: .signIn,
                site: try WebAuthn.site(services.configuration, for: request))
            let deviceToken = try await services.accounts.rememberDevice(
                for: passkey.userID, presented: request.cookies[KnownDevice.cookieName]?.value)
            let destination = Invitation.pending(request) ?? "/"
            var response = try await AuthPagesController(services: services).signedIn(
                passkey.userID, deviceToken: deviceToken, request: request, to: destination)
            let next = response.headers[.location] ?? destination
            response.status = .ok
            response.headers[.location] = nil
            response.headers[.contentType] = "application/json; charset=utf-8"
            response.body = .init(byteBuffer: ByteBuffer(data: try StrictJSON.makeEncoder().encode(SignedIn(redirect: next))))
            return withCeremony(response, "")
        }
    }

    private func signedInAccount(_ context: AppRequestContext) async throws -> Account {
        let userID = try context.requireUser()
        guard let account = try await services.store.read({ try await $0.accounts.find(id: userID) }) else {
            throw AppError.notFound()
        }
        return account
    }

    /// Hands the browser the ceremony to bring back (or, empty, forgets it).
    private func withCeremony(_ response: Response, _ ticket: String) -> Response {
        var response = response
        response.setCookie(PasskeyCeremony.cookie(ticket, secure: services.configuration.usesTLS))
        return response
    }
}
