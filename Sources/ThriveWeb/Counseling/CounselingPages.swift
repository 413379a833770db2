import Foundation
import ThriveCore

/// One message as a bubble: the reader's own on the right.
struct CounselorBubble: Sendable {
    let side: String
    let author: String
    let text: String
    let time: String
    let timestamp: String

    /// `personName` for a counselor reading: the person's words are signed with it.
    init(_ message: CounselorMessage, personName: String?, zone: TimeZone) {
        let mine = (message.author == .counselor) == (personName != nil)
        side = mine ? "person" : "coach"
        author =
            message.author == .counselor ? (message.counselorName ?? t("counselor.counselor")) : personName ?? t("counselor.you")
        text = message.text
        time = DisplayFormat.dateTime(message.createdAt, in: zone)
        timestamp = ISO8601DateFormatter().string(from: message.createdAt)
    }
}

/// `/counselor` for a person, and `/counseling/:person` for their counselor: the same conversation,
/// each reader's own words on the right.
struct CounselorChatPage: Sendable {
    let heading: String
    let lead: String?
    let contact: CounselingService.Contact?
    let waiting: String?
    let unavailable: Bool
    let messages: [CounselorBubble]
    let isEmpty: Bool
    let emptyText: String
    let placeholder: String
    let action: String
    let backPath: String
    let backLabel: String
    let notice: String?
    let error: String?
    let draft: String

    static func person(
        _ conversation: CounselingService.Conversation, zone: TimeZone, notice: String? = nil, error: String? = nil,
        draft: String = ""
    ) -> CounselorChatPage {
        CounselorChatPage(
            heading: t("counselor.title"), lead: t("counselor.lead"), contact: conversation.counselor,
            waiting: conversation.counselor == nil && conversation.available ? t("counselor.matched") : nil,
            unavailable: conversation.counselor == nil && !conversation.available,
            messages: conversation.messages.map { CounselorBubble($0, personName: nil, zone: zone) },
            isEmpty: conversation.messages.isEmpty, emptyText: t("counselor.empty"),
            placeholder: t("counselor.placeholder"), action: CounselingPagesController.path,
            backPath: "/results", backLabel: t("labs.title"), notice: notice, error: error, draft: draft)
    }

    static func counselor(
        name: String, person: UserID, messages: [CounselorMessage], zone: TimeZone, error: String? = nil, draft: String = ""
    ) -> CounselorChatPage {
        CounselorChatPage(
            heading: name, lead: nil, contact: nil, waiting: nil, unavailable: false,
            messages: messages.map { CounselorBubble($0, personName: name, zone: zone) }, isEmpty: messages.isEmpty,
            emptyText: t("counseling.empty"), placeholder: t("counseling.placeholder", ["name": name]),
            action: CounselingPagesController.casePath(person),
            backPath: CounselingPagesController.casesPath, backLabel: t("counseling.title"), notice: nil, error: error,
            draft: draft)
    }
}

/// `/counseling`: the counselor's people, whoever wrote last first, with what is unread.
struct CounselingCasesPage: Sendable {
    struct Person: Sendable {
        let name: String
        let email: String
        let path: String
        let unread: String?
        let last: String
    }

    let people: [Person]
    let isEmpty: Bool

    init(_ cases: [CounselingService.Case], zone: TimeZone) {
        people = cases.map { item in
            Person(
                name: item.name, email: item.email, path: CounselingPagesController.casePath(item.person),
                unread: item.unread > 0 ? t("counseling.unread", ["count": "\(item.unread)"]) : nil,
                last: item.lastMessageAt.map { t("counseling.last", ["time": DisplayFormat.dateTime($0, in: zone)]) }
                    ?? t("counseling.since", ["date": DisplayFormat.date(item.assignedAt, in: zone)]))
        }
        isEmpty = cases.isEmpty
    }
}
