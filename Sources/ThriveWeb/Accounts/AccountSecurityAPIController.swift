import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// The account's security for apps: password reset by e-mail (`/api/v1/auth/password-reset`),
/// password and e-mail changes, and where the account is signed in (`/api/v1/account/…`).
struct AccountSecurityAPIController {
    let services: AppServices
    static let bodyLimit = 16 * 1024

    struct ResetRequest: Codable {
        let email: String
    }

    struct ResetConfirmation: Codable {
        let token: String
        let password: String
    }

    struct PasswordChange: Codable {
        let currentPassword: String
        let newPassword: String
    }

    struct EmailChange: Codable {
        let newEmail: String
        let currentPassword: String
    }

    struct EmailConfirmation: Codable {
        let token: String
    }

    struct Accepted: Codable {
        let message: String
    }

    struct SignedIn: Codable {
        enum Kind: String, Codable { case browser, app }
        let id: String
        let kind: Kind
        let name: String
        let current: Bool
        let signedInAt: Date
        let lastActiveAt: Date
    }

    struct SignedInList: Codable {
        let sessions: [SignedIn]
    }

    func addRoutes(auth: RouterGroup<AppRequestContext>, api: RouterGroup<AppRequestContext>) {
        auth.post("password-reset") { request, context -> Response in
            let body = try await StrictJSON.decode(ResetRequest.self, from: request, context: context, limit: Self.bodyLimit)
            _ = try EmailAddress(body.email)
            try await services.accounts.requestPasswordReset(email: body.email)
            return try jsonResponse(Accepted(message: t("forgot.sent")), status: .accepted)
        }

        auth.post("password-reset/confirm") { request, context -> Response in
            let body = try await StrictJSON.decode(ResetConfirmation.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                try await services.accounts.resetPassword(token: body.token, new: body.password, sessions: services.sessions)
            } catch AccountLinkRefusal.unusable {
                throw Self.unusable(t("reset.unusable"))
            }
            return Response(status: .noContent)
        }

        api.post("account/password") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(PasswordChange.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                try await services.accounts.changePassword(
                    for: userID, current: body.currentPassword, new: body.newPassword, keeping: nil, sessions: services.sessions)
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            } catch let error as ValidationError where error.field == "password" {
                throw AppError(status: .unprocessableContent, code: "invalid_input", message: error.message, field: "newPassword")
            }
            // Every token was revoked, the caller's too: it carries on with a new pair.
            return try jsonResponse(try await services.tokens.issue(for: userID))
        }

        api.post("account/email") { request, context -> Response in
            let userID = try context.requireUser()
            let body = try await StrictJSON.decode(EmailChange.self, from: request, context: context, limit: Self.bodyLimit)
            guard services.configuration.push.smtp != nil else {
                throw AppError(status: .conflict, code: "email_unavailable", message: t("security.emailNoMail"))
            }
            do {
                try await services.accounts.requestEmailChange(for: userID, to: body.newEmail, password: body.currentPassword)
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            } catch let error as ValidationError where error.field == "email" {
                throw AppError(status: .unprocessableContent, code: "invalid_input", message: error.message, field: "newEmail")
            }
            return try jsonResponse(Accepted(message: t("security.emailSent")), status: .accepted)
        }

        api.post("account/email/confirm") { request, context -> Response in
            let body = try await StrictJSON.decode(EmailConfirmation.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                let email = try await services.accounts.confirmEmail(token: body.token)
                return try jsonResponse(["email": email.value])
            } catch AccountLinkRefusal.unusable {
                throw Self.unusable(t("confirmEmail.unusable"))
            } catch StoreError.conflict {
                throw AppError(status: .conflict, code: "conflict", message: t("security.emailTaken"), field: "email")
            }
        }

        api.get("account/sessions") { _, context -> Response in
            let userID = try context.requireUser()
            let now = services.now()
            let (sessions, apps) = try await services.store.read { repositories in
                (
                    try await repositories.sessions.all(for: userID),
                    try await repositories.authTokens.families(for: userID, at: now)
                )
            }
            var current: String?
            if case .bearer(let family) = context.identity?.credential { current = family.uuidString.lowercased() }
            let list =
                sessions.map {
                    SignedIn(
                        id: $0.handle, kind: .browser, name: SecurityPage.name(BrowserName(stored: $0.deviceName)),
                        current: false,
                        signedInAt: $0.createdAt, lastActiveAt: $0.lastSeenAt)
                }
                + apps.map {
                    let id = $0.id.uuidString.lowercased()
                    return SignedIn(
                        id: id, kind: .app, name: t("security.app"), current: id == current, signedInAt: $0.createdAt,
                        lastActiveAt: $0.lastUsedAt)
                }
            return try jsonResponse(SignedInList(sessions: list))
        }

        api.delete("account/sessions/:id") { _, context -> Response in
            let userID = try context.requireUser()
            let id = context.parameters.get("id") ?? ""
            let time = services.now()
            let ended = try await services.store.write { repositories -> Bool in
                if let family = UUID(uuidString: id) {
                    return try await repositories.authTokens.revokeFamily(family, of: userID, at: time)
                }
                return try await repositories.sessions.delete(handle: id, of: userID)
            }
            guard ended else { throw AppError.notFound(t("security.sessionGone")) }
            return Response(status: .noContent)
        }
    }

    static func unusable(_ message: String) -> AppError {
        AppError(status: .gone, code: "link_unusable", message: message, field: "token")
    }
}
