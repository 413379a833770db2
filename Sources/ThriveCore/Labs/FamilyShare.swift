import Foundation

public typealias FamilyShareID = Identifier<FamilyShare>

/// A person letting a family member see their lab results (spec 001, phase 3): invited by e-mail,
/// seen only once the family member accepts, and ended by either of them whenever they like.
public struct FamilyShare: Hashable, Sendable, Identifiable {
    public let id: FamilyShareID
    /// Whose results.
    public let owner: UserID
    /// The e-mail invited; the invitation waits for an account with it.
    public let email: EmailAddress
    /// The family member, once they accept.
    public var viewer: UserID?
    public let invitedAt: Date
    public var acceptedAt: Date?
    public var endedAt: Date?
    /// Who ended it: the owner stopped sharing, or the family member stopped seeing (or declined).
    public var endedBy: UserID?

    public init(
        id: FamilyShareID, owner: UserID, email: EmailAddress, viewer: UserID? = nil, invitedAt: Date,
        acceptedAt: Date? = nil, endedAt: Date? = nil, endedBy: UserID? = nil
    ) {
        self.id = id
        self.owner = owner
        self.email = email
        self.viewer = viewer
        self.invitedAt = invitedAt
        self.acceptedAt = acceptedAt
        self.endedAt = endedAt
        self.endedBy = endedBy
    }

    public enum State: String, Sendable {
        case invited, active, ended
    }

    public var state: State {
        if endedAt != nil { return .ended }
        return acceptedAt == nil ? .invited : .active
    }

    /// A person shares with at most this many family members at once.
    public static let maximumOpen = 10
}
