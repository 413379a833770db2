import Foundation
import ThriveCore
import ThriveStore

/// A message as the API shows it. `cursor` is its place in the conversation, for `before` and
/// `after`; an attached image is fetched from `attachment.url`, by its owner only.
struct CoachMessageBody: Codable, Sendable {
    struct Attachment: Codable, Sendable {
        let id: String
        let url: String
    }

    struct Check: Codable, Sendable {
        let habitId: String
        let habitName: String
        let answer: HabitCheck.Answer?
    }

    let id: String
    let cursor: String
    let author: CoachMessage.Author
    let text: String
    let quickReplies: [QuickReply]
    let habitCheck: Check?
    let payload: String?
    let attachment: Attachment?
    let createdAt: Date
    let status: CoachMessage.Status

    init(_ posted: PostedCoachMessage) {
        let message = posted.message
        id = message.id.description
        cursor = String(posted.seq)
        author = message.author
        text = message.text
        quickReplies = message.quickReplies.map(\.inReadersLanguage)
        habitCheck = message.habitCheck.map {
            Check(habitId: $0.habitID.description, habitName: $0.habitName, answer: $0.answer)
        }
        payload = message.payload
        attachment = message.attachment.map {
            Attachment(id: $0.description, url: "/api/v1/coach/attachments/\($0.description)")
        }
        createdAt = message.createdAt
        status = message.status
    }
}

/// `GET /api/v1/coach/messages`: a page, oldest first, with the cursor for the page before it.
struct CoachPageBody: Codable, Sendable {
    let messages: [CoachMessageBody]
    /// Pass as `before` for older messages; absent at the conversation's start (or in search
    /// results, where it continues the search).
    let olderCursor: String?
    let unread: Int
}

/// `POST /api/v1/coach/messages`: the message as stored and the coach's answer.
struct CoachSentBody: Codable, Sendable {
    let message: CoachMessageBody
    let replies: [CoachMessageBody]
    /// Why the chosen coach did not answer, when the on-device coach answered instead.
    let notice: String?
    let awards: [AchievementAwardBody]

    init(_ sent: CoachService.Sent) {
        message = CoachMessageBody(sent.message)
        replies = sent.replies.map(CoachMessageBody.init)
        notice = sent.notice
        awards = sent.awards.map(AchievementAwardBody.init)
    }
}

/// `POST /api/v1/coach/read`: the coach's messages up to `through` (a cursor) are read.
struct CoachReadRequest: Codable, Sendable {
    let through: String
}
