import Foundation

/// How much of what a habit asked for was done over some days: done days against due days for a
/// days-of-week habit; for a times-per-week habit, days done against the week's times spread over
/// the days (N × days / 7), a week's surplus not carried into another. Skipped days and today,
/// until done, ask nothing; rest days never count.
public struct HabitCompletion: Hashable, Sendable, Codable {
    public var achieved: Double
    public var expected: Double

    public init(achieved: Double = 0, expected: Double = 0) {
        self.achieved = achieved
        self.expected = expected
    }

    /// From 0 to 1; nil when nothing was asked yet.
    public var rate: Double? { expected > 0 ? min(1, achieved / expected) : nil }

    public static func + (lhs: HabitCompletion, rhs: HabitCompletion) -> HabitCompletion {
        HabitCompletion(achieved: lhs.achieved + rhs.achieved, expected: lhs.expected + rhs.expected)
    }

    /// The habit's completion from `first` through `today`.
    public static func of(
        _ habit: Habit, from first: LocalDate, through today: LocalDate, checkIns: [LocalDate: HabitCheckIn]
    ) -> HabitCompletion {
        guard first <= today else { return HabitCompletion() }
        var result = HabitCompletion()
        switch habit.schedule {
        case .days:
            var day = first
            while day <= today {
                if habit.isDue(on: day) {
                    switch HabitDayOutcome.of(habit, on: day, checkIn: checkIns[day], today: today) {
                    case .done: result = result + HabitCompletion(achieved: 1, expected: 1)
                    case .missed: result.expected += 1
                    case .skipped, .rest, .pending, .future: break
                    }
                }
                day = day.adding(days: 1)
            }
        case .timesPerWeek(let times):
            var monday = first.weekStart
            while monday <= today {
                var counted = 0
                var done = 0
                for offset in 0..<7 {
                    let day = monday.adding(days: offset)
                    guard day >= first, day <= today, habit.isRunning(on: day) else { continue }
                    let isDone = checkIns[day]?.state == .done
                    if isDone { done += 1 }
                    let skipped = checkIns[day]?.state == .skipped
                    if !skipped && (day < today || isDone) { counted += 1 }
                }
                let expected = Double(times * counted) / 7
                result = result + HabitCompletion(achieved: min(Double(done), expected), expected: expected)
                monday = monday.adding(days: 7)
            }
        }
        return result
    }
}
