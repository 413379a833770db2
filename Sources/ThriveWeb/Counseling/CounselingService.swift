import Foundation
import ThriveCore
import ThriveStore

/// The genetic counselor chat (spec 001, phase 3). A person writes to "your counselor"; their first
/// message assigns them to the counselor with the fewest people, unless the operator assigned one.
/// A counselor reads and answers only the people assigned to them, as themselves; each side's
/// message lands in the other's notification center.
struct CounselingService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    /// For its role check, the one every portal uses.
    let labs: LabService

    static let pageSize = 100

    /// Who answers: a name and an e-mail to write to, the spec's "genetic counselor contact info".
    struct Contact: Sendable, Hashable {
        let name: String
        let email: String
    }

    /// A person's side: their counselor (nil until one is assigned) and the conversation.
    struct Conversation: Sendable {
        let counselor: Contact?
        /// Whether any counselor works on this server (a first message has somewhere to go).
        let available: Bool
        let messages: [CounselorMessage]
    }

    /// A person in a counselor's caseload.
    struct Case: Sendable {
        let person: UserID
        let name: String
        let email: String
        let unread: Int
        let lastMessageAt: Date?
        let assignedAt: Date
    }

    // MARK: The person's side

    /// The person's conversation; opening it marks the counselor's messages read.
    func conversation(_ person: UserID, before: Date? = nil) async throws -> Conversation {
        let time = now()
        return try await store.write { repositories in
            let counseling = repositories.counseling
            let messages = try await counseling.messages(of: person, before: before, limit: Self.pageSize)
            if before == nil { try await counseling.markRead(of: person, author: .counselor, at: time) }
            let counselor = try await Self.assigned(person, repositories)
            guard let counselor else {
                return Conversation(
                    counselor: nil, available: try await !counseling.counselors().isEmpty, messages: messages)
            }
            return Conversation(counselor: try await Self.contact(counselor, repositories), available: true, messages: messages)
        }
    }

    /// Sends the person's message, assigning a counselor first if they have none; tells the counselor.
    func send(_ person: UserID, text: String) async throws -> CounselorMessage {
        let words = try CounselorMessage.text(text)
        let (time, ids) = (now(), self.ids)
        return try await store.write { repositories in
            let counseling = repositories.counseling
            let counselor: UserID
            if let assigned = try await Self.assigned(person, repositories) {
                counselor = assigned
            } else {
                let all = try await counseling.counselors().filter { $0 != person }
                guard let chosen = CounselorAssignment.leastBusy(all, caseloads: try await counseling.caseloads(all)) else {
                    throw AppError(status: .conflict, code: "no_counselor", message: t("counselor.none"))
                }
                try await counseling.assign(CounselorAssignment(person: person, counselor: chosen, assignedAt: time))
                counselor = chosen
            }
            let message = CounselorMessage(
                id: CounselorMessageID(ids.uuid()), owner: person, author: .person, text: words, createdAt: time)
            try await counseling.post(message)
            let name = try await FamilyShareService.person(person, repositories).name
            _ = try await NotificationDispatch.notify(
                NotificationEntry(
                    id: NotificationID(ids.uuid()), kind: .counselorMessage, key: "counselor:\(message.id)",
                    title: Phrase("notification.counselorMessage.toCounselor.title"),
                    body: Phrase("notification.counselorMessage.toCounselor.body", ["name": .text(name)]),
                    link: CounselingPagesController.casePath(person), createdAt: time),
                in: repositories, owner: counselor, now: time, ids: ids)
            return message
        }
    }

    /// Counselor messages the person has not opened yet (for the results page's link).
    func unread(_ person: UserID) async throws -> Int {
        try await store.read { try await $0.counseling.unread(of: person, author: .counselor) }
    }

    // MARK: The counselor's side

    /// The counselor's people, whoever wrote last first.
    func cases(_ counselor: UserID) async throws -> [Case] {
        try await requireCounselor(counselor)
        return try await store.read { repositories in
            var cases: [Case] = []
            for item in try await repositories.counseling.cases(of: counselor) {
                let person = item.assignment.person
                let (name, email) = try await FamilyShareService.person(person, repositories)
                cases.append(
                    Case(
                        person: person, name: name, email: email, unread: item.unread,
                        lastMessageAt: item.lastMessageAt, assignedAt: item.assignment.assignedAt))
            }
            return cases
        }
    }

    /// One of the counselor's people: their name and the conversation; opening it marks the
    /// person's messages read. Anyone else's reads as not found.
    func conversation(_ person: UserID, counselor: UserID) async throws -> (name: String, messages: [CounselorMessage]) {
        try await requireCounselor(counselor)
        let time = now()
        return try await store.write { repositories in
            try await Self.requireAssigned(person, to: counselor, repositories)
            let messages = try await repositories.counseling.messages(of: person, before: nil, limit: Self.pageSize)
            try await repositories.counseling.markRead(of: person, author: .person, at: time)
            return (try await FamilyShareService.person(person, repositories).name, messages)
        }
    }

    /// The counselor's answer, signed with their name; the person is told.
    func reply(_ person: UserID, counselor: UserID, text: String) async throws -> CounselorMessage {
        try await requireCounselor(counselor)
        let words = try CounselorMessage.text(text)
        let (time, ids) = (now(), self.ids)
        return try await store.write { repositories in
            try await Self.requireAssigned(person, to: counselor, repositories)
            let contact = try await Self.contact(counselor, repositories)
            let message = CounselorMessage(
                id: CounselorMessageID(ids.uuid()), owner: person, author: .counselor, counselor: counselor,
                counselorName: contact.name, text: words, createdAt: time)
            try await repositories.counseling.post(message)
            _ = try await NotificationDispatch.notify(
                NotificationEntry(
                    id: NotificationID(ids.uuid()), kind: .counselorMessage, key: "counselor:\(message.id)",
                    title: Phrase("notification.counselorMessage.title"),
                    body: Phrase("notification.counselorMessage.body", ["name": .text(contact.name)]),
                    link: CounselingPagesController.path, createdAt: time),
                in: repositories, owner: person, now: time, ids: ids)
            return message
        }
    }

    // MARK: Helpers

    private func requireCounselor(_ user: UserID) async throws { try await labs.require(.counselor, user) }

    private static func requireAssigned(_ person: UserID, to counselor: UserID, _ repositories: Repositories) async throws {
        guard try await repositories.counseling.assignment(of: person)?.counselor == counselor else {
            throw AppError.notFound(t("counseling.notYours"))
        }
    }

    /// The person's counselor, while they still hold the role.
    private static func assigned(_ person: UserID, _ repositories: Repositories) async throws -> UserID? {
        guard let counselor = try await repositories.counseling.assignment(of: person)?.counselor,
            try await repositories.creators.roles(of: counselor).contains(.counselor)
        else { return nil }
        return counselor
    }

    private static func contact(_ user: UserID, _ repositories: Repositories) async throws -> Contact {
        let (name, email) = try await FamilyShareService.person(user, repositories)
        return Contact(name: name, email: email)
    }
}
