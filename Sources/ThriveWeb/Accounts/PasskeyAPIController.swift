import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Passkeys for apps: sign in with one (`/api/v1/auth/passkey`), and list, register, rename and
/// remove the account's own (`/api/v1/account/passkeys`). The ceremony travels as a sealed ticket
/// in the JSON instead of a cookie.
struct PasskeyAPIController {
    let services: AppServices
    static let bodyLimit = 64 * 1024

    /// A passkey as the API and the page show it; never its key.
    struct Summary: Codable {
        let id: String
        let name: String
        let createdAt: Date
        let lastUsedAt: Date?

        init(_ passkey: Passkey) {
            id = passkey.credentialID
            name = passkey.name
            createdAt = passkey.createdAt
            lastUsedAt = passkey.lastUsedAt
        }
    }

    struct SummaryList: Codable {
        let passkeys: [Summary]
    }

    struct Ceremony<Options: Codable & Sendable>: Codable {
        /// Hand it to the authenticator.
        let publicKey: Options
        /// Send it back with the authenticator's answer, within five minutes.
        let ticket: String
    }

    struct SignInRequest: Codable {
        let ticket: String
        let credential: PasskeyService.Assertion
        let deviceToken: String?
    }

    struct RegisterRequest: Codable {
        let ticket: String
        let name: String
        let credential: PasskeyService.Registration
    }

    struct Rename: Codable {
        let name: String
    }

    func addRoutes(auth: RouterGroup<AppRequestContext>, api: RouterGroup<AppRequestContext>) {
        auth.post("passkey/options") { request, _ -> Response in
            let (options, ticket) = try await services.passkeys.requestOptions(
                .signIn, for: nil, site: try WebAuthn.site(services.configuration, for: request))
            return try jsonResponse(Ceremony(publicKey: options, ticket: ticket))
        }

        auth.post("passkey") { request, context -> Response in
            let body = try await StrictJSON.decode(SignInRequest.self, from: request, context: context, limit: Self.bodyLimit)
            let passkey = try await services.passkeys.verify(
                body.credential, ticket: body.ticket, step: .signIn, site: try WebAuthn.site(services.configuration, for: request)
            )
            guard let account = try await services.store.read({ try await $0.accounts.find(id: passkey.userID) }) else {
                throw AppError(status: .unauthorized, code: "passkey_unknown", message: t("passkeys.unknown"))
            }
            let deviceToken = try await services.accounts.rememberDevice(for: account.id, presented: body.deviceToken)
            return try await AuthAPIController(services: services).signedIn(account, deviceToken: deviceToken)
        }

        api.get("account/passkeys") { _, context -> Response in
            let userID = try context.requireUser()
            let passkeys = try await services.store.read { try await $0.passkeys.all(for: userID) }
            return try jsonResponse(SummaryList(passkeys: passkeys.map(Summary.init)))
        }

        api.post("account/passkeys/options") { request, context -> Response in
            let userID = try context.requireUser()
            guard let account = try await services.store.read({ try await $0.accounts.find(id: userID) }) else {
                throw AppError.notFound()
            }
            let (options, ticket) = try await services.passkeys.creationOptions(
                for: account, site: try WebAuthn.site(services.configuration, for: request))
            return try jsonResponse(Ceremony(publicKey: options, ticket: ticket))
        }

        api.post("account/passkeys") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(RegisterRequest.self, from: request, context: context, limit: Self.bodyLimit)
            let passkey = try await services.passkeys.register(
                body.credential, name: body.name, ticket: body.ticket, for: userID,
                site: try WebAuthn.site(services.configuration, for: request))
            return try jsonResponse(Summary(passkey), status: .created)
        }

        api.patch("account/passkeys/:id") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(Rename.self, from: request, context: context, limit: Self.bodyLimit)
            try await services.passkeys.rename(context.parameters.get("id") ?? "", of: userID, to: body.name)
            return Response(status: .noContent)
        }

        api.delete("account/passkeys/:id") { _, context -> Response in
            let userID = try context.requireUser()
            try await services.passkeys.remove(context.parameters.get("id") ?? "", of: userID)
            return Response(status: .noContent)
        }
    }

}
