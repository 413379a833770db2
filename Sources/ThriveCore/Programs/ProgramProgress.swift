import Foundation

/// How a person is doing in a program they joined, from the day they joined through today (or the
/// day it ended): how consistently they kept the program's habits, the longest streak running among
/// them, the lessons done and the badges earned meanwhile.
public struct ProgramProgress: Hashable, Sendable {
    /// The program's habits over the enrollment, by ``HabitCompletion``'s rules (skips and rest
    /// days ask nothing).
    public let consistency: HabitCompletion
    /// The longest current streak among the program's habits, in days (or weeks for a
    /// times-a-week habit; `streakInWeeks` says which).
    public let streak: Int
    public let streakInWeeks: Bool
    public let lessonsDone: Int
    public let badgesEarned: Int

    /// - Parameters:
    ///   - habits: today's view of the habits enrolling added (those still kept).
    ///   - checkIns: their check-ins from the enrollment's start.
    ///   - awards: every achievement tier the person holds.
    public init(
        _ enrollment: ProgramEnrollment, length: Int, habits: [HabitToday], checkIns: [HabitCheckIn],
        awards: [AchievementAward], today: LocalDate
    ) {
        let last = min(enrollment.endedOn ?? today, today)
        let byHabit = Dictionary(grouping: checkIns, by: \.habitID).mapValues { list in
            Dictionary(list.map { ($0.day, $0) }) { first, _ in first }
        }
        consistency = habits.reduce(HabitCompletion()) { sum, view in
            let kept = byHabit[view.habit.id] ?? [:]
            return sum + HabitCompletion.of(view.habit, from: enrollment.startedOn, through: last, checkIns: kept)
        }
        let longest = habits.max { $0.streak < $1.streak }
        streak = longest?.streak ?? 0
        streakInWeeks = longest?.streakInWeeks ?? false
        lessonsDone = enrollment.completedDays.filter { (1...max(length, 1)).contains($0) }.count
        badgesEarned = awards.filter { $0.earnedOn >= enrollment.startedOn && $0.earnedOn <= last }.count
    }
}
