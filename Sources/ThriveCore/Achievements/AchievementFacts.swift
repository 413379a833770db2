import Foundation

/// What the achievement rules look at, gathered from the person's habits, programs and coach
/// messages: the runs of days that are going now and a few counts.
public struct AchievementFacts: Hashable, Sendable {
    /// Days in a row, ending today or yesterday, that met each run's rule.
    public var earlyBirdRun = 0
    public var consistencyRun = 0
    public var hydrationRun = 0
    /// The first day of coaching (the first habit's start), if any.
    public var coachingStartedOn: LocalDate?
    /// Whether a habit was done in the first seven days of coaching.
    public var doneInFirstWeek = false
    public var programsFinished = 0
    public var messagesSent = 0

    public init() {}

    /// The runs from the habits and their check-ins of the last `Achievement.longestRun` days.
    public init(
        habits: [Habit], checkIns: [HabitCheckIn], today: LocalDate, programsFinished: Int, messagesSent: Int
    ) {
        let byHabit = Dictionary(grouping: checkIns, by: \.habitID).mapValues { list in
            Dictionary(list.map { ($0.day, $0) }) { a, _ in a }
        }
        func run(_ qualifies: (LocalDate) -> Bool?) -> Int {
            // nil: nothing of the kind due that day, which neither adds nor breaks.
            var length = 0
            for offset in 0..<Achievement.longestRun {
                let day = today.adding(days: -offset)
                switch qualifies(day) {
                case true?: length += 1
                case false?: if offset > 0 { return length }
                case nil: continue
                }
            }
            return length
        }
        func allDone(_ subset: [Habit], on day: LocalDate) -> Bool? {
            let due = subset.filter { $0.isDue(on: day) && !Self.isWeekly($0) }
            guard !due.isEmpty else { return nil }
            return due.allSatisfy { byHabit[$0.id]?[day]?.state == .done }
        }
        let morning = habits.filter { ($0.reminderMinutes ?? 24 * 60) < 12 * 60 }
        earlyBirdRun = run { allDone(morning, on: $0) }
        hydrationRun = run { allDone(habits.filter(Self.isHydration), on: $0) }
        consistencyRun = run { day in
            let due = habits.filter { $0.isDue(on: day) && !Self.isWeekly($0) }
            let settled = due.filter { byHabit[$0.id]?[day]?.state != .skipped }
            guard !settled.isEmpty else { return nil }
            let done = settled.filter { byHabit[$0.id]?[day]?.state == .done }.count
            return Double(done) >= 0.8 * Double(settled.count)
        }
        coachingStartedOn = habits.map(\.startedOn).min()
        if let start = coachingStartedOn {
            let lastOfWeek = start.adding(days: 6)
            doneInFirstWeek = checkIns.contains { $0.state == .done && $0.day >= start && $0.day <= lastOfWeek }
        }
        self.programsFinished = programsFinished
        self.messagesSent = messagesSent
    }

    /// A times-a-week habit has no due day of its own, so it sits outside the day runs.
    static func isWeekly(_ habit: Habit) -> Bool {
        if case .timesPerWeek = habit.schedule { return true }
        return false
    }

    static let hydrationUnits: Set<String> = [
        "glass", "glasses", "cup", "cups", "bottle", "bottles", "ml", "l", "litre", "litres", "liter", "liters",
        "vasos", "vaso", "verres", "verre", "gläser", "glas", "copos", "copo", "tazas", "tasses", "tassen",
    ]

    static func isHydration(_ habit: Habit) -> Bool {
        habit.icon == "💧" || habit.measure.unit.map { hydrationUnits.contains($0.lowercased()) } == true
    }

    /// Every tier these facts have reached, as of `today`; a repeatable badge once per time.
    public func reached(today: LocalDate) -> [(achievement: Achievement, tier: Int)] {
        var result: [(Achievement, Int)] = []
        for (achievement, value) in [
            (Achievement.earlyBird, earlyBirdRun), (.consistencyChampion, consistencyRun), (.hydrationHero, hydrationRun),
            (.conversationStarter, messagesSent),
        ] {
            result += achievement.tiers.filter { value >= $0 }.map { (achievement, $0) }
        }
        if let start = coachingStartedOn, today.days(since: start) >= 7, doneInFirstWeek {
            result.append((.firstWeek, 1))
        }
        if programsFinished > 0 { result += (1...programsFinished).map { (.programGraduate, $0) } }
        return result
    }

    /// How far along each achievement's next tier is: the value that counts toward it now.
    public func value(of achievement: Achievement) -> Int {
        switch achievement {
        case .earlyBird: earlyBirdRun
        case .consistencyChampion: consistencyRun
        case .hydrationHero: hydrationRun
        case .firstWeek: doneInFirstWeek ? 1 : 0
        case .programGraduate: programsFinished
        case .conversationStarter: messagesSent
        }
    }
}
