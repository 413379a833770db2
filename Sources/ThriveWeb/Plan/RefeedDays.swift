import Foundation
import ThriveCore
import ThriveStore

/// The person's next refeed days, for the plan page and `GET /api/v1/plan/refeeds`, and moving or
/// skipping one (`PUT /api/v1/plan/refeeds/{scheduled}`).
struct RefeedDays: Sendable {
    struct Body: Codable, Sendable {
        struct Refeed: Codable, Sendable {
            let scheduled: LocalDate
            /// The day it falls on; absent when skipped.
            let day: LocalDate?
            let skipped: Bool
            /// The day's ceiling, kcal.
            let calories: Int
            /// The days it may move to.
            let choices: [LocalDate]
        }
        let refeeds: [Refeed]
    }

    /// `{"day": "2026-12-03"}` moves it (its own day puts it back), `{"skip": true}` skips it.
    struct Change: Codable, Sendable {
        var day: LocalDate?
        var skip: Bool?
    }

    /// Upcoming refeeds; none when the plan has no refeed days (not losing weight, or not started).
    static func body(person: PersonContext, plan: NutritionPlan?) -> Body {
        guard let start = person.preferences.startedOn, let calories = plan?.refeedCalories else { return Body(refeeds: []) }
        return Body(
            refeeds: person.preferences.refeeds.upcoming(start: start, today: person.today).map {
                Body.Refeed(
                    scheduled: $0.scheduled, day: $0.day, skipped: $0.day == nil, calories: calories,
                    choices: RefeedSchedule.choices(for: $0.scheduled, today: person.today))
            })
    }

    /// Applies a change to the refeed scheduled on `scheduled` and saves it, in one write.
    static func change(
        _ scheduled: LocalDate, _ change: Change, person: PersonContext, owner: UserID, store: Store, now: Date
    ) async throws {
        guard let start = person.preferences.startedOn, person.nutritionPlan()?.refeedCalories != nil else {
            throw AppError(
                status: .unprocessableContent, code: "no_refeeds", message: t("invalid.noRefeeds"), field: "scheduled")
        }
        // Exactly one of the two: a day to move to, or a skip.
        guard (change.day != nil) != (change.skip == true) else {
            throw AppError.badRequest(t("invalid.refeedChange"), field: "day")
        }
        var preferences = person.preferences
        try preferences.refeeds.change(scheduled, to: change.skip == true ? nil : change.day, start: start, today: person.today)
        let saved = preferences
        try await store.write { try await $0.records(of: owner).documents.save(saved, at: now) }
    }
}
