import Foundation
import Testing

@testable import ThriveCore

/// Spec 000's daily prompts at their edges.
@Suite("Daily prompt rules")
struct DailyPromptRulesTests {
    /// Monday 23 November 2026.
    static let monday = LocalDate(year: 2026, month: 11, day: 23)!

    @Test(
        "recovery below 50 is low; 50 is not, nor 49.5, which shows as 50",
        arguments: [
            (0.49, true), (0.494, true), (0.495, false), (0.50, false), (0.51, false), (0.0, true),
        ])
    func recovery(value: Double, low: Bool) {
        #expect(DailyPromptRules.recoveryIsLow(value) == low)
    }

    @Test func aTrainingDayFollowsTheWeeksSessions() {
        let day = Self.monday
        func on(_ offsets: [Int]) -> Set<LocalDate> { Set(offsets.map { day.adding(days: $0) }) }
        // Three a week, nothing done: Monday is a training day.
        #expect(DailyPromptRules.isTrainingDay(day, sessionsPerWeek: 3, workoutDays: []))
        // Trained Monday: Tuesday rests, Wednesday trains.
        #expect(!DailyPromptRules.isTrainingDay(day.adding(days: 1), sessionsPerWeek: 3, workoutDays: on([0])))
        #expect(DailyPromptRules.isTrainingDay(day.adding(days: 2), sessionsPerWeek: 3, workoutDays: on([0])))
        // Already trained today: no prompt.
        #expect(!DailyPromptRules.isTrainingDay(day, sessionsPerWeek: 3, workoutDays: on([0])))
        // The week's three done by Friday: the weekend is free.
        #expect(!DailyPromptRules.isTrainingDay(day.adding(days: 5), sessionsPerWeek: 3, workoutDays: on([0, 2, 4])))
        // Two left on Saturday after Friday's session: both days are needed, so Saturday trains.
        #expect(DailyPromptRules.isTrainingDay(day.adding(days: 5), sessionsPerWeek: 3, workoutDays: on([4])))
        // One left on Saturday after Friday's session, two days to do it: rest first.
        #expect(!DailyPromptRules.isTrainingDay(day.adding(days: 5), sessionsPerWeek: 2, workoutDays: on([4])))
        // Last week's Sunday does not count toward this week.
        #expect(DailyPromptRules.isTrainingDay(day.adding(days: 1), sessionsPerWeek: 1, workoutDays: on([-1])))
        #expect(!DailyPromptRules.isTrainingDay(day, sessionsPerWeek: 0, workoutDays: []))
    }

    @Test func aNudgeComesOnTheThirdQuietDayNotTheSecond() {
        let last = Self.monday
        #expect(!DailyPromptRules.needsNudge(lastActive: last, joined: last.adding(days: -30), today: last.adding(days: 2)))
        #expect(DailyPromptRules.needsNudge(lastActive: last, joined: last.adding(days: -30), today: last.adding(days: 3)))
        // Someone who never logged anything is counted from the day they joined.
        #expect(!DailyPromptRules.needsNudge(lastActive: nil, joined: last, today: last.adding(days: 2)))
        #expect(DailyPromptRules.needsNudge(lastActive: nil, joined: last, today: last.adding(days: 3)))
    }

    @Test func insightsAreWeekly() {
        #expect(DailyPromptRules.insightWeek(of: Self.monday) == Self.monday)
        #expect(DailyPromptRules.insightWeek(of: Self.monday.adding(days: 6)) == Self.monday)
        #expect(DailyPromptRules.insightWeek(of: Self.monday.adding(days: 7)) == Self.monday.adding(days: 7))
    }
}
