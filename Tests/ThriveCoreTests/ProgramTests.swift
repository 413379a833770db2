import Foundation
import Testing
import ThriveCore

@Suite("Programs: reading a program file and moving through its days")
struct ProgramTests {
    static let text = """
        ---
        title: Sleep reset
        icon: 😴
        goal: sleep
        level: Beginner friendly
        summary: Two weeks to a steadier night.
        ---

        ## Habits
        - ⏰ Same wake time | every day | reminder 07:00
        - ☀️ Morning daylight | minutes 10 | mon tue wed thu fri
        - 🏋️ Strength session | 3 a week
        - 💧 Drink water | count 8 glasses | every day

        ## Day 1: Start with the wake time
        Pick a wake time you can keep **every day**.

        ## Day 2: Light is the signal
        Ten minutes outside.
        """

    @Test func aProgramFileReadsIntoDaysAndHabitsAsTheHabitFormTakesThem() throws {
        let program = try ProgramText.program(id: ProgramID("sleep-reset")!, text: Self.text)
        #expect(program.title == "Sleep reset")
        #expect(program.goal == .sleep)
        #expect(program.length == 2)
        #expect(program.day(2)?.title == "Light is the signal")
        #expect(program.day(1)?.lesson == "Pick a wake time you can keep **every day**.")
        #expect(program.day(3) == nil)
        #expect(program.habits.map(\.name) == ["Same wake time", "Morning daylight", "Strength session", "Drink water"])
        #expect(program.habits[0].reminder == "07:00")
        #expect(program.habits[1].measure == "minutes" && program.habits[1].target == 10)
        #expect(program.habits[1].weekdays == [2, 3, 4, 5, 6])
        #expect(program.habits[2].timesPerWeek == 3)
        #expect(program.habits[3].measure == "count" && program.habits[3].unit == "glasses")
    }

    @Test(arguments: [
        ("## Day 1: Start with the wake time", "## Day 3: Start with the wake time", 15, "expected “## Day 1: title”"),
        ("goal: sleep", "goal: sleepy", 1, "goal is one of exercise, nutrition, sleep, stress, growth"),
        ("- 💧 Drink water | count 8 glasses | every day", "- 💧 Drink water | count 0 glasses", 13, "habit form"),
        ("- 🏋️ Strength session | 3 a week", "- 🏋️ Strength session | daily-ish", 12, "“daily-ish” is not"),
        ("Ten minutes outside.", "", 18, "day 2 has no lesson"),
    ])
    func aBrokenFileIsRefusedWithTheLineToMend(original: String, broken: String, line: Int, reason: String) {
        let text = Self.text.replacingOccurrences(of: original, with: broken)
        #expect {
            try ProgramText.program(id: ProgramID("sleep-reset")!, text: text)
        } throws: { error in
            guard let problem = error as? ProgramText.Problem else { return false }
            return problem.line == line && problem.reason.contains(reason)
        }
    }

    @Test func programNamesAreLowercaseWordsJoinedByHyphens() {
        #expect(ProgramID("sleep-reset") != nil)
        #expect(ProgramID("Sleep-reset") == nil)
        #expect(ProgramID("-sleep") == nil)
        #expect(ProgramID("../etc") == nil)
        #expect(ProgramID("") == nil)
    }

    @Test func dayXFollowsTheCalendarAndOnlyReachedDaysCanBeMarked() throws {
        let monday = LocalDate(year: 2026, month: 11, day: 23)!
        var enrollments = ProgramEnrollments()
        try enrollments.enroll(ProgramID("walk")!, today: monday, habitIDs: [])
        #expect(throws: ProgramRuleError.alreadyEnrolled) {
            try enrollments.enroll(ProgramID("walk")!, today: monday, habitIDs: [])
        }
        var walk = try #require(enrollments.active(ProgramID("walk")!))
        #expect(walk.currentDay(today: monday, length: 3) == 1)
        #expect(walk.currentDay(today: monday.adding(days: 1), length: 3) == 2)
        #expect(walk.currentDay(today: monday.adding(days: 30), length: 3) == 3, "never past the last day")
        #expect(throws: ProgramRuleError.dayNotReached(2)) {
            try walk.complete(day: 2, today: monday, length: 3)
        }
        #expect(throws: ProgramRuleError.noSuchDay(3)) { try walk.complete(day: 4, today: monday, length: 3) }
        try walk.complete(day: 1, today: monday, length: 3)
        try walk.complete(day: 1, today: monday, length: 3)
        #expect(walk.completedDays == [1], "marking a day twice counts once")
        // Days can be caught up later; the last undone one completes the program.
        let thursday = monday.adding(days: 3)
        try walk.complete(day: 3, today: thursday, length: 3)
        #expect(walk.status == .active)
        #expect(abs(walk.fractionDone(length: 3) - 2.0 / 3) < 1e-9)
        try walk.complete(day: 2, today: thursday, length: 3)
        #expect(walk.status == .completed)
        #expect(walk.endedOn == thursday)
        #expect(throws: ProgramRuleError.notEnrolled) { try walk.leave(today: thursday) }
    }

    @Test func joiningAgainAfterLeavingStartsAtDayOneAndFinishedOnesAreCounted() throws {
        let day = LocalDate(year: 2026, month: 11, day: 23)!
        let id = ProgramID("walk")!
        var enrollments = ProgramEnrollments()
        try enrollments.enroll(id, today: day, habitIDs: [])
        try enrollments.update(id) { try $0.complete(day: 1, today: day, length: 1) }
        #expect(enrollments.completedCount == 1)
        #expect(enrollments.active(id) == nil)
        try enrollments.enroll(id, today: day.adding(days: 5), habitIDs: [])
        try enrollments.update(id) { try $0.leave(today: day.adding(days: 6)) }
        #expect(throws: ProgramRuleError.notEnrolled) { try enrollments.update(id) { _ in } }
        #expect(enrollments.latest(id)?.status == .left)
        #expect(enrollments.completedCount == 1)
        #expect(enrollments.all.count == 2)
    }
}

@Suite("Habits alike")
struct SimilarHabitTests {
    static func habit(_ name: String, status: Habit.Status = .active) -> Habit {
        Habit(
            id: HabitID(UUID()), name: name, status: status, startedOn: LocalDate(year: 2026, month: 11, day: 1)!,
            createdAt: Date(timeIntervalSince1970: 0))
    }

    @Test(arguments: [
        ("Daily walk", "Walk 10 min", true),
        ("Walking 30 minutes", "Walk every day", true),
        ("Drink 8 glasses of water", "Water", true),
        ("Daily walk", "Read 10 min", false),
        ("Lights out by 11", "Morning stretch", false),
        ("Daily walk", "Daily reading", false),
    ])
    func namesAreAlikeByWhatIsDone(program: String, kept: String, alike: Bool) {
        #expect((SimilarHabit.match(program, among: [Self.habit(kept)]) != nil) == alike, "\(program) ~ \(kept)")
    }

    @Test func anArchivedHabitIsNotOffered() {
        #expect(SimilarHabit.match("Daily walk", among: [Self.habit("Walk", status: .archived)]) == nil)
    }
}
