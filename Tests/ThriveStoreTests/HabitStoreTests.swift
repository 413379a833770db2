import Foundation
import Testing
import ThriveCore
import ThriveStore

@Suite("Habits in the store")
struct HabitStoreTests {
    /// A habit, its streak and its days round-trip on both engines; saving the habit again (a new
    /// streak) keeps its days; another person sees none of it; deleting takes its days along.
    /// What the reminder planner reads, on both engines: every active habit with a reminder, with
    /// its schedule, first day, pauses and the owner's zone; none without a reminder, paused,
    /// archived, or whose owner has no profile yet — and nothing at all on an empty table.
    @Test(arguments: TestStores.kinds)
    func reminderSchedulesAreEveryActiveHabitWithAReminder(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            #expect(try await store.read { try await $0.habitReminderSchedules() }.isEmpty)
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            @Sendable func habit(
                _ name: String, _ schedule: Habit.Schedule = .everyDay, at minute: Int? = 8 * 60,
                _ status: Habit.Status = .active, pauses: [Habit.Pause] = []
            ) -> Habit {
                Habit(
                    id: HabitID(UUID()), name: name, schedule: schedule, reminderMinutes: minute, status: status,
                    startedOn: monday, pauses: pauses, createdAt: Make.time)
            }
            let weekdays = habit("Walk", .days([2, 4, 6]), at: 7 * 60 + 30)
            let weekly = habit("Swim", .timesPerWeek(3), pauses: [Habit.Pause(from: monday.adding(days: 1))])
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                try await repositories.records(of: ann.id).profile.save(
                    Profile(timeZoneIdentifier: "America/New_York"), at: Make.time)
                let anns = repositories.records(of: ann.id).habits
                for item in [
                    weekdays, weekly, habit("Read", at: nil), habit("Stretch", .everyDay, .paused),
                    habit("Old", .everyDay, .archived),
                ] {
                    try await anns.save(TrackedHabit(habit: item, streak: HabitStreak()))
                }
                try await repositories.records(of: bob.id).habits.save(TrackedHabit(habit: habit("Water"), streak: HabitStreak()))
            }
            let schedules = try await store.read { try await $0.habitReminderSchedules() }.sorted { $0.minute < $1.minute }
            #expect(schedules.map(\.habit) == [weekdays.id, weekly.id], "Bob has no profile: no zone to remind him in")
            #expect(schedules.allSatisfy { $0.owner == ann.id && $0.timeZone.identifier == "America/New_York" })
            #expect(schedules.map(\.minute) == [7 * 60 + 30, 8 * 60])
            #expect(schedules[0].calendar == weekdays.calendar && schedules[1].calendar == weekly.calendar)
            #expect(!schedules[1].calendar.isDue(on: monday.adding(days: 2)), "paused since Tuesday")
        }
    }

    @Test(arguments: TestStores.kinds)
    func habitsAndTheirDaysRoundTripPerPerson(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            let habit = Habit(
                id: HabitID(UUID()), name: "Drink water", icon: "💧", measure: .count(target: 8, unit: "glasses"),
                schedule: .days([2, 3, 4, 5, 6]), reminderMinutes: 9 * 60, startedOn: monday,
                pauses: [Habit.Pause(from: monday.adding(days: 2), to: monday.adding(days: 3))], createdAt: Make.time)
            let days = [
                HabitCheckIn(habitID: habit.id, day: monday, state: .done, amount: 8, recordedAt: Make.time),
                HabitCheckIn(habitID: habit.id, day: monday.adding(days: 1), state: .partial, amount: 3, recordedAt: Make.time),
            ]
            let streak = HabitStreak(through: monday, current: 1, best: 1)
            try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                let habits = repositories.records(of: ann.id).habits
                try await habits.save(TrackedHabit(habit: habit, streak: HabitStreak()))
                for day in days { try await habits.record(day) }
                try await habits.save(TrackedHabit(habit: habit, streak: streak))
            }
            let (anns, annsDays, bobs, bobsDays) = try await store.read {
                (
                    try await $0.records(of: ann.id).habits.all(),
                    try await $0.records(of: ann.id).habits.checkIns([habit.id], from: monday, through: monday.adding(days: 6)),
                    try await $0.records(of: bob.id).habits.all(),
                    try await $0.records(of: bob.id).habits.allCheckIns(habit.id)
                )
            }
            #expect(anns == [TrackedHabit(habit: habit, streak: streak)])
            #expect(Set(annsDays) == Set(days))
            #expect(bobs.isEmpty && bobsDays.isEmpty)
            let deletedByBob = try await store.write { try await $0.records(of: bob.id).habits.delete(habit.id) }
            #expect(!deletedByBob)
            try await store.write { _ = try await $0.records(of: ann.id).habits.delete(habit.id) }
            let left = try await store.read { try await $0.records(of: ann.id).habits.allCheckIns(habit.id) }
            #expect(left.isEmpty)
        }
    }
}

@Suite("Achievement awards in the store")
struct AchievementStoreTests {
    /// A tier is stored once per person on both engines: awarding it again (a second request
    /// racing the first, or the gallery counting history) adds nothing and keeps the first day.
    @Test(arguments: TestStores.kinds)
    func aTierIsAwardedOncePerPerson(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let bob = try Make.account("bob@example.com")
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            let week = AchievementAward(achievement: .earlyBird, tier: 7, earnedOn: monday)
            let first = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(bob)
                return try await repositories.records(of: ann.id).achievements.award([
                    week, AchievementAward(achievement: .firstWeek, tier: 1, earnedOn: monday),
                ])
            }
            #expect(first.count == 2)
            let again = try await store.write {
                try await $0.records(of: ann.id).achievements.award([
                    AchievementAward(achievement: .earlyBird, tier: 7, earnedOn: monday.adding(days: 3))
                ])
            }
            #expect(again.isEmpty)
            let bobs = try await store.write { try await $0.records(of: bob.id).achievements.award([week]) }
            #expect(bobs == [week], "another person earns their own")
            let anns = try await store.read { try await $0.records(of: ann.id).achievements.all() }
            #expect(anns.count == 2)
            #expect(anns.first { $0.achievement == .earlyBird }?.earnedOn == monday)
        }
    }

    /// A creator's badge is stored once per person and space, with the name and day it was earned
    /// then, and outlives the creator's account (what was earned stays).
    @Test(arguments: TestStores.kinds)
    func aCreatorsBadgeIsKeptOnceWithItsDay(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let ann = try Make.account("ann@example.com")
            let carol = try Make.account("carol@example.com")
            let monday = LocalDate(year: 2026, month: 11, day: 23)!
            let badge = CreatorBadgeAward(
                creator: carol.id, badgeID: "ten-days", name: "Ten good days", icon: "🔟", earnedOn: monday)
            let first = try await store.write { repositories in
                try await repositories.accounts.create(ann)
                try await repositories.accounts.create(carol)
                return try await repositories.records(of: ann.id).creatorBadges.award([badge])
            }
            #expect(first == [badge])
            let renamed = CreatorBadgeAward(
                creator: carol.id, badgeID: "ten-days", name: "Ten days", icon: "🔟", earnedOn: monday.adding(days: 2))
            #expect(try await store.write { try await $0.records(of: ann.id).creatorBadges.award([renamed]) }.isEmpty)
            #expect(try await store.write { try await $0.accounts.delete(carol.id) })
            let kept = try await store.read { try await $0.records(of: ann.id).creatorBadges.all() }
            #expect(kept == [badge])
        }
    }
}
