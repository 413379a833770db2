import Foundation
import ThriveCore

/// Whoever answers the person in the coach chat: the on-device rule-based coach, or a hosted model
/// the person chose. A provider only says what to answer; the service stores and delivers it.
protocol CoachProvider: Sendable {
    /// Shown in the chat's header and in a note when this provider could not answer.
    var name: String { get }
    func reply(to request: CoachRequest) async throws -> [CoachReply]
}

/// What a provider is given for one answer.
struct CoachRequest: Sendable {
    let turn: CoachTurn
    /// The person's own data. A hosted provider sends it only with `sharesFacts`.
    let facts: CoachFacts
    let sharesFacts: Bool
    /// The kinds of data the person lets leave the server (today's figure of each goes along).
    var sharedCategories: Set<DataCategory> = []
    /// The latest messages, oldest first, ending with the one just sent.
    let history: [CoachMessage]
    let language: Language
    /// The creator's voice, in a creator's space: the on-device coach speaks in it.
    var voice: CreatorBranding?
}

/// One message a provider answers with.
struct CoachReply: Hashable, Sendable {
    var text: String
    var quickReplies: [QuickReply] = []
    var habitCheck: HabitCheck?
}

/// Why a provider gave no answer, in words for the person (the request's language).
struct CoachProviderError: Error, Sendable {
    enum Reason: String, Sendable {
        case timeout, refused, unreachable, unreadable
    }

    let reason: Reason
    /// The HTTP status, when the provider answered with one: for the operator, never health data.
    var status: Int?
}

/// The coach that runs here: ``RuleBasedCoach``'s lines in the request's language.
struct RuleBasedCoachProvider: CoachProvider {
    var name: String { t("coach.provider.onDevice") }

    func reply(to request: CoachRequest) async throws -> [CoachReply] {
        Self.render(RuleBasedCoach().reply(to: request.turn, facts: request.facts), voice: request.voice)
    }

    static func render(_ lines: [CoachLine], voice: CreatorBranding?) -> [CoachReply] {
        lines.map { line in
            let said = t(line.phrase)
            return CoachReply(
                text: voice?.voiced(said) ?? said,
                quickReplies: line.options.map { QuickReply(label: t($0.label), payload: $0.payload) },
                habitCheck: line.habitCheck.map { HabitCheck(habitID: $0.id, habitName: $0.name) })
        }
    }
}
