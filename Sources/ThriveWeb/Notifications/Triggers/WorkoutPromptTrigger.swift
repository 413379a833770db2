import Foundation
import ThriveCore
import ThriveStore

/// Spec 000's workout prompt on a planned training day (``DailyPromptRules/isTrainingDay``), for a
/// person with a plan, at the hour they usually start a workout (else 18:00).
struct WorkoutPromptTrigger: DailyTrigger {
    let store: Store
    let kind = NotificationKind.workoutPrompt
    let name = "workout"

    func usualTimes(_ person: TriggerPerson) async throws -> [Date] {
        try await store.read {
            try await $0.records(of: person.owner).workouts.workouts(in: person.lastTwoWeeks, limit: nil).map(\.start)
        }
    }

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let week = DateWindow(from: person.day.adding(days: -7).start(in: person.zone), to: person.today.to)
        let (preferences, workouts) = try await store.read { repositories in
            let records = repositories.records(of: person.owner)
            return (
                try await records.documents.get(PlanPreferences.self),
                try await records.workouts.workouts(in: week, limit: nil)
            )
        }
        guard let preferences, preferences.startedOn != nil else { return nil }
        let days = Set(workouts.map { LocalDate($0.start, in: person.zone) })
        guard
            DailyPromptRules.isTrainingDay(
                person.day, sessionsPerWeek: preferences.training.sessionsPerWeek, workoutDays: days)
        else { return nil }
        return TriggerMessage(
            key: "workout:\(person.day.iso8601)", title: Phrase("notification.workoutPrompt.title"),
            body: Phrase("notification.workoutPrompt.body"), link: "/pillars/fitness/plan")
    }
}
