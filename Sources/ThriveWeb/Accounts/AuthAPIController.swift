import Foundation
import Hummingbird
import ThriveCore

/// Bearer tokens for apps and scripts: `POST /api/v1/auth/login`, `/refresh` and `/logout`.
struct AuthAPIController {
    let services: AppServices
    static let bodyLimit = 16 * 1024

    struct LoginRequest: Codable {
        let email: String
        let password: String
        /// The `deviceToken` of an earlier sign-in on this device: its failed attempts are then
        /// counted apart from anyone else's guesses at the same account.
        let deviceToken: String?
    }

    /// The answer to a right password on an account with two-step sign-in.
    struct SecondFactorChallenge: Codable {
        let secondFactorRequired: Bool
        /// Send it back with the code to `/api/v1/auth/login/second-factor`.
        let ticket: String
        let ticketExpiresAt: Date
    }

    struct SecondFactorRequest: Codable {
        let ticket: String
        let code: String
    }

    struct RefreshRequest: Codable {
        let refreshToken: String
    }

    struct LogoutRequest: Codable {
        /// Also end every other session and token of the account.
        let everywhere: Bool?
    }

    struct LoginResponse: Codable {
        struct User: Codable {
            let id: UserID
            let email: String
        }
        let tokenType: String
        let accessToken: String
        let accessTokenExpiresAt: Date
        let refreshToken: String
        let refreshTokenExpiresAt: Date
        /// Keep it and send it with the next sign-in from this device.
        let deviceToken: String
        let user: User
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("login") { request, context -> Response in
            let body = try await StrictJSON.decode(LoginRequest.self, from: request, context: context, limit: Self.bodyLimit)
            let signIn: AccountService.SignIn
            do {
                signIn = try await services.accounts.authenticate(
                    email: body.email, password: body.password, clientAddress: context.clientAddress,
                    deviceToken: body.deviceToken)
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            }
            if try await services.twoFactor.isEnabled(signIn.account.id) {
                let pending = PendingSignIn(userID: signIn.account.id, deviceToken: signIn.deviceToken, now: services.now())
                return try jsonResponse(
                    SecondFactorChallenge(
                        secondFactorRequired: true, ticket: pending.sealed(try services.twoFactor.vault()),
                        ticketExpiresAt: pending.expires),
                    status: .accepted)
            }
            return try await signedIn(signIn.account, deviceToken: signIn.deviceToken)
        }

        group.post("login/second-factor") { request, context -> Response in
            let body = try await StrictJSON.decode(
                SecondFactorRequest.self, from: request, context: context, limit: Self.bodyLimit)
            guard let pending = PendingSignIn.opened(body.ticket, try services.twoFactor.vault(), at: services.now()),
                let account = try await services.store.read({ try await $0.accounts.find(id: UserID(pending.userID)) })
            else {
                throw AppError(status: .unauthorized, code: "ticket_expired", message: t("api.ticketExpired"), field: "ticket")
            }
            do {
                try await services.accounts.throttled(codeFor: account.id) {
                    try await services.twoFactor.verify(for: account.id, code: body.code)
                }
            } catch TwoFactorRefusal.wrongCode {
                throw AppError(status: .unauthorized, code: "wrong_code", message: t("loginCode.wrong"), field: "code")
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            }
            return try await signedIn(account, deviceToken: pending.deviceToken)
        }

        group.post("refresh") { request, context -> Response in
            let body = try await StrictJSON.decode(RefreshRequest.self, from: request, context: context, limit: Self.bodyLimit)
            do {
                return try jsonResponse(try await services.tokens.refresh(body.refreshToken))
            } catch let refusal as TokenRefusal {
                switch refusal {
                case .expired:
                    throw AppError(
                        status: .unauthorized, code: "token_expired", message: t("auth.refreshExpired"))
                case .reused:
                    throw AppError(
                        status: .unauthorized, code: "token_reused",
                        message:
                            t("auth.refreshReused"))
                case .invalid:
                    throw AppError(
                        status: .unauthorized, code: "invalid_token", message: t("auth.refreshInvalid"))
                }
            }
        }

        group.post("logout") { request, context -> Response in
            guard let identity = context.identity, case .bearer(let family) = identity.credential else {
                if let refusal = context.bearerRefusal { throw refusal }
                throw AppError(status: .unauthorized, code: "unauthenticated", message: t("api.logoutToken"))
            }
            let everywhere: Bool
            if request.headers[.contentLength].map({ $0 != "0" }) ?? false {
                everywhere =
                    try await StrictJSON.decode(LogoutRequest.self, from: request, context: context, limit: Self.bodyLimit)
                    .everywhere ?? false
            } else {
                everywhere = false
            }
            if everywhere {
                try await services.sessions.endEverywhere(for: identity.userID)
            } else {
                try await services.tokens.revoke(family: family)
            }
            return Response(status: .noContent)
        }
    }

    func signedIn(_ account: Account, deviceToken: String) async throws -> Response {
        _ = try await services.accountDeletion.cancel(for: account.id)
        let pair = try await services.tokens.issue(for: account.id)
        return try jsonResponse(
            LoginResponse(
                tokenType: pair.tokenType, accessToken: pair.accessToken, accessTokenExpiresAt: pair.accessTokenExpiresAt,
                refreshToken: pair.refreshToken, refreshTokenExpiresAt: pair.refreshTokenExpiresAt,
                deviceToken: deviceToken, user: .init(id: account.id, email: account.email.value)))
    }

    static func error(for refusal: LoginRefusal, now: Date) -> AppError {
        switch refusal {
        case .wrongCredentials:
            AppError(status: .unauthorized, code: "invalid_credentials", message: t("api.badCredentials"))
        case .locked(let until):
            AppError(
                status: .tooManyRequests, code: "login_locked",
                message: t("auth.throttled"),
                retryAfter: max(1, Int(until.timeIntervalSince(now).rounded(.up))))
        }
    }
}
