import Foundation

/// A habit's streak folded up to a day, kept so that today's streak is this plus the few days
/// since, never a walk through years of check-ins.
///
/// The rule, for a habit due on days of the week: each due day done adds one; a due day missed
/// (over, and not done) ends the streak; a day skipped by choice neither adds nor ends it; rest
/// days (not in the schedule, before the start, paused) are passed over. Today adds one once done
/// and ends nothing while it is still going. For a habit due N times a week the streak counts
/// weeks, Monday to Sunday: a week with N days done adds one, a finished week short of N ends it
/// (a week partly paused asks for its share of N, rounded up), and the running week adds one as
/// soon as it reaches N.
public struct HabitStreak: Hashable, Sendable, Codable {
    /// The last day folded in (nil: none yet).
    public var through: LocalDate?
    /// Consecutive due days (or weeks) done, up to `through`.
    public var current: Int
    public var best: Int
    /// For a times-per-week habit: days done and days running in the week holding `through`.
    public var weekDone: Int
    public var weekRunning: Int

    public init(through: LocalDate? = nil, current: Int = 0, best: Int = 0, weekDone: Int = 0, weekRunning: Int = 0) {
        self.through = through
        self.current = current
        self.best = best
        self.weekDone = weekDone
        self.weekRunning = weekRunning
    }

    /// Whether the streak is counted in weeks.
    public static func inWeeks(_ habit: Habit) -> Bool {
        if case .timesPerWeek = habit.schedule { return true }
        return false
    }

    /// This state with every day after `through` up to `last` folded in. `checkIns` must hold the
    /// habit's check-ins of those days (others are ignored).
    public func advanced(_ habit: Habit, through last: LocalDate, checkIns: [LocalDate: HabitCheckIn]) -> HabitStreak {
        var state = self
        var day = through.map { $0.adding(days: 1) } ?? habit.startedOn
        while day <= last {
            state.fold(habit, day, checkIns[day])
            day = day.adding(days: 1)
        }
        return state
    }

    private mutating func fold(_ habit: Habit, _ day: LocalDate, _ checkIn: HabitCheckIn?) {
        through = day
        switch habit.schedule {
        case .days:
            guard habit.isDue(on: day) else { return }
            switch HabitDayOutcome.of(habit, on: day, checkIn: checkIn, today: day.adding(days: 1)) {
            case .done: add(1)
            case .missed: current = 0
            case .skipped, .rest, .pending, .future: break
            }
        case .timesPerWeek(let times):
            if day.weekday == 2 {
                weekDone = 0
                weekRunning = 0
            }
            if habit.isRunning(on: day) {
                weekRunning += 1
                if checkIn?.state == .done { weekDone += 1 }
            }
            guard day.weekday == 1, weekRunning > 0 else { return }
            if weekDone >= Self.required(times, running: weekRunning) { add(1) } else { current = 0 }
        }
    }

    private mutating func add(_ count: Int) {
        current += count
        best = max(best, current)
    }

    /// The share of `times` a week running on `running` of its 7 days asks for.
    static func required(_ times: Int, running: Int) -> Int {
        Int((Double(times * running) / 7).rounded(.up))
    }

    /// The streak as a person sees it on `today`: folded through yesterday, plus today once done
    /// (or, counting weeks, plus this week once it has its days). `recent` holds the check-ins
    /// after `through` up to today.
    public func shown(_ habit: Habit, today: LocalDate, recent: [LocalDate: HabitCheckIn]) -> (current: Int, best: Int) {
        let yesterday = today.adding(days: -1)
        let state = advanced(habit, through: yesterday, checkIns: recent)
        var current = state.current
        let doneToday = recent[today]?.state == .done && habit.isRunning(on: today)
        switch habit.schedule {
        case .days(let weekdays):
            if doneToday && weekdays.contains(today.weekday) { current += 1 }
        case .timesPerWeek(let times):
            let monday = today.weekStart
            let done = (today == monday ? 0 : state.weekDone) + (doneToday ? 1 : 0)
            let running = (0..<7).filter { habit.isRunning(on: monday.adding(days: $0)) }.count
            if running > 0, done >= Self.required(times, running: running) { current += 1 }
        }
        return (current, max(state.best, current))
    }

    /// The whole history folded from the start: what the kept state must always equal.
    public static func computed(_ habit: Habit, through last: LocalDate, checkIns: [HabitCheckIn]) -> HabitStreak {
        HabitStreak().advanced(habit, through: last, checkIns: Dictionary(checkIns.map { ($0.day, $0) }) { a, _ in a })
    }
}
