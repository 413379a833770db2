import Foundation
import ThriveCore
import ThriveStore

extension CoachFacts {
    /// What the coach knows now, read from the person's records in the caller's session: their
    /// first name, tone, today's habits with streaks, what slipped yesterday, and their programs.
    static func read(_ records: PersonalRecords, at time: Date, library: ProgramLibrary) async throws -> CoachFacts {
        let profile = try await records.profile.get()
        let zone = profile?.timeZone ?? .gmt
        let today = LocalDate(time, in: zone)
        let yesterday = today.adding(days: -1)
        let settings = try await records.documents.get(Settings.self) ?? Settings()
        let active = try await records.habits.all().filter { $0.habit.status == .active }
        let views = try await HabitService.views(active, today: today, records: records)
        let before = try await records.habits.checkIns(active.map(\.habit.id), from: yesterday, through: yesterday)
        let habits = views.map { view in
            let checkIn = before.first { $0.habitID == view.habit.id }
            let yesterdayOutcome = HabitDayOutcome.of(view.habit, on: yesterday, checkIn: checkIn, today: today)
            return HabitFact(
                id: view.habit.id, name: view.habit.name, outcome: view.outcome, streak: view.streak,
                bestStreak: view.bestStreak, missedYesterday: yesterdayOutcome == .missed)
        }
        let enrollments = try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()
        let programs = enrollments.activeOnes.compactMap { enrollment -> ProgramFact? in
            guard let program = library.program(enrollment.programID) else { return nil }
            let day = enrollment.currentDay(today: today, length: program.length)
            return ProgramFact(
                title: program.title, day: day, length: program.length, lessonTitle: program.day(day)?.title,
                lessonDone: enrollment.completedDays.contains(day))
        }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let firstName = profile?.displayName?.split(separator: " ").first.map(String.init)
        let pillars = try await Self.today(records, today: today, zone: zone)
        let focus: DataCategory? =
            switch settings.coaching.focus {
            case .balanced: nil
            case .fitness: .fitness
            case .nutrition: .nutrition
            case .wellbeing: .wellbeing
            }
        return CoachFacts(
            name: firstName, tone: settings.coaching.tone, habits: habits, programs: programs,
            dayPart: dayPart(hour: calendar.component(.hour, from: time)), difficulty: settings.coaching.difficulty,
            focus: pillars.first { $0.category == focus }, today: pillars)
    }

    /// Today's figure of each pillar, in one read of the day.
    private static func today(_ records: PersonalRecords, today: LocalDate, zone: TimeZone) async throws -> [FocusToday] {
        let parts = DayParts(quantities: [.stepCount], food: true, moods: true)
        let day = try await records.daily.days(parts, from: today, through: today, in: zone).days.first
        let policy = (try await records.documents.get(PlanPreferences.self) ?? PlanPreferences()).sources
        return [
            .fitness(steps: day?.quantity(.stepCount, policy: policy).map { Int($0.sum.rounded()) }),
            .nutrition(meals: day?.food?.entries ?? 0), .wellbeing(checkedIn: (day?.mood?.checkIns ?? 0) > 0),
        ]
    }
}
