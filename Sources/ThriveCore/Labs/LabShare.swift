import Foundation

public typealias LabShareID = Identifier<LabShare>

/// A read-only link to some of a person's lab results for a provider: it opens without an account
/// until it expires or the person revokes it, and every opening is recorded for the person to see.
/// The link's secret is kept only as a hash: whoever holds the link can read, nobody can rebuild it.
public struct LabShare: Hashable, Sendable, Identifiable {
    public let id: LabShareID
    public let owner: UserID
    /// Whom it is for, in the person's words ("Dr. Weber").
    public let label: String?
    /// The results it shows; nil for all of them, including results that arrive later.
    public let results: [LabResultID]?
    public let createdAt: Date
    public let expiresAt: Date
    public var revokedAt: Date?
    /// Each opening, latest first.
    public var views: [LabShareView]

    public init(
        id: LabShareID, owner: UserID, label: String?, results: [LabResultID]?, createdAt: Date, expiresAt: Date,
        revokedAt: Date? = nil, views: [LabShareView] = []
    ) {
        self.id = id
        self.owner = owner
        self.label = label
        self.results = results
        self.createdAt = createdAt
        self.expiresAt = expiresAt
        self.revokedAt = revokedAt
        self.views = views
    }

    public enum State: String, Sendable {
        case active, expired, revoked
    }

    /// Revoked wins over expired: the person's act is what they remember. A link expires at its
    /// expiry instant exactly.
    public func state(at time: Date) -> State {
        if revokedAt != nil { return .revoked }
        return time < expiresAt ? .active : .expired
    }

    public func shows(_ result: LabResultID) -> Bool { results?.contains(result) ?? true }

    /// How long a link lasts, as the person chooses it.
    public enum Duration: Int, Sendable, CaseIterable {
        case day = 1
        case week = 7
        case month = 30
        case quarter = 90

        public var seconds: TimeInterval { Double(rawValue) * 86_400 }
    }

    /// The most results one link names; beyond that, "all" is the choice.
    public static let maximumResults = 200
    public static let maximumLabel = 80
}

/// One opening of a shared link.
public struct LabShareView: Hashable, Sendable {
    public enum Kind: String, Sendable, CaseIterable {
        /// The page of results.
        case page
        /// A result's PDF from the lab.
        case pdf
        /// The FHIR R4 Bundle.
        case fhir
    }

    public let at: Date
    public let kind: Kind

    public init(at: Date, kind: Kind) {
        self.at = at
        self.kind = kind
    }
}
