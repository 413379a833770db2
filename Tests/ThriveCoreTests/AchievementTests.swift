import Foundation
import PropertyBased
import Testing
import ThriveCore

/// Achievement rules and levels over hand-built calendars: one letter per day from a Monday (D done,
/// S skipped, - nothing), the last letter today, as in the streak tests.
@Suite("Achievements and levels")
struct AchievementTests {
    static let monday = HabitStreakTests.monday

    static func habit(
        _ name: String, icon: String = "✓", measure: Habit.Measure = .binary, schedule: Habit.Schedule = .everyDay,
        reminder: Int? = nil
    ) -> Habit {
        Habit(
            id: HabitID(UUID()), name: name, icon: icon, measure: measure, schedule: schedule, reminderMinutes: reminder,
            startedOn: monday, createdAt: HabitStreakTests.time)
    }

    static func facts(_ calendars: [(Habit, String)], programs: Int = 0, messages: Int = 0) -> AchievementFacts {
        let length = calendars.map(\.1.count).max() ?? 1
        let checkIns = calendars.flatMap { habit, calendar in HabitStreakTests.checkIns(calendar, of: habit).values }
        return AchievementFacts(
            habits: calendars.map(\.0), checkIns: checkIns, today: monday.adding(days: length - 1),
            programsFinished: programs, messagesSent: messages)
    }

    static func reached(_ facts: AchievementFacts, today: LocalDate) -> [String] {
        facts.reached(today: today).map { "\($0.achievement.rawValue) \($0.tier)" }
    }

    @Test(arguments: [
        // Seven mornings done, today done: the 7-day tier.
        ("DDDDDDD", 7),
        // Today not done yet does not break the run through yesterday.
        ("DDDDDDD-", 7),
        // A missed morning ends the run; what came after counts.
        ("DDDDD-DDD", 3),
        // A skip by choice neither adds nor breaks, as in the habit's streak.
        ("DDDSDDD", 6),
        ("", 0),
    ])
    func earlyBirdCountsMorningsInARow(calendar: String, run: Int) {
        let walk = Self.habit("Morning walk", reminder: 7 * 60)
        let evening = Self.habit("Evening stretch", reminder: 21 * 60)
        let facts = Self.facts([(walk, calendar), (evening, String(repeating: "-", count: calendar.count))])
        #expect(facts.earlyBirdRun == run)
    }

    @Test func aRestDayPassesWithoutBreakingAMorningRun() {
        // Weekdays only (Mon–Fri): Saturday and Sunday have nothing due, so the run goes on.
        let walk = Self.habit("Morning walk", schedule: .days([2, 3, 4, 5, 6]), reminder: 6 * 60 + 30)
        let facts = Self.facts([(walk, "DDDDD--DD")])
        #expect(facts.earlyBirdRun == 7)
    }

    @Test(arguments: [
        // Five habits a day: four done is 80 % and counts, three is 60 % and breaks.
        (["DDDDDDD", "DDDDDDD", "DDDDDDD", "DDDDDDD", "-------"], 7),
        (["DDDDDDD", "DDDDDDD", "DDDDDDD", "DDD-DDD", "---D---"], 7),
        (["DDDDDDD", "DDDDDDD", "DDD-DDD", "DDD-DDD", "-------"], 3),
        // A skipped habit leaves the day's share of the rest: 4 of 4 settled.
        (["DDDDDDD", "DDDDDDD", "DDDDDDD", "DDDDDDD", "SSSSSSS"], 7),
    ])
    func consistencyNeedsEightyPercentEachDay(calendars: [String], run: Int) {
        let habits = (1...calendars.count).map { Self.habit("Habit \($0)") }
        let facts = Self.facts(Array(zip(habits, calendars)))
        #expect(facts.consistencyRun == run)
    }

    @Test func hydrationIsAWaterHabitByIconOrUnit() {
        let water = Self.habit("Agua", measure: .count(target: 8, unit: "vasos"))
        let tea = Self.habit("Tea", icon: "🍵", measure: .count(target: 3, unit: "pots"))
        let facts = Self.facts([(water, String(repeating: "D", count: 14)), (tea, String(repeating: "-", count: 14))])
        #expect(facts.hydrationRun == 14)
        #expect(
            Self.reached(facts, today: Self.monday.adding(days: 13)).filter { $0.hasPrefix("hydration") }
                == ["hydration_hero 7", "hydration_hero 14"])
        // Each tier is dated by the day the run reached it, not the day it was counted.
        let dated = facts.reached(today: Self.monday.adding(days: 13)).filter { $0.achievement == .hydrationHero }
        #expect(dated.map(\.on) == [Self.monday.adding(days: 6), Self.monday.adding(days: 13)])
        // A skipped day passes, as it does for the habit's streak: the run matches the streak.
        let skipped = Self.facts([(water, "DDDDSDDDDDDDDDD")])
        #expect(skipped.hydrationRun == 14)
        #expect(
            skipped.reached(today: Self.monday.adding(days: 14)).first { $0.tier == 7 }?.on == Self.monday.adding(days: 7),
            "the seventh day done, a skip between")
        let drop = Self.facts([(Self.habit("Water", icon: "💧"), "DDDDDDD")])
        #expect(drop.hydrationRun == 7)
        #expect(Self.facts([(tea, "DDDDDDD")]).hydrationRun == 0)
    }

    @Test func theFirstWeekNeedsSevenDaysAndADoneHabitInThem() {
        let walk = Self.habit("Walk")
        let sixDays = Self.facts([(walk, "D-----")])
        #expect(!Self.reached(sixDays, today: Self.monday.adding(days: 5)).contains("first_week 1"))
        let eighth = Self.facts([(walk, "D-------")])
        #expect(Self.reached(eighth, today: Self.monday.adding(days: 7)).contains("first_week 1"))
        let later = Self.facts([(walk, "D" + String(repeating: "-", count: 30))])
        #expect(
            later.reached(today: Self.monday.adding(days: 30)).first { $0.achievement == .firstWeek }?.on
                == Self.monday.adding(days: 7), "dated the day the first week was behind")
        let nothingDone = Self.facts([(walk, "SSSSSSS-")])
        #expect(!Self.reached(nothingDone, today: Self.monday.adding(days: 7)).contains("first_week 1"))
    }

    @Test func programsAndMessagesCount() {
        let facts = Self.facts([], programs: 2, messages: 12)
        #expect(
            Self.reached(facts, today: Self.monday) == ["conversation_starter 10", "program_graduate 1", "program_graduate 2"])
        #expect(Self.reached(Self.facts([], messages: 9), today: Self.monday).isEmpty)
    }

    @Test(arguments: [
        (0, 1, "beginner", 0.0), (49, 1, "beginner", 0.98), (50, 2, "developing", 0.0), (150, 3, "consistent", 0.0),
        (275, 3, "consistent", 0.5), (400, 4, "advanced", 0.0), (999, 4, "advanced", 599.0 / 600), (1_000, 5, "master", 1.0),
        (50_000, 5, "master", 1.0),
    ])
    func levelsFollowThePoints(points: Int, number: Int, name: String, progress: Double) {
        let level = CoachingLevel(points: points)
        #expect(level.number == number)
        #expect(level.name.rawValue == name)
        #expect(abs(level.progressToNext - progress) < 1e-9)
    }

    @Test func pointsComeFromDaysTiersAndPrograms() {
        let level = CoachingLevel(habitDaysDone: 120, tiersEarned: 4, programsFinished: 1)
        #expect(level.points == 120 + 20 + 20)
        #expect(level.name == .consistent)
        #expect(level.nextAt == 400)
    }

    /// Random calendars: each tier is reached at most once, a longer run never reaches fewer
    /// tiers, the runs stay within what the rules look at, and the level's progress stays in 0–1.
    @Test func tiersAreUniqueAndGrowWithTheRun() async {
        await propertyCheck(input: Gen.int(in: 0...999_999).array(of: 1...120)) { numbers in
            let habits = [Self.habit("Walk", reminder: 420), Self.habit("Water", icon: "💧"), Self.habit("Read")]
            let calendars = habits.enumerated().map { index, habit in
                (habit, String(numbers.map { ["D", "D", "D", "S", "-"][($0 >> index) % 5] }))
            }
            let facts = Self.facts(calendars, programs: numbers[0] % 4, messages: numbers[0] % 25)
            let today = Self.monday.adding(days: numbers.count - 1)
            let reached = Self.reached(facts, today: today)
            #expect(Set(reached).count == reached.count)
            for run in [facts.earlyBirdRun, facts.consistencyRun, facts.hydrationRun] {
                #expect((0...Achievement.longestRun).contains(run))
            }
            var longer = facts
            longer.earlyBirdRun += 30
            #expect(Set(Self.reached(longer, today: today)).isSuperset(of: reached))
            let level = CoachingLevel(habitDaysDone: numbers.count, tiersEarned: reached.count, programsFinished: 0)
            #expect((0...1).contains(level.progressToNext))
        }
    }
}
