import Foundation

/// The targets a report measures the period against, as the person's plan stood when it was made.
public struct HealthReportTargets: Sendable, Hashable {
    /// Spec 004's sleep target, the KPI card's 8 hours.
    public var sleepHours: Double = 8
    public var proteinGrams: Int?
    public var calories: Int?
    /// The hard minimum a day's intake must not fall under (1,200 kcal women, 1,500 men, or BMR).
    public var calorieFloor: Int?
    public var sessionsPerWeek: Int
    public var policy: SourcePolicy

    public init(
        proteinGrams: Int?, calories: Int?, calorieFloor: Int?, sessionsPerWeek: Int, policy: SourcePolicy = SourcePolicy()
    ) {
        self.proteinGrams = proteinGrams
        self.calories = calories
        self.calorieFloor = calorieFloor
        self.sessionsPerWeek = sessionsPerWeek
        self.policy = policy
    }
}

/// What a report says about a period, in numbers: each figure at the precision it is shown in
/// (whole minutes of sleep, whole grams, whole kcal), so a day shown as meeting its goal is counted
/// as meeting it.
public struct HealthReportFigures: Sendable, Hashable {
    public struct Night: Sendable, Hashable {
        public let date: LocalDate
        public let minutesAsleep: Int
        public let source: String
    }

    public struct FoodDay: Sendable, Hashable {
        public let date: LocalDate
        public let kilocalories: Int
        public let proteinGrams: Int
        /// The person marked the day complete or logged breakfast, lunch and dinner: only such days
        /// are judged against the targets.
        public let isComplete: Bool
    }

    /// One calendar week (Monday to Sunday) of the period; the first and last may be partial.
    public struct Week: Sendable, Hashable {
        public let first: LocalDate
        public let last: LocalDate
        public let completed: Int
        /// The weekly target, in proportion to the days of the week inside the period.
        public let planned: Int
    }

    public struct Weighing: Sendable, Hashable {
        public let date: LocalDate
        public let kilograms: Double
        public let source: String
    }

    public let period: ReportPeriod
    public let targets: HealthReportTargets
    public let nights: [Night]
    public let food: [FoodDay]
    public let weeks: [Week]
    public let weighings: [Weighing]

    public init(period: ReportPeriod, days: HealthDays, targets: HealthReportTargets) {
        self.period = period
        self.targets = targets
        let policy = targets.policy
        var nights: [Night] = []
        var food: [FoodDay] = []
        var weighings: [Weighing] = []
        for date in period.dates {
            guard let day = days[date] else { continue }
            if let (source, night) = policy.pick(
                day.sleep, metric: CategoryType.sleepAnalysis.rawValue, weight: { Int($0.asleepSeconds) })
            {
                nights.append(Night(date: date, minutesAsleep: Int((night.asleepSeconds / 60).rounded()), source: source.name))
            }
            if let eaten = day.food, eaten.entries > 0 || eaten.markedComplete {
                food.append(
                    FoodDay(
                        date: date, kilocalories: Int(eaten.energyKilocalories.rounded()),
                        proteinGrams: Int(eaten.proteinGrams.rounded()), isComplete: eaten.isComplete))
            }
            if let byScale = day.quantities[.bodyMass],
                let (source, weight) = policy.pick(byScale, metric: QuantityType.bodyMass.rawValue, weight: \.count)
            {
                weighings.append(Weighing(date: date, kilograms: weight.mean, source: source.name))
            }
        }
        self.nights = nights
        self.food = food
        self.weighings = weighings
        weeks = Self.weeks(period, days: days, perWeek: targets.sessionsPerWeek)
    }

    static func weeks(_ period: ReportPeriod, days: HealthDays, perWeek: Int) -> [Week] {
        var weeks: [Week] = []
        var first = period.first
        while first <= period.last {
            let sunday = first.adding(days: (8 - first.weekday) % 7)
            let last = min(sunday, period.last)
            let dayCount = last.days(since: first) + 1
            let completed = (0..<dayCount).reduce(0) { $0 + (days[first.adding(days: $1)]?.workouts.count ?? 0) }
            // A partial week plans its share of the target, rounded to the nearest session.
            let planned = Int((Double(perWeek * dayCount) / 7).rounded())
            weeks.append(Week(first: first, last: last, completed: completed, planned: planned))
            first = last.adding(days: 1)
        }
        return weeks
    }

    // MARK: Sleep

    public var averageMinutesAsleep: Int? { Self.average(nights.map(\.minutesAsleep)) }
    /// Nights of at least the target, in whole minutes (8 h is 480 minutes: 479 is short).
    public var nightsAtTarget: Int { nights.filter { $0.minutesAsleep >= Int(targets.sleepHours * 60) }.count }

    // MARK: Food

    public var completeFoodDays: [FoodDay] { food.filter(\.isComplete) }
    public var averageProtein: Int? { Self.average(completeFoodDays.map(\.proteinGrams)) }
    public var averageCalories: Int? { Self.average(completeFoodDays.map(\.kilocalories)) }
    /// Complete days with at least the protein goal, in whole grams.
    public var daysAtProteinGoal: Int? {
        targets.proteinGrams.map { goal in completeFoodDays.filter { $0.proteinGrams >= goal }.count }
    }
    /// Complete days within 10 % of the calorie target either way (whole kcal, edges included).
    public var daysOnCalorieTarget: Int? {
        targets.calories.map { target in
            completeFoodDays.filter { abs($0.kilocalories - target) * 10 <= target }.count
        }
    }
    /// Complete days under the hard minimum: a safety matter, named in the summary.
    public var daysBelowFloor: Int? {
        targets.calorieFloor.map { floor in completeFoodDays.filter { $0.kilocalories < floor }.count }
    }

    // MARK: Training

    public var workoutsCompleted: Int { weeks.reduce(0) { $0 + $1.completed } }
    public var sessionsPlanned: Int { weeks.reduce(0) { $0 + $1.planned } }
    /// Planned sessions attended, each week capped at its plan, as a whole percentage; nil without a plan.
    public var adherencePercent: Int? {
        guard sessionsPlanned > 0 else { return nil }
        let attended = weeks.reduce(0) { $0 + min($1.completed, $1.planned) }
        return attended * 100 / sessionsPlanned
    }

    // MARK: Weight

    /// The last weighing's difference from the first, in kilograms; nil with fewer than two.
    public var weightChange: Double? {
        guard let first = weighings.first, let last = weighings.last, weighings.count > 1 else { return nil }
        return last.kilograms - first.kilograms
    }

    /// The names of the devices and apps behind the sleep and weight figures, each once, in order.
    public var sleepSources: [String] { Self.distinct(nights.map(\.source)) }
    public var weightSources: [String] { Self.distinct(weighings.map(\.source)) }

    static func distinct(_ names: [String]) -> [String] {
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    static func average(_ values: [Int]) -> Int? {
        guard !values.isEmpty else { return nil }
        return Int((Double(values.reduce(0, +)) / Double(values.count)).rounded())
    }
}

extension SafetyAlert {
    /// Whether the alert was open at any time in `period` (in `zone`'s days).
    public func wasOpen(in period: ReportPeriod, zone: TimeZone) -> Bool {
        let opened = LocalDate(openedAt, in: zone)
        let closed = resolvedAt.map { LocalDate($0, in: zone) }
        return opened <= period.last && (closed.map { $0 >= period.first } ?? true)
    }
}
