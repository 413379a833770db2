import Foundation

/// Why talking to a provider failed, in the terms the pull schedule and the settings page need.
public enum ProviderError: Error, Equatable, Sendable {
    /// HTTP 429 (Withings: status 601): wait this long, if the provider said.
    case rateLimited(retryAfter: TimeInterval?)
    /// The access token was refused: refresh it and try once more.
    case expired
    /// The person withdrew consent, or the refresh token is no longer valid (`invalid_grant`).
    case revoked
    /// Any other answer, or none.
    case unavailable(status: Int)
    /// An answer that is not what the provider documents.
    case unreadable
}
