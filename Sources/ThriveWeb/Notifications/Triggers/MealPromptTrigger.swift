import Foundation
import ThriveCore
import ThriveStore

/// Spec 000's meal prompt: at 19:00 in the person's day, when nothing is logged today by someone
/// who logs their food (an entry in the last two weeks); a person who never logs food is not nagged.
struct MealPromptTrigger: DailyTrigger {
    let store: Store
    let kind = NotificationKind.mealPrompt
    let name = "meal"
    let fixedMinute: Int? = 19 * 60

    func message(_ person: TriggerPerson) async throws -> TriggerMessage? {
        let (today, recent) = try await store.read { repositories in
            let food = repositories.records(of: person.owner).foodLog
            return (
                try await food.entries(in: person.today, limit: 1).count,
                try await food.entries(in: person.lastTwoWeeks, limit: 1).count
            )
        }
        guard today == 0, recent > 0 else { return nil }
        return TriggerMessage(
            key: "meal:\(person.day.iso8601)", title: Phrase("notification.mealPrompt.title"),
            body: Phrase("notification.mealPrompt.body"), link: "/pillars/nutrition/meals/add")
    }
}
