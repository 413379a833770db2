import Foundation
import ThriveCore
import ThriveStore

/// Spec 000's coaching nudge after 3 days without activity: nothing logged (food, mood, workouts,
/// journal) and no habit ticked. Once per quiet spell: the key is the last active day.
struct InactivityNudgeTrigger: DailyTrigger {
    let store: Store
    let kind = NotificationKind.coachingNudge
    let name = "nudge"
    /// How far back activity is looked for; a spell longer than this is nudged once more.
    static let lookBack = 30

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let first = person.day.adding(days: -Self.lookBack)
        let window = DateWindow(from: first.start(in: person.zone), to: person.now)
        let times = try await store.read { repositories -> [Date] in
            let records = repositories.records(of: person.owner)
            var times = try await records.foodLog.entries(in: window, limit: nil).map(\.consumedAt)
            times += try await records.moodCheckIns.checkIns(in: window, limit: nil).map(\.recordedAt)
            times += try await records.workouts.workouts(in: window, limit: nil).map(\.start)
            times += try await records.journal.entries(in: window, limit: nil).map(\.writtenAt)
            let habits = try await records.habits.all().map(\.habit.id)
            let ticked = try await records.habits.checkIns(habits, from: first, through: person.day)
            return times + ticked.map { $0.day.start(in: person.zone) }
        }
        let lastActive = times.map { LocalDate($0, in: person.zone) }.max()
        guard DailyPromptRules.needsNudge(lastActive: lastActive, joined: person.joined, today: person.day) else { return nil }
        return TriggerMessage(
            key: "nudge:\((lastActive ?? person.joined).iso8601)", title: Phrase("notification.coachingNudge.title"),
            body: Phrase("notification.coachingNudge.body"), link: "/coach")
    }
}
