import Foundation
import ThriveCore
import ThriveStore

/// A freshly issued pair of API tokens. The secrets exist only in this value and in the response;
/// the database keeps their hashes.
public struct TokenPair: Codable, Sendable, Equatable {
    public let tokenType: String
    public let accessToken: String
    public let accessTokenExpiresAt: Date
    public let refreshToken: String
    public let refreshTokenExpiresAt: Date
}

/// Why a token was not accepted.
public enum TokenRefusal: Error, Equatable, Sendable {
    case invalid
    case expired
    /// A refresh token used twice: the whole family has been revoked.
    case reused
}

/// Bearer tokens for the JSON API: short-lived access tokens, rotating refresh tokens.
public struct TokenService: Sendable {
    static let accessPrefix = "thr_at_"
    static let refreshPrefix = "thr_rt_"

    let store: Store
    let now: Now
    let ids: IDGenerator
    let policy: SessionPolicy

    /// Issues a new pair in a new family.
    public func issue(for userID: UserID) async throws -> TokenPair {
        let familyID = ids.uuid()
        return try await store.write { try await self.issue(for: userID, family: familyID, in: $0) }
    }

    private func issue(for userID: UserID, family: UUID, in repositories: Repositories) async throws -> TokenPair {
        let time = now()
        let access = SecretTokens.make(prefix: Self.accessPrefix)
        let refresh = SecretTokens.make(prefix: Self.refreshPrefix)
        let pair = TokenPair(
            tokenType: "Bearer", accessToken: access, accessTokenExpiresAt: time + policy.accessTokenLifetime,
            refreshToken: refresh, refreshTokenExpiresAt: time + policy.refreshTokenLifetime)
        try await repositories.inactivity.markActive(userID, at: time)
        try await repositories.authTokens.insert([
            AuthToken(
                tokenHash: SecretTokens.hash(access), userID: userID, kind: .access, familyID: family, createdAt: time,
                expiresAt: pair.accessTokenExpiresAt),
            AuthToken(
                tokenHash: SecretTokens.hash(refresh), userID: userID, kind: .refresh, familyID: family, createdAt: time,
                expiresAt: pair.refreshTokenExpiresAt),
        ])
        return pair
    }

    /// The identity an access token proves.
    public func authenticate(accessToken: String) async throws(TokenRefusal) -> Identity {
        guard SecretTokens.looksValid(accessToken, prefix: Self.accessPrefix) else { throw .invalid }
        let hash = SecretTokens.hash(accessToken)
        let found: AuthToken?
        do {
            found = try await store.read { try await $0.authTokens.find(tokenHash: hash) }
        } catch {
            throw .invalid
        }
        guard let token = found, token.kind == .access, token.revokedAt == nil else { throw .invalid }
        guard token.expiresAt > now() else { throw .expired }
        return Identity(userID: token.userID, credential: .bearer(familyID: token.familyID))
    }

    /// Exchanges a refresh token for a new pair in the same family and revokes the old pair. A refresh
    /// token seen after its revocation means someone else holds a copy: the family is revoked.
    public func refresh(_ refreshToken: String) async throws -> TokenPair {
        guard SecretTokens.looksValid(refreshToken, prefix: Self.refreshPrefix) else { throw TokenRefusal.invalid }
        let hash = SecretTokens.hash(refreshToken)
        let time = now()
        let outcome: Result<TokenPair, TokenRefusal> = try await store.write { repositories in
            guard let token = try await repositories.authTokens.find(tokenHash: hash), token.kind == .refresh else {
                return .failure(.invalid)
            }
            if token.revokedAt != nil {
                try await repositories.authTokens.revokeFamily(token.familyID, at: time)
                return .failure(.reused)
            }
            guard token.expiresAt > time else { return .failure(.expired) }
            try await repositories.authTokens.revokeFamily(token.familyID, at: time)
            return .success(try await self.issue(for: token.userID, family: token.familyID, in: repositories))
        }
        return try outcome.get()
    }

    /// Revokes the tokens issued together with the presented one (this device's login).
    public func revoke(family: UUID) async throws {
        let time = now()
        try await store.write { try await $0.authTokens.revokeFamily(family, at: time) }
    }
}
