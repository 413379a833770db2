import Foundation

/// A person's login: who they are to the server. Their health data hangs off ``id``.
public struct Account: Hashable, Sendable, Identifiable {
    public let id: UserID
    public let email: EmailAddress
    /// Empty for an account made by signing in with Google or Apple until its owner sets a password.
    public let passwordHash: String
    public let createdAt: Date

    public init(id: UserID, email: EmailAddress, passwordHash: String, createdAt: Date) {
        self.id = id
        self.email = email
        self.passwordHash = passwordHash
        self.createdAt = createdAt
    }

    public var hasPassword: Bool { !passwordHash.isEmpty }
}
