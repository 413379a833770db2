import Foundation
import ThriveCore
import ThriveStore

/// Habits for one person: today's list with streaks, adding and changing habits, and check-ins.
/// A check-in and the kept streak it moves are written in one transaction.
struct HabitService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    /// What a check-in changed: the day before and after, and the habit as today's list shows it
    /// on the person's `day`.
    struct CheckInOutcome: Sendable {
        let previous: HabitCheckIn?
        let checkIn: HabitCheckIn?
        let today: HabitToday
        let day: LocalDate
        /// Achievement tiers this check-in earned.
        let awards: [AchievementAward]
        /// Badges of the person's creator this check-in earned.
        var creatorBadges: [CreatorBadgeAward] = []
    }

    /// Today's habits (active ones), with the person's day, from the kept streaks and the
    /// check-ins after them: a few rows a habit, however long the history.
    func today(_ owner: UserID) async throws -> (day: LocalDate, habits: [HabitToday]) {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            let day = try await today(records)
            let active = try await records.habits.all().filter { $0.habit.status == .active }
            return (day, try await Self.views(active, today: day, records: records))
        }
    }

    /// Every habit (paused and archived too), as today's list would show it.
    func all(_ owner: UserID) async throws -> (day: LocalDate, habits: [HabitToday]) {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            let day = try await today(records)
            return (day, try await Self.views(try await records.habits.all(), today: day, records: records))
        }
    }

    /// Completion, streaks, the week, the trend, the calendar and insights, from the kept streaks
    /// and the check-ins of the last twelve weeks.
    func progress(_ owner: UserID) async throws -> HabitProgress {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            let zone = try await records.timeZone()
            let day = LocalDate(now(), in: zone)
            let tracked = try await records.habits.all().filter { $0.habit.status != .archived }
            let views = try await Self.views(tracked, today: day, records: records)
            let checkIns = try await records.habits.checkIns(
                tracked.map(\.habit.id), from: HabitProgress.firstDay(today: day), through: day)
            return HabitProgress(views, checkIns: checkIns, today: day, zone: zone)
        }
    }

    func habit(_ owner: UserID, _ id: HabitID) async throws -> (day: LocalDate, habit: HabitToday) {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            guard let tracked = try await records.habits.habit(id) else { throw Self.missing }
            let day = try await today(records)
            return (day, try await Self.views([tracked], today: day, records: records)[0])
        }
    }

    func create(_ owner: UserID, _ draft: HabitDraft) async throws -> (day: LocalDate, habit: HabitToday) {
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            let day = try await today(records)
            let habit = try draft.habit(id: ids.make(), startedOn: day, at: now())
            let tracked = TrackedHabit(habit: habit, streak: HabitStreak())
            try await records.habits.save(tracked)
            return (day, try await Self.views([tracked], today: day, records: records)[0])
        }
    }

    /// Changes a habit. A new schedule or measure applies to its whole history, so its streak is
    /// folded again from the start.
    func update(_ owner: UserID, _ id: HabitID, _ change: HabitChange) async throws -> (day: LocalDate, habit: HabitToday) {
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            guard var tracked = try await records.habits.habit(id) else { throw Self.missing }
            let day = try await today(records)
            let before = tracked.habit
            tracked.habit = try change.applied(to: tracked.habit, today: day)
            if tracked.habit.schedule != before.schedule || tracked.habit.measure != before.measure
                || tracked.habit.pauses != before.pauses
            {
                var checkIns = try await records.habits.allCheckIns(id)
                if tracked.habit.measure != before.measure {
                    checkIns = checkIns.map { Self.remeasured($0, tracked.habit) }
                    for checkIn in checkIns { try await records.habits.record(checkIn) }
                }
                tracked.streak = HabitStreak.computed(tracked.habit, through: day.adding(days: -1), checkIns: checkIns)
            }
            try await records.habits.save(tracked)
            return (day, try await Self.views([tracked], today: day, records: records)[0])
        }
    }

    func checkInCount(_ owner: UserID, _ id: HabitID) async throws -> Int {
        try await store.read { try await $0.records(of: owner).habits.checkInCount(id) }
    }

    func delete(_ owner: UserID, _ id: HabitID) async throws {
        try await store.write { repositories in
            guard try await repositories.records(of: owner).habits.delete(id) else { throw Self.missing }
        }
    }

    /// Records an action on a day (today unless said), moves the kept streak, and says what the
    /// day was before so it can be undone.
    func checkIn(_ owner: UserID, _ id: HabitID, _ request: HabitCheckInRequest) async throws -> CheckInOutcome {
        try await store.write { repositories in
            let time = now()
            var outcome = try await Self.checkIn(id, request, records: repositories.records(of: owner), at: time)
            outcome.creatorBadges = try await CreatorBadges.evaluate(owner, repositories, today: outcome.day)
            try await Celebrations.post(after: outcome, owner: owner, repositories: repositories, now: time, ids: ids)
            return outcome
        }
    }

    /// A check-in inside the caller's transaction (the coach chat records one with its message).
    static func checkIn(_ id: HabitID, _ request: HabitCheckInRequest, records: PersonalRecords, at time: Date) async throws
        -> CheckInOutcome
    {
        guard var tracked = try await records.habits.habit(id) else { throw Self.missing }
        let today = LocalDate(time, in: try await records.timeZone())
        let day = try request.day(today: today, startedOn: tracked.habit.startedOn)
        let previous = try await records.habits.checkIns([id], from: day, through: day).first
        let next = try request.applied(to: previous, of: tracked.habit, on: day, at: time)
        if let next {
            try await records.habits.record(next)
        } else {
            try await records.habits.removeCheckIn(id, on: day)
        }
        let yesterday = today.adding(days: -1)
        if let through = tracked.streak.through, day <= through {
            // A past day folded already changed: fold the whole history again.
            tracked.streak = HabitStreak.computed(
                tracked.habit, through: yesterday, checkIns: try await records.habits.allCheckIns(id))
        } else {
            let from = tracked.streak.through?.adding(days: 1) ?? tracked.habit.startedOn
            let recent = try await records.habits.checkIns([id], from: from, through: yesterday)
            tracked.streak = tracked.streak.advanced(
                tracked.habit, through: yesterday, checkIns: Dictionary(recent.map { ($0.day, $0) }) { a, _ in a })
        }
        try await records.habits.save(tracked)
        let view = try await Self.views([tracked], today: today, records: records)[0]
        let (_, awards, _) = try await AchievementService.evaluate(records, today: today)
        return CheckInOutcome(previous: previous, checkIn: next, today: view, day: today, awards: awards)
    }

    /// The creator badges the person holds, read only when `wanted` (a check-in's toast names some).
    func creatorAwards(_ owner: UserID, if wanted: Bool) async throws -> [CreatorBadgeAward] {
        guard wanted else { return [] }
        return try await store.read { try await $0.records(of: owner).creatorBadges.all() }
    }

    static var missing: AppError { AppError.notFound(t("habit.notFound")) }

    private func today(_ records: PersonalRecords) async throws -> LocalDate {
        try await Self.day(records, now: now)
    }

    /// The person's day now, in their profile's zone.
    static func day(_ records: PersonalRecords, now: Now) async throws -> LocalDate {
        LocalDate(now(), in: try await records.timeZone())
    }

    /// A check-in kept in the new measure: done stays done, a count becomes done once it reaches
    /// the new target.
    private static func remeasured(_ checkIn: HabitCheckIn, _ habit: Habit) -> HabitCheckIn {
        guard checkIn.state != .skipped else { return checkIn }
        var copy = checkIn
        if case .binary = habit.measure {
            copy.state = checkIn.state == .done ? .done : .partial
        } else {
            copy.state = checkIn.amount >= habit.measure.target ? .done : .partial
        }
        return copy
    }

    /// Today's views of these habits from one read of the check-ins after their kept streaks.
    static func views(_ habits: [TrackedHabit], today: LocalDate, records: PersonalRecords) async throws -> [HabitToday] {
        guard !habits.isEmpty else { return [] }
        let earliest = habits.map { $0.streak.through?.adding(days: 1) ?? $0.habit.startedOn }.min()!
        let checkIns = try await records.habits.checkIns(habits.map(\.habit.id), from: min(earliest, today), through: today)
        let byHabit = Dictionary(grouping: checkIns, by: \.habitID)
        return habits.map { tracked in
            let recent = Dictionary((byHabit[tracked.habit.id] ?? []).map { ($0.day, $0) }) { a, _ in a }
            return HabitToday(tracked.streak, of: tracked.habit, today: today, recent: recent)
        }
    }
}
