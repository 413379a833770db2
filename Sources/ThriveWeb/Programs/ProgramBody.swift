import Foundation
import ThriveCore

/// A program as the API shows it: what it is, the habits it adds, and where the person is in it.
struct ProgramBody: Codable, Sendable {
    struct Enrollment: Codable, Sendable {
        /// active, completed or left.
        let status: String
        let startedOn: String
        let endedOn: String?
        /// Day X of `length` while active.
        let currentDay: Int?
        let completedDays: [Int]
        /// Days done out of the program's length, 0 to 1.
        let progress: Double
    }

    struct Stats: Codable, Sendable {
        /// 0 to 1; absent until the program's habits asked something.
        let consistency: Double?
        let streak: Int
        let streakInWeeks: Bool
        let lessonsDone: Int
        let badgesEarned: Int
    }

    struct Day: Codable, Sendable {
        let number: Int
        let title: String
        /// The lesson as Markdown.
        let lesson: String?
        let done: Bool
        /// Whether the person has reached the day (only reached days can be marked done).
        let reached: Bool
    }

    let id: String
    let title: String
    let icon: String
    let summary: String
    let level: String
    let goal: String
    let length: Int
    let habits: [HabitDraft]
    /// Habits the person already keeps that are alike to the program's (by the program habit's
    /// position), while they are not in it: `POST …/enroll` with `reuse` follows them instead.
    let similarHabits: [SimilarHabitBody]
    let enrollment: Enrollment?
    /// How the person is doing in it; only when one program is asked for and they are in it or
    /// finished it.
    let stats: Stats?
    /// Every day with its title; lessons only when one program is asked for.
    let days: [Day]

    init(_ listing: ProgramService.Listing, lessons: Bool) {
        let program = listing.program
        id = program.id.rawValue
        title = program.title
        icon = program.icon
        summary = program.summary
        level = program.level
        goal = program.goal.rawValue
        length = program.length
        habits = program.habits
        similarHabits = listing.similar.sorted { $0.key < $1.key }.map {
            SimilarHabitBody(index: $0.key, habitId: $0.value.id, name: $0.value.name)
        }
        let enrollment = listing.enrollment
        self.enrollment = enrollment.map {
            Enrollment(
                status: $0.status.rawValue, startedOn: $0.startedOn.iso8601, endedOn: $0.endedOn?.iso8601,
                currentDay: listing.currentDay, completedDays: $0.completedDays.sorted(),
                progress: $0.fractionDone(length: program.length))
        }
        stats = listing.progress.map {
            Stats(
                consistency: $0.consistency.rate, streak: $0.streak, streakInWeeks: $0.streakInWeeks,
                lessonsDone: $0.lessonsDone, badgesEarned: $0.badgesEarned)
        }
        let reachedThrough = listing.currentDay ?? 0
        days = program.days.map { day in
            Day(
                number: day.number, title: day.title, lesson: lessons ? day.lesson : nil,
                done: listing.isActive && enrollment?.completedDays.contains(day.number) == true,
                reached: day.number <= reachedThrough)
        }
    }
}

struct ProgramListBody: Codable, Sendable {
    let day: String
    let programs: [ProgramBody]
}

/// One of the person's habits alike to a program's habit.
struct SimilarHabitBody: Codable, Sendable {
    let index: Int
    let habitId: HabitID
    let name: String
}
