import Foundation

/// A one-time link sent by e-mail: a password reset, or a new address to confirm (spec 003
/// FR-086..FR-088, NFR-029: an hour, once). Only the hash of its token is kept.
public struct AccountLink: Hashable, Sendable {
    public enum Purpose: String, Sendable, Codable, CaseIterable {
        case passwordReset
        case emailChange
    }

    /// How long a link works.
    public static let lifetime: TimeInterval = 3_600
    /// Links of one purpose a person may be sent in an hour: enough for a lost mail, too few to
    /// flood their inbox with someone else's requests.
    public static let perHour = 3

    public let tokenHash: String
    public let userID: UserID
    public let purpose: Purpose
    /// For ``Purpose/emailChange``: the address to confirm.
    public let newEmail: EmailAddress?
    public let createdAt: Date
    public var usedAt: Date?

    public var expiresAt: Date { createdAt + Self.lifetime }

    public init(
        tokenHash: String, userID: UserID, purpose: Purpose, newEmail: EmailAddress? = nil, createdAt: Date, usedAt: Date? = nil
    ) {
        self.tokenHash = tokenHash
        self.userID = userID
        self.purpose = purpose
        self.newEmail = newEmail
        self.createdAt = createdAt
        self.usedAt = usedAt
    }

    /// Whether the link still works at `now`: not used, and less than an hour old.
    public func isUsable(at now: Date) -> Bool { usedAt == nil && now < expiresAt }
}
