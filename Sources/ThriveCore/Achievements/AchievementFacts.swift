import Foundation

/// What the achievement rules look at, gathered from the person's habits, programs and coach
/// messages: the runs of days that are going now and a few counts.
public struct AchievementFacts: Hashable, Sendable {
    /// Days in a row, ending today or yesterday, that met each run's rule.
    public var earlyBirdRun = 0
    public var consistencyRun = 0
    public var hydrationRun = 0
    /// The days each run counted, oldest first: the n-th is the day its n-day tier was reached.
    public var runDays: [Achievement: [LocalDate]] = [:]
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
        func run(_ qualifies: (LocalDate) -> Bool?) -> [LocalDate] {
            // nil: nothing of the kind due that day, which neither adds nor breaks.
            var days: [LocalDate] = []
            for offset in 0..<Achievement.longestRun {
                let day = today.adding(days: -offset)
                switch qualifies(day) {
                case true?: days.append(day)
                case false?: if offset > 0 { return days.reversed() }
                case nil: continue
                }
            }
            return days.reversed()
        }
        // As in a streak, a habit skipped by choice that day neither adds nor breaks.
        func allDone(_ subset: [Habit], on day: LocalDate) -> Bool? {
            let due = subset.filter {
                $0.isDue(on: day) && !Self.isWeekly($0) && byHabit[$0.id]?[day]?.state != .skipped
            }
            guard !due.isEmpty else { return nil }
            return due.allSatisfy { byHabit[$0.id]?[day]?.state == .done }
        }
        let morning = habits.filter { ($0.reminderMinutes ?? 24 * 60) < 12 * 60 }
        runDays[.earlyBird] = run { allDone(morning, on: $0) }
        runDays[.hydrationHero] = run { allDone(habits.filter(Self.isHydration), on: $0) }
        runDays[.consistencyChampion] = run { day in
            let due = habits.filter { $0.isDue(on: day) && !Self.isWeekly($0) }
            let settled = due.filter { byHabit[$0.id]?[day]?.state != .skipped }
            guard !settled.isEmpty else { return nil }
            let done = settled.filter { byHabit[$0.id]?[day]?.state == .done }.count
            return Double(done) >= 0.8 * Double(settled.count)
        }
        earlyBirdRun = runDays[.earlyBird]?.count ?? 0
        hydrationRun = runDays[.hydrationHero]?.count ?? 0
        consistencyRun = runDays[.consistencyChampion]?.count ?? 0
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

    /// Every tier these facts have reached, as of `today`, with the day it was reached where the
    /// facts show it (a run's n-th day, the day after the first week); a repeatable badge once per time.
    public func reached(today: LocalDate) -> [(achievement: Achievement, tier: Int, on: LocalDate)] {
        var result: [(Achievement, Int, LocalDate)] = []
        for (achievement, value) in [
            (Achievement.earlyBird, earlyBirdRun), (.consistencyChampion, consistencyRun), (.hydrationHero, hydrationRun),
            (.conversationStarter, messagesSent),
        ] {
            let days = runDays[achievement] ?? []
            result += achievement.tiers.filter { value >= $0 }.map { tier in
                (achievement, tier, days.count >= tier ? days[tier - 1] : today)
            }
        }
        if let start = coachingStartedOn, today.days(since: start) >= 7, doneInFirstWeek {
            result.append((.firstWeek, 1, start.adding(days: 7)))
        }
        if programsFinished > 0 { result += (1...programsFinished).map { (.programGraduate, $0, today) } }
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
