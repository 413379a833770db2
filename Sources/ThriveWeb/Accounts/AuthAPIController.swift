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
        let user: User
    }

    func addRoutes(to group: RouterGroup<AppRequestContext>) {
        group.post("login") { request, context -> Response in
            let body = try await StrictJSON.decode(LoginRequest.self, from: request, context: context, limit: Self.bodyLimit)
            let account: Account
            do {
                account = try await services.accounts.authenticate(
                    email: body.email, password: body.password, clientAddress: context.clientAddress)
            } catch let refusal as LoginRefusal {
                throw AuthAPIController.error(for: refusal, now: services.now())
            }
            let pair = try await services.tokens.issue(for: account.id)
            return try jsonResponse(
                LoginResponse(
                    tokenType: pair.tokenType, accessToken: pair.accessToken, accessTokenExpiresAt: pair.accessTokenExpiresAt,
                    refreshToken: pair.refreshToken, refreshTokenExpiresAt: pair.refreshTokenExpiresAt,
                    user: .init(id: account.id, email: account.email.value)))
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
