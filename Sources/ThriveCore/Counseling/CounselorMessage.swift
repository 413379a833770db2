import Foundation

public typealias CounselorMessageID = Identifier<CounselorMessage>

/// One message in a person's conversation with their genetic counselor (spec 001, phase 3): a
/// human who answers as themselves, unlike the coach. The conversation is the person's: a new
/// counselor taking them on reads what was said before, as a care team would.
public struct CounselorMessage: Hashable, Sendable, Identifiable {
    public enum Author: String, Hashable, Sendable, Codable {
        case person, counselor
    }

    public let id: CounselorMessageID
    /// The person whose conversation it is.
    public let owner: UserID
    public let author: Author
    /// The counselor who wrote it, while their account exists.
    public let counselor: UserID?
    /// The counselor's name as they signed it then: kept when they leave, and in the person's export.
    public let counselorName: String?
    public let text: String
    public let createdAt: Date
    /// When the other side opened the conversation after it came.
    public var readAt: Date?

    public static let maximumLength = 2_000

    public init(
        id: CounselorMessageID, owner: UserID, author: Author, counselor: UserID? = nil, counselorName: String? = nil,
        text: String, createdAt: Date, readAt: Date? = nil
    ) {
        self.id = id
        self.owner = owner
        self.author = author
        self.counselor = counselor
        self.counselorName = counselorName
        self.text = text
        self.createdAt = createdAt
        self.readAt = readAt
    }

    /// The words as kept: trimmed, and from 1 to 2,000 characters.
    public static func text(_ words: String) throws -> String {
        let trimmed = words.trimmingCharacters(in: .whitespacesAndNewlines)
        guard !trimmed.isEmpty, trimmed.count <= maximumLength else {
            throw ValidationError.length("text", "message", atMost: maximumLength)
        }
        return trimmed
    }
}

/// Which counselor looks after a person. Only they read the person's conversation.
public struct CounselorAssignment: Hashable, Sendable {
    public let person: UserID
    public let counselor: UserID
    public let assignedAt: Date

    public init(person: UserID, counselor: UserID, assignedAt: Date) {
        self.person = person
        self.counselor = counselor
        self.assignedAt = assignedAt
    }

    /// The counselor a new person goes to: the one with the fewest people, the longest-serving
    /// (earliest in `counselors`) among equals.
    public static func leastBusy(_ counselors: [UserID], caseloads: [UserID: Int]) -> UserID? {
        counselors.enumerated().min { left, right in
            let (a, b) = (caseloads[left.element] ?? 0, caseloads[right.element] ?? 0)
            return a != b ? a < b : left.offset < right.offset
        }?.element
    }
}
