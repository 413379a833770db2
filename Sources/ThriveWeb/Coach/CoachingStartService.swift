import Foundation
import ThriveCore
import ThriveStore

extension CoachingStart: PersonDocument {
    public static let documentKind = "coachingStart"
}

/// The coaching welcome for one person: where they are in it, each screen's answer, and the
/// finish, which adds the picked habits (reminded at the chosen time), sets the reminder switches
/// and marks the welcome done, all in one transaction.
struct CoachingStartService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    func progress(_ owner: UserID) async throws -> CoachingStart {
        try await store.read { try await $0.records(of: owner).documents.get(CoachingStart.self) } ?? CoachingStart()
    }

    /// Changes the progress (an answer) and keeps it; answers with it as kept.
    func update(_ owner: UserID, _ change: @escaping @Sendable (inout CoachingStart) throws -> Void) async throws
        -> CoachingStart
    {
        let time = now()
        return try await store.write { repositories in
            let documents = repositories.records(of: owner).documents
            var progress = try await documents.get(CoachingStart.self) ?? CoachingStart()
            try change(&progress)
            try await documents.save(progress, at: time)
            return progress
        }
    }

    /// The habits the finish adds, in the person's language.
    static func drafts(_ progress: CoachingStart) -> [HabitDraft] {
        guard let goal = progress.goal, let approach = progress.approach else { return [] }
        let reminders = progress.reminders ?? CoachingStart.Reminders()
        return SuggestedHabit.all(for: goal).filter { progress.habits.contains($0.id) }.map { suggestion in
            suggestion.draft(
                name: t("coachStart.habit.\(suggestion.id)"), unit: suggestion.unitKey.map { t($0) }, approach: approach,
                reminder: reminders.habitReminders ? reminders.time : nil)
        }
    }

    func finish(_ owner: UserID) async throws -> CoachingStart {
        let time = now()
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            var progress = try await records.documents.get(CoachingStart.self) ?? CoachingStart()
            guard !progress.isComplete else { return progress }
            guard progress.current == .ready, let reminders = progress.reminders else {
                throw AppError(status: .conflict, code: "not_ready", message: t("coachStart.error.notReady"))
            }
            let today = try await HabitService.day(records, now: now)
            let existing = Set(try await records.habits.all().filter { $0.habit.status != .archived }.map(\.habit.name))
            for draft in Self.drafts(progress) where !existing.contains(draft.name) {
                let habit = try draft.habit(id: ids.make(), startedOn: today, at: time)
                try await records.habits.save(TrackedHabit(habit: habit, streak: HabitStreak()))
            }
            var settings = try await records.documents.get(Settings.self) ?? Settings()
            settings.notifications.categories[.habitReminders] = reminders.habitReminders
            settings.notifications.categories[.coachingNudges] = reminders.checkIns
            settings.notifications.categories[.goalMilestones] = reminders.celebrations
            try await records.documents.save(settings, at: time)
            progress.completedAt = time
            try await records.documents.save(progress, at: time)
            return progress
        }
    }
}
