import Foundation

/// Sum, mean, extremes and count of one kind of reading over a day, from one source.
public struct Aggregate: Hashable, Sendable, Codable {
    public var sum: Double
    public var mean: Double
    public var minimum: Double
    public var maximum: Double
    public var count: Int

    public init(sum: Double, mean: Double, minimum: Double, maximum: Double, count: Int) {
        self.sum = sum
        self.mean = mean
        self.minimum = minimum
        self.maximum = maximum
        self.count = count
    }
}

/// One night's sleep from one source, counted on the morning it ends.
public struct SleepNight: Hashable, Sendable, Codable {
    public var asleepSeconds: Double
    /// Times the person woke (awake stages inside the night): the fragmentation measure.
    public var awakenings: Int
    public var inBedStart: Date?
    public var inBedEnd: Date?
    /// Highest heart rate while in bed, for the spike check.
    public var maximumHeartRate: Double?

    public init(asleepSeconds: Double, awakenings: Int, inBedStart: Date?, inBedEnd: Date?, maximumHeartRate: Double? = nil) {
        self.asleepSeconds = asleepSeconds
        self.awakenings = awakenings
        self.inBedStart = inBedStart
        self.inBedEnd = inBedEnd
        self.maximumHeartRate = maximumHeartRate
    }

    public var asleepHours: Double { asleepSeconds / 3_600 }
}

/// A day's food log totals.
public struct FoodDay: Hashable, Sendable, Codable {
    public var energyKilocalories: Double
    public var proteinGrams: Double
    public var carbohydrateGrams: Double
    public var fatGrams: Double
    public var entries: Int
    /// The meals the day's entries were logged under.
    public var meals: Set<MealSlot>
    /// When the day's latest entry was eaten, for the person's usual last meal time.
    public var lastEntryAt: Date?
    /// The person said the day's log is complete (see ``FoodLogDays``).
    public var markedComplete: Bool

    public init(
        energyKilocalories: Double, proteinGrams: Double, carbohydrateGrams: Double, fatGrams: Double, entries: Int,
        meals: Set<MealSlot> = [], lastEntryAt: Date? = nil, markedComplete: Bool = false
    ) {
        self.energyKilocalories = energyKilocalories
        self.proteinGrams = proteinGrams
        self.carbohydrateGrams = carbohydrateGrams
        self.fatGrams = fatGrams
        self.entries = entries
        self.meals = meals
        self.lastEntryAt = lastEntryAt
        self.markedComplete = markedComplete
    }

    /// The three main meals: a day with all of them logged is taken as fully logged.
    public static let mainMeals: Set<MealSlot> = [.breakfast, .lunch, .dinner]

    /// Whether the day's intake can be judged: the person marked it complete, or breakfast, lunch
    /// and dinner are all logged. Counting entries cannot tell: two big meals are a full day for
    /// some, and lunch alone is not, however many items it has.
    public var isComplete: Bool { Self.isComplete(marked: markedComplete, meals: meals) }

    public static func isComplete(marked: Bool, meals: Set<MealSlot>) -> Bool {
        marked || meals.isSuperset(of: mainMeals)
    }
}

/// A day's check-ins, averaged.
public struct MoodDay: Hashable, Sendable, Codable {
    public var mood: Double
    public var energy: Double?
    public var stress: Double?
    public var checkIns: Int

    public init(mood: Double, energy: Double?, stress: Double?, checkIns: Int) {
        self.mood = mood
        self.energy = energy
        self.stress = stress
        self.checkIns = checkIns
    }
}

/// A workout with the highest heart rate recorded during it.
public struct WorkoutSummary: Hashable, Sendable, Codable {
    public let id: WorkoutID
    public let activityType: WorkoutActivityType
    public let start: Date
    public let end: Date
    public let maximumHeartRate: Double?

    public init(id: WorkoutID, activityType: WorkoutActivityType, start: Date, end: Date, maximumHeartRate: Double?) {
        self.id = id
        self.activityType = activityType
        self.start = start
        self.end = end
        self.maximumHeartRate = maximumHeartRate
    }
}

/// Everything the engines need about one calendar day in the person's zone. Quantities and sleep are
/// kept per source so the source policy can pick one and never add two together.
public struct DayMetrics: Hashable, Sendable {
    public let date: LocalDate
    public var quantities: [QuantityType: [SampleSource: Aggregate]] = [:]
    /// Blood oxygen over the night that ends this morning.
    public var nightOxygen: [SampleSource: Aggregate] = [:]
    public var sleep: [SampleSource: SleepNight] = [:]
    public var food: FoodDay?
    public var mood: MoodDay?
    public var workouts: [WorkoutSummary] = []
    public var mindfulMinutes: Double = 0
    /// Device-certified irregular rhythm notifications that day.
    public var irregularRhythmEvents: Int = 0

    public init(date: LocalDate) {
        self.date = date
    }
}

/// A run of consecutive days, oldest first, with lookups by date.
public struct HealthDays: Sendable {
    public let days: [DayMetrics]
    private let index: [LocalDate: Int]

    public init(_ days: [DayMetrics]) {
        self.days = days.sorted { $0.date < $1.date }
        var index: [LocalDate: Int] = [:]
        for (position, day) in self.days.enumerated() { index[day.date] = position }
        self.index = index
    }

    public subscript(date: LocalDate) -> DayMetrics? {
        index[date].map { days[$0] }
    }

    /// The `count` days ending with `last` (those present).
    public func window(endingOn last: LocalDate, count: Int) -> [DayMetrics] {
        (0..<count).reversed().compactMap { self[last.adding(days: -$0)] }
    }

    /// The same days with the food logs of `complete` marked complete by the person.
    public func markingFoodComplete(_ complete: Set<LocalDate>) -> HealthDays {
        guard !complete.isEmpty else { return self }
        return HealthDays(
            days.map { day in
                var day = day
                guard complete.contains(day.date) else { return day }
                // Nothing logged on a day said to be complete is a day of nothing eaten.
                var food =
                    day.food ?? FoodDay(energyKilocalories: 0, proteinGrams: 0, carbohydrateGrams: 0, fatGrams: 0, entries: 0)
                food.markedComplete = true
                day.food = food
                return day
            })
    }
}
