import Foundation

public typealias CoachMessageID = Identifier<CoachMessage>
public typealias CoachAttachmentID = Identifier<CoachAttachment>

/// One message in a person's conversation with their coach, as it was said: the coach's words are
/// kept in the language they were written in, like any letter.
public struct CoachMessage: Hashable, Sendable, Identifiable {
    public enum Author: String, Hashable, Sendable, Codable {
        case person, coach
    }

    /// Where a message has got to. A person's message is sent once stored, delivered once the coach
    /// has it and read once the coach answered; a coach's message is delivered once the person's
    /// app fetched it and read once they opened the conversation.
    public enum Status: String, Hashable, Sendable, Codable {
        case sent, delivered, read
    }

    public let id: CoachMessageID
    public let author: Author
    public var text: String
    /// Buttons offered under a coach's message; tapping one sends its label with its payload.
    public var quickReplies: [QuickReply]
    /// A question about one of today's habits, answered Done or Not yet.
    public var habitCheck: HabitCheck?
    /// The payload of the quick reply the person tapped, when this message is one.
    public var payload: String?
    /// An image the person attached.
    public var attachment: CoachAttachmentID?
    public let createdAt: Date
    public var deliveredAt: Date?
    public var readAt: Date?

    public init(
        id: CoachMessageID, author: Author, text: String, quickReplies: [QuickReply] = [], habitCheck: HabitCheck? = nil,
        payload: String? = nil, attachment: CoachAttachmentID? = nil, createdAt: Date, deliveredAt: Date? = nil,
        readAt: Date? = nil
    ) {
        self.id = id
        self.author = author
        self.text = text
        self.quickReplies = quickReplies
        self.habitCheck = habitCheck
        self.payload = payload
        self.attachment = attachment
        self.createdAt = createdAt
        self.deliveredAt = deliveredAt
        self.readAt = readAt
    }

    public var status: Status {
        if readAt != nil { return .read }
        if deliveredAt != nil { return .delivered }
        return .sent
    }
}

/// A button under a coach's message.
public struct QuickReply: Hashable, Sendable, Codable {
    public let label: String
    public let payload: String

    public init(label: String, payload: String) {
        self.label = label
        self.payload = payload
    }
}

/// "Did you do your morning walk?": a habit the coach asks about, and the person's answer once given.
/// Done and Skip record the day's check-in (a skip by choice keeps the streak); Not yet records nothing.
public struct HabitCheck: Hashable, Sendable, Codable {
    public enum Answer: String, Hashable, Sendable, Codable, CaseIterable {
        case done, skip, notYet
    }

    public let habitID: HabitID
    public let habitName: String
    public var answer: Answer?

    public init(habitID: HabitID, habitName: String, answer: Answer? = nil) {
        self.habitID = habitID
        self.habitName = habitName
        self.answer = answer
    }
}

/// An image a person attached to a message. It is kept in their database and shown only to them.
public struct CoachAttachment: Hashable, Sendable {
    public let id: CoachAttachmentID
    public let mediaType: ImageMediaType
    public let bytes: Data
    public let createdAt: Date

    public init(id: CoachAttachmentID, mediaType: ImageMediaType, bytes: Data, createdAt: Date) {
        self.id = id
        self.mediaType = mediaType
        self.bytes = bytes
        self.createdAt = createdAt
    }
}

/// The image formats a browser shows everywhere, recognised by their first bytes rather than by
/// what the upload claims.
public enum ImageMediaType: String, Hashable, Sendable, Codable, CaseIterable {
    case jpeg = "image/jpeg"
    case png = "image/png"
    case gif = "image/gif"
    case webp = "image/webp"

    /// Largest image kept: a phone photo, not a film.
    public static let maximumBytes = 5 * 1024 * 1024

    public init?(sniffing bytes: Data) {
        let head = [UInt8](bytes.prefix(12))
        if head.starts(with: [0xFF, 0xD8, 0xFF]) {
            self = .jpeg
        } else if head.starts(with: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]) {
            self = .png
        } else if head.starts(with: Array("GIF8".utf8)) {
            self = .gif
        } else if head.count == 12, head.starts(with: Array("RIFF".utf8)), Array(head[8..<12]) == Array("WEBP".utf8) {
            self = .webp
        } else {
            return nil
        }
    }
}
