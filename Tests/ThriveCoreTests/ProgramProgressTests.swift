import Foundation
import Testing
import ThriveCore

/// A program's progress over hand-built calendars (the habit progress tests' letters: D done,
/// S skipped, - nothing; the last letter today).
@Suite("Program progress")
struct ProgramProgressTests {
    @Test func consistencyStreakLessonsAndBadgesCountOnlyTheEnrollment() throws {
        // Joined Monday 16 November: the walk done Mon and Tue, skipped Wed (a rest by choice),
        // missed Thu, done Fri and Sat, and today (Sunday) not yet. Water every day but Thursday.
        let first = LocalDate(year: 2026, month: 11, day: 16)!
        let walk = HabitProgressTests.tracked("DDS-DD-", from: first)
        let water = HabitProgressTests.tracked("DDD-DDD", from: first, name: "Drink water")
        var enrollment = ProgramEnrollment(
            programID: ProgramID("sleep-reset")!, startedOn: first, habitIDs: [walk.view.habit.id, water.view.habit.id])
        for day in [1, 2, 3, 5] { try enrollment.complete(day: day, today: walk.today, length: 14) }
        let awards = [
            AchievementAward(achievement: .conversationStarter, tier: 10, earnedOn: first.adding(days: -3)),
            AchievementAward(achievement: .firstWeek, tier: 1, earnedOn: first.adding(days: 6)),
            AchievementAward(achievement: .earlyBird, tier: 7, earnedOn: first.adding(days: 6)),
        ]

        let progress = ProgramProgress(
            enrollment, length: 14, habits: [walk.view, water.view], checkIns: walk.checkIns + water.checkIns,
            awards: awards, today: walk.today)
        // Walk: 4 done of 5 asked (the skip and today ask nothing); water: 6 of 7 (today is done).
        #expect(progress.consistency == HabitCompletion(achieved: 10, expected: 12))
        #expect(progress.streak == 3, "water's Fri, Sat and Sun; the walk's Fri and Sat")
        #expect(!progress.streakInWeeks)
        #expect(progress.lessonsDone == 4)
        #expect(progress.badgesEarned == 2, "the badge from before joining is not the program's")
    }

    @Test func aFinishedProgramStopsCountingTheDayItEnded() throws {
        let first = LocalDate(year: 2026, month: 11, day: 16)!
        let walk = HabitProgressTests.tracked("DD------", from: first)
        var enrollment = ProgramEnrollment(programID: ProgramID("short")!, startedOn: first, habitIDs: [walk.view.habit.id])
        try enrollment.complete(day: 1, today: first, length: 2)
        try enrollment.complete(day: 2, today: first.adding(days: 1), length: 2)
        #expect(enrollment.status == .completed)
        let later = AchievementAward(achievement: .earlyBird, tier: 7, earnedOn: walk.today)
        let progress = ProgramProgress(
            enrollment, length: 2, habits: [walk.view], checkIns: walk.checkIns, awards: [later], today: walk.today)
        #expect(progress.consistency.rate == 1, "the days missed after it ended are not the program's")
        #expect(progress.badgesEarned == 0)
        #expect(progress.lessonsDone == 2)
    }
}
