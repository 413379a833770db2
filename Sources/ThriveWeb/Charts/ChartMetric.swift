import Foundation
import ThriveCore
import ThriveStore

/// A daily metric a person can chart: what to read, how a day reduces to one number, and how that
/// number reads in the person's units. One description per metric, used by pages and the API.
struct ChartMetric: Sendable {
    /// Amounts that add up over a day are bars; measures and ratings are lines.
    enum Shape: String, Sendable {
        case line, bar
    }

    let id: String
    var title: String { t("metric.\(id)") }
    /// "steps", "sleep": the metric in a sentence ("Your average sleep over the last 30 days …").
    var noun: String { t("metric.\(id).noun") }
    let pillar: Pillar
    /// The unit of `value` in the API: the stored, canonical one ("count", "kg", "h", …).
    let unit: String
    /// Counts and sums start their axis at zero; measures like weight or heart rate do not.
    let includeZero: Bool
    let parts: DayParts
    let value: @Sendable (DayMetrics, SourcePolicy) -> Double?
    /// A value in the person's units, as an axis or a sentence shows it.
    let format: @Sendable (Double, UnitSystem) -> String
    /// A difference between two values: the same as `format`, but a rating's "0.3 on the 1–5
    /// scale" (a change is not "0.3/5").
    var formatChange: (@Sendable (Double, UnitSystem) -> String)?
    var shape: Shape = .line
    /// The person's daily goal, drawn as a line, where there is one.
    var goal: @Sendable (PersonContext) -> Double? = { _ in nil }
    /// The day's lowest to highest reading, shaded behind the line, for measures read all day long.
    var spread: (@Sendable (DayMetrics, SourcePolicy) -> ClosedRange<Double>?)?

    func with(shape: Shape, goal: @escaping @Sendable (PersonContext) -> Double? = { _ in nil }) -> ChartMetric {
        var metric = self
        metric.shape = shape
        metric.goal = goal
        return metric
    }

    /// A rating from 1 to 5, whose changes read on the scale.
    func rated() -> ChartMetric {
        var metric = self
        metric.formatChange = { value, _ in t("chart.scaleChange", ["value": DisplayFormat.decimal(value)]) }
        return metric
    }

    static let all: [ChartMetric] = [
        steps, activeMinutes, distance, activeEnergy, sleep, restingHeartRate, heartRate, heartRateVariability, weight,
        energyEaten,
        protein, water, mood, energyLevel, stress,
    ]

    static func named(_ id: String) -> ChartMetric? { all.first { $0.id == id } }

    /// What a day read must include for all of `metrics`.
    static func parts(_ metrics: [ChartMetric]) -> DayParts {
        DayParts(
            quantities: Array(Set(metrics.flatMap(\.parts.quantities))), sleep: metrics.contains { $0.parts.sleep },
            food: metrics.contains { $0.parts.food }, moods: metrics.contains { $0.parts.moods },
            workouts: metrics.contains { $0.parts.workouts })
    }

    static func quantity(
        _ id: String, pillar: Pillar, type: QuantityType, unit: String, total: Bool,
        zero: Bool, format: @escaping @Sendable (Double, UnitSystem) -> String
    ) -> ChartMetric {
        ChartMetric(
            id: id, pillar: pillar, unit: unit, includeZero: zero,
            parts: DayParts(quantities: [type]),
            value: { day, policy in day.quantity(type, policy: policy).map { total ? $0.sum : $0.mean } }, format: format)
    }

    static let steps = quantity(
        "steps", pillar: .fitness, type: .stepCount, unit: "count", total: true, zero: true,
        format: { value, _ in DisplayFormat.count(Int(value.rounded())) }
    ).with(shape: .bar, goal: { _ in PillarScoreEngine.stepsTarget })
    static let activeMinutes = quantity(
        "active-minutes", pillar: .fitness, type: .appleExerciseTime, unit: "min",
        total: true, zero: true, format: { value, _ in "\(Int(value.rounded())) min" }
    ).with(shape: .bar)
    static let distance = quantity(
        "distance", pillar: .fitness, type: .distanceWalkingRunning, unit: "m", total: true,
        zero: true,
        format: { metres, units in
            units == .metric
                ? "\(DisplayFormat.decimal(metres / 1_000)) km"
                : "\(DisplayFormat.decimal(metres / WorkoutForm.metresPerMile)) mi"
        }
    ).with(shape: .bar)
    static let activeEnergy = quantity(
        "active-energy", pillar: .fitness, type: .activeEnergyBurned, unit: "kcal",
        total: true,
        zero: true, format: { value, _ in DisplayFormat.kilocalories(value) }
    ).with(shape: .bar)
    static let restingHeartRate = quantity(
        "resting-heart-rate", pillar: .fitness,
        type: .restingHeartRate, unit: "bpm", total: false, zero: false, format: { value, _ in "\(Int(value.rounded())) bpm" })
    /// Heart rate through the day (minute by minute from a watch): the day's average, and its
    /// lowest to highest reading shaded around it.
    static let heartRate: ChartMetric = {
        var metric = quantity(
            "heart-rate", pillar: .fitness, type: .heartRate, unit: "bpm", total: false, zero: false,
            format: { value, _ in "\(Int(value.rounded())) bpm" })
        metric.spread = { day, policy in day.quantity(.heartRate, policy: policy).map { $0.minimum...$0.maximum } }
        return metric
    }()
    static let heartRateVariability = quantity(
        "heart-rate-variability", pillar: .fitness,
        type: .heartRateVariabilitySDNN, unit: "ms", total: false, zero: false,
        format: { value, _ in "\(Int(value.rounded())) ms" })
    static let weight = quantity(
        "weight", pillar: .nutrition, type: .bodyMass, unit: "kg", total: false, zero: false,
        format: { kilograms, units in DisplayFormat.mass(Mass(kilograms: kilograms), units) })
    static let water = quantity(
        "water", pillar: .nutrition, type: .dietaryWater, unit: "L", total: true, zero: true,
        format: { litres, units in EntryPageKind<QuantitySample>.volume(litres * 1_000, units) }
    ).with(shape: .bar, goal: { PillarScoreEngine.waterTargetLitres($0.profile.sex) })

    static let sleep = ChartMetric(
        id: "sleep", pillar: .fitness, unit: "h", includeZero: true, parts: DayParts(sleep: true),
        value: { day, policy in day.sleep(policy: policy)?.asleepHours },
        format: { hours, _ in DurationFormat.hoursAndMinutes(hours * 3_600) })
    static let energyEaten = ChartMetric(
        id: "calories", pillar: .nutrition, unit: "kcal", includeZero: true,
        parts: DayParts(food: true), value: { day, _ in day.food?.energyKilocalories },
        format: { value, _ in DisplayFormat.kilocalories(value) }
    ).with(shape: .bar, goal: { $0.nutritionPlan().map { Double($0.calories) } })
    static let protein = ChartMetric(
        id: "protein", pillar: .nutrition, unit: "g", includeZero: true,
        parts: DayParts(food: true),
        value: { day, _ in day.food?.proteinGrams }, format: { value, _ in DisplayFormat.grams(value.rounded()) }
    ).with(shape: .bar, goal: { $0.nutritionPlan().map { Double($0.proteinGrams) } })
    static let mood = ChartMetric(
        id: "mood", pillar: .wellbeing, unit: "1–5", includeZero: false,
        parts: DayParts(moods: true),
        value: { day, _ in day.mood?.mood }, format: { value, _ in "\(DisplayFormat.decimal(value))/5" }
    ).rated()
    static let energyLevel = ChartMetric(
        id: "energy", pillar: .wellbeing, unit: "1–5", includeZero: false,
        parts: DayParts(moods: true), value: { day, _ in day.mood?.energy },
        format: { value, _ in "\(DisplayFormat.decimal(value))/5" }
    ).rated()
    static let stress = ChartMetric(
        id: "stress", pillar: .wellbeing, unit: "1–5", includeZero: false,
        parts: DayParts(moods: true), value: { day, _ in day.mood?.stress },
        format: { value, _ in "\(DisplayFormat.decimal(value))/5" }
    ).rated()
}
