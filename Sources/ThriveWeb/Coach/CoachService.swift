import Foundation
import Logging
import ThriveCore
import ThriveStore

/// The coach chat for one person: the conversation page by page, search, sending (with a habit
/// check-in answered in the same transaction), the day's opening message, read receipts and
/// attached images. Replies come from the provider the person chose; when a hosted one fails, the
/// on-device coach answers and a note says why.
struct CoachService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let hosted: (any CoachProvider)?
    let events: CoachEvents
    let logger: Logger
    let onDevice = RuleBasedCoachProvider()

    static let pageSize = 50

    /// A page of the conversation, oldest first.
    struct Page: Sendable {
        let messages: [PostedCoachMessage]
        /// The cursor for the page before this one; nil at the conversation's start.
        var olderCursor: Int? {
            guard let first = messages.first, first.seq > 1 else { return nil }
            return first.seq
        }
    }

    /// What sending changed.
    struct Sent: Sendable {
        let message: PostedCoachMessage
        let replies: [PostedCoachMessage]
        /// Why the hosted coach did not answer, when the on-device coach answered instead.
        let fallback: CoachProviderError.Reason?
        let awards: [AchievementAward]

        var notice: String? { fallback.map(CoachService.notice) }
    }

    /// "Claude did not answer in time, so the on-device coach answered."
    static func notice(_ reason: CoachProviderError.Reason) -> String {
        t("coach.notice.\(reason.rawValue)", ["provider": t("coach.provider.anthropic")])
    }

    /// The latest page, or the page before `before` or after `after`. Fetching delivers the coach's
    /// messages in it.
    func page(_ owner: UserID, before: Int? = nil, after: Int? = nil, limit: Int = pageSize) async throws -> Page {
        let time = now()
        return try await store.write { repositories in
            let coach = repositories.records(of: owner).coach
            var messages = try await coach.page(before: before, after: after, limit: limit)
            if let last = messages.last?.seq,
                messages.contains(where: { $0.message.author == .coach && $0.message.deliveredAt == nil })
            {
                _ = try await coach.mark(author: .coach, through: last, delivered: time, read: nil)
                for index in messages.indices where messages[index].message.author == .coach {
                    if messages[index].message.deliveredAt == nil { messages[index].message.deliveredAt = time }
                }
            }
            return Page(messages: messages)
        }
    }

    func search(_ owner: UserID, _ words: String, before: Int? = nil, limit: Int = pageSize) async throws -> [PostedCoachMessage]
    {
        try await store.read { try await $0.records(of: owner).coach.search(words, before: before, limit: limit) }
    }

    func unread(_ owner: UserID) async throws -> Int {
        try await store.read { try await $0.records(of: owner).coach.unreadCount(author: .coach) }
    }

    /// The chat's header: who answers this person.
    func providerName(_ owner: UserID) async throws -> String {
        let settings = try await store.read { try await $0.records(of: owner).documents.get(Settings.self) }
        return provider(for: settings).name
    }

    /// Marks the coach's messages read up to `through`; answers with how many changed.
    @discardableResult
    func markRead(_ owner: UserID, through seq: Int) async throws -> Int {
        let time = now()
        let changed = try await store.write {
            try await $0.records(of: owner).coach.mark(author: .coach, through: seq, delivered: time, read: time)
        }
        return changed
    }

    /// The coach's first words of the person's day (a welcome the very first time), stored once a
    /// day however many pages open at once. Always the on-device coach: opening the chat sends
    /// nothing anywhere.
    @discardableResult
    func open(_ owner: UserID) async throws -> [PostedCoachMessage] {
        let time = now()
        let posted = try await store.write { repositories in
            let records = repositories.records(of: owner)
            let facts = try await CoachFacts.read(
                records, at: time, library: try await ProgramLibrary.open(to: owner, repositories))
            let today = try await HabitService.day(records, now: now)
            let firstEver = try await records.coach.isEmpty()
            let space = try await CreatorService.space(owner, repositories)
            var lines = RuleBasedCoach().reply(to: .opening(firstEver: firstEver), facts: facts)
            var replies = RuleBasedCoachProvider.render(lines, voice: space?.branding)
            // A creator's own welcome replaces Thrive's, in their words.
            if firstEver, let welcome = space?.branding.welcomeMessage, !welcome.isEmpty {
                lines.removeFirst()
                replies = [CoachReply(text: welcome)] + RuleBasedCoachProvider.render(lines, voice: space?.branding)
            }
            return try await records.coach.append(replies.map { coachMessage($0, at: time) }, openingDay: today)
        }
        await events.publish(owner, posted.map(CoachEvent.message))
        return posted
    }

    func send(_ owner: UserID, _ draft: CoachMessageDraft) async throws -> Sent {
        let draft = try draft.validated()
        let time = now()
        let (sent, request, settings, awards) = try await store.write { repositories in
            try await post(draft, owner: owner, repositories: repositories, at: time)
        }
        await events.publish(owner, [.message(sent), .status(through: sent.seq, .delivered), .typing(true)])
        var fallback: CoachProviderError.Reason?
        var replies: [CoachReply]
        let provider = CoachTopic.isUrgent(request.turn) ? onDevice : provider(for: settings)
        do {
            replies = try await provider.reply(to: request)
        } catch let error as CoachProviderError {
            logger.warning(
                "hosted coach gave no answer", metadata: ["reason": "\(error.reason.rawValue)", "status": "\(error.status ?? 0)"])
            fallback = error.reason
            replies = try await onDevice.reply(to: request)
        } catch {
            await events.publish(owner, [.typing(false)])
            throw error
        }
        let answered = now()
        let answers = replies
        let posted = try await store.write { repositories in
            let coach = repositories.records(of: owner).coach
            let posted = try await coach.append(answers.map { coachMessage($0, at: answered) }, openingDay: nil)
            _ = try await coach.mark(author: .person, through: sent.seq, delivered: time, read: answered)
            return posted
        }
        var read = sent
        read.message.readAt = answered
        await events.publish(owner, posted.map(CoachEvent.message) + [.status(through: sent.seq, .read), .typing(false)])
        return Sent(message: read, replies: posted, fallback: fallback, awards: awards)
    }

    /// Stores the person's message in the caller's transaction, with the check-in its answer
    /// records, and gathers what the coach is given.
    private func post(_ draft: CoachMessageDraft, owner: UserID, repositories: Repositories, at time: Date) async throws -> (
        PostedCoachMessage, CoachRequest, Settings, [AchievementAward]
    ) {
        let records = repositories.records(of: owner)
        var text = draft.text ?? ""
        var awards: [AchievementAward] = []
        var answered: HabitCheck?
        if let answer = draft.habitCheck {
            guard var asked = try await records.coach.message(answer.messageId), asked.message.author == .coach,
                var check = asked.message.habitCheck
            else { throw AppError.notFound(t("coach.error.noQuestion")) }
            guard check.answer == nil else {
                throw AppError(status: .conflict, code: "already_answered", message: t("coach.error.answered"))
            }
            if let action = Self.checkInAction(answer.answer) {
                // "Did you do it today?" asked on Monday and answered on Tuesday is about Monday.
                let zone = try await records.timeZone()
                let askedOn = LocalDate(asked.message.createdAt, in: zone)
                awards += try await HabitService.checkIn(
                    check.habitID, HabitCheckInRequest(action: action, day: askedOn.iso8601), records: records, at: time
                ).awards
            }
            check.answer = answer.answer
            asked.message.habitCheck = check
            try await records.coach.update(asked.message)
            answered = check
            if text.isEmpty { text = t("coach.answer.\(answer.answer.rawValue)") }
        }
        if let id = draft.attachmentId, try await records.coach.attachment(id) == nil {
            throw AppError.notFound(t("coach.error.noImage"))
        }
        let message = CoachMessage(
            id: ids.make(), author: .person, text: text, payload: draft.payload, attachment: draft.attachmentId,
            createdAt: time, deliveredAt: time)
        let sent = try await records.coach.append([message], openingDay: nil)[0]
        awards += try await AchievementService.evaluate(records, today: try await HabitService.day(records, now: now)).new
        let facts = try await CoachFacts.read(
            records, at: time, library: try await ProgramLibrary.open(to: owner, repositories))
        let turn: CoachTurn
        if let answered {
            let habit =
                facts.habits.first { $0.id == answered.habitID }
                ?? CoachFacts.HabitFact(
                    id: answered.habitID, name: answered.habitName, outcome: .done, streak: 0, bestStreak: 0,
                    missedYesterday: false)
            turn = .habitAnswer(habit, answered.answer ?? .notYet)
        } else if let payload = draft.payload {
            turn = .quickReply(payload)
        } else if text.isEmpty {
            turn = .image
        } else {
            turn = .text(text)
        }
        let settings = try await records.documents.get(Settings.self) ?? Settings()
        let history = try await records.coach.page(before: nil, after: nil, limit: AnthropicCoachProvider.historyLength)
        let request = CoachRequest(
            turn: turn, facts: facts, sharesFacts: settings.coaching.shareHabitsWithHostedCoach,
            sharedCategories: settings.privacy.sharing.allowed, history: history.map(\.message),
            language: Localizer.current.language, voice: try await CreatorService.space(owner, repositories).map(\.branding))
        return (sent, request, settings, awards)
    }

    /// The check-in an answer records; "Not yet" leaves the day open.
    private static func checkInAction(_ answer: HabitCheck.Answer) -> HabitCheckInRequest.Action? {
        switch answer {
        case .done: .done
        case .skip: .skip
        case .notYet: nil
        }
    }

    /// Keeps an image the person attached; only they can fetch it back.
    func attach(_ owner: UserID, _ bytes: Data) async throws -> CoachAttachment {
        guard bytes.count <= ImageMediaType.maximumBytes else {
            throw AppError(status: .contentTooLarge, code: "payload_too_large", message: t("coach.error.imageTooLarge"))
        }
        guard let type = ImageMediaType(sniffing: bytes) else {
            throw AppError(status: .unsupportedMediaType, code: "unsupported_media_type", message: t("coach.error.imageType"))
        }
        let attachment = CoachAttachment(id: ids.make(), mediaType: type, bytes: bytes, createdAt: now())
        try await store.write { try await $0.records(of: owner).coach.save(attachment) }
        return attachment
    }

    func attachment(_ owner: UserID, _ id: CoachAttachmentID) async throws -> CoachAttachment {
        guard let attachment = try await store.read({ try await $0.records(of: owner).coach.attachment(id) }) else {
            throw AppError.notFound(t("coach.error.noImage"))
        }
        return attachment
    }

    private func provider(for settings: Settings?) -> any CoachProvider {
        if settings?.coaching.coach == .anthropic, let hosted { return hosted }
        return onDevice
    }

    private func coachMessage(_ reply: CoachReply, at time: Date) -> CoachMessage {
        CoachMessage(
            id: ids.make(), author: .coach, text: reply.text, quickReplies: reply.quickReplies, habitCheck: reply.habitCheck,
            createdAt: time)
    }
}

extension CoachTopic {
    /// Words that sound like an emergency are answered here, at once, whoever the person chose.
    static func isUrgent(_ turn: CoachTurn) -> Bool {
        if case .text(let words) = turn { return CoachTopic(words) == .urgent }
        return false
    }
}
