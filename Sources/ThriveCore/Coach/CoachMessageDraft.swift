import Foundation

/// What a person sends to their coach: words, a tapped quick reply, an answer to a habit check, an
/// attached image, or words with an image.
public struct CoachMessageDraft: Hashable, Sendable, Codable {
    /// The answer to the coach's "Did you do …?" message `messageId`.
    public struct HabitCheckAnswer: Hashable, Sendable, Codable {
        public var messageId: CoachMessageID
        public var answer: HabitCheck.Answer

        public init(messageId: CoachMessageID, answer: HabitCheck.Answer) {
            self.messageId = messageId
            self.answer = answer
        }
    }

    public var text: String?
    /// The payload of a quick reply the person tapped; `text` then carries its label.
    public var payload: String?
    public var habitCheck: HabitCheckAnswer?
    public var attachmentId: CoachAttachmentID?

    public static let maximumLength = 2_000

    public init(
        text: String? = nil, payload: String? = nil, habitCheck: HabitCheckAnswer? = nil,
        attachmentId: CoachAttachmentID? = nil
    ) {
        self.text = text
        self.payload = payload
        self.habitCheck = habitCheck
        self.attachmentId = attachmentId
    }

    /// The draft with its words trimmed, refused when there is nothing to send or too much.
    public func validated() throws(ValidationError) -> CoachMessageDraft {
        var copy = self
        let words = (text ?? "").trimmingCharacters(in: .whitespacesAndNewlines)
        copy.text = words
        guard words.count <= Self.maximumLength else {
            throw .tooLong("text", "message", atMost: Self.maximumLength)
        }
        if let payload {
            guard (1...64).contains(payload.count),
                payload.allSatisfy({ $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "_") })
            else { throw .because("payload", "coachPayload") }
        }
        guard !words.isEmpty || habitCheck != nil || attachmentId != nil else {
            throw .because("text", "coachEmpty")
        }
        return copy
    }
}
