import Foundation

/// What the scores need beyond the day records.
public struct ScoreInputs: Sendable {
    public var calorieTarget: Int?
    public var calorieFloor: Int?
    public var weight: Mass?
    public var sex: BiologicalSex?
    public var weeklySessionTarget: Int
    public var policy: SourcePolicy
    /// The plan's protein in grams; without a plan, 1 g per kg of `weight`, rounded up as the plan does.
    public var proteinGoal: Int?
    /// Where the person's day stands: today's totals count once the day (or its eating) is over.
    public var clock: DayClock?

    public init(
        calorieTarget: Int?, calorieFloor: Int?, weight: Mass?, sex: BiologicalSex?, weeklySessionTarget: Int,
        policy: SourcePolicy = SourcePolicy(), proteinGoal: Int? = nil, clock: DayClock? = nil
    ) {
        self.calorieTarget = calorieTarget
        self.calorieFloor = calorieFloor
        self.weight = weight
        self.sex = sex
        self.weeklySessionTarget = weeklySessionTarget
        self.policy = policy
        self.proteinGoal = proteinGoal ?? weight.map { Int($0.kilograms.rounded(.up)) }
        self.clock = clock
    }

    /// Whether a day's totals (steps, water) are a whole day's.
    func isOver(_ date: LocalDate) -> Bool { clock?.isOver(date) ?? true }

    /// Whether a day's eating can be judged.
    func intakeIsFinal(_ date: LocalDate) -> Bool { clock?.intakeIsFinal(on: date) ?? true }

    /// Whether the night ending on a date can be judged (not while it is still going on).
    func nightIsFinal(_ date: LocalDate) -> Bool { clock?.nightIsFinal(on: date) ?? true }
}

/// The three pillar scores (spec 000, F4.1), 0–100, from the seven days ending on the date. Each is a
/// weighted mean of components scored 0–1; components without enough data (fewer than 3 days) drop
/// out and the rest are re-weighted; under half of the weight with data, there is no score.
///
/// **Fitness**: activity 35 % (mean daily steps ÷ 8,000), training 25 % (workouts ÷ weekly target),
/// sleep 25 % (mean hours asleep ÷ 8), recovery 15 % (``RecoveryComparison``: resting heart rate over
/// the last 3 days against the 28-day baseline, 1 at or below it, falling to 0 at 10 bpm above).
///
/// **Nutrition**: energy balance 40 % (per logged day: 1 within 10 % of the target, ½ within 20 %,
/// 0 otherwise or below the floor), protein 30 % (grams ÷ the plan's protein), logging 20 % (fully
/// logged days ÷ 7, see ``FoodDay/isComplete``), hydration 10 % (water ÷ 2.0 L for women, 2.5 L for men).
///
/// Today's totals wait until they are a day's: steps and water until the day is over, food until the
/// person's usual last meal time (``DayClock``). Otherwise every afternoon would pull the scores down.
///
/// **Wellbeing**: mood 40 %, stress 25 % (inverted), energy 20 % (each from the 1–5 check-in scale),
/// consistency 15 % (days with a check-in or a mindful session ÷ 7).
///
/// Each ratio is capped at 1. A score whose latest data is more than a day old is marked stale.
public enum PillarScoreEngine {
    public static let windowDays = 7
    public static let baselineDays = 28
    public static let stepsTarget = 8_000.0
    public static let sleepTargetHours = 8.0

    /// - Parameter days: at least the 28 days ending on `date` for the recovery baseline.
    public static func scores(date: LocalDate, days: HealthDays, inputs: ScoreInputs) -> [PillarScore] {
        let window = days.window(endingOn: date, count: windowDays)
        return [
            fitness(date: date, window: window, days: days, inputs: inputs),
            nutrition(date: date, window: window, inputs: inputs),
            wellbeing(date: date, window: window),
        ]
    }

    static func capped(_ value: Double) -> Double { min(max(value, 0), 1) }

    /// Litres of water a day the hydration component aims for: 2.5 for men, else 2.0.
    public static func waterTargetLitres(_ sex: BiologicalSex?) -> Double { sex == .male ? 2.5 : 2.0 }

    static func fitness(date: LocalDate, window: [DayMetrics], days: HealthDays, inputs: ScoreInputs) -> PillarScore {
        let steps = window.filter { inputs.isOver($0.date) }.compactMap { $0.quantity(.stepCount, policy: inputs.policy)?.sum }
        let nights = window.filter { inputs.nightIsFinal($0.date) }.compactMap { $0.sleep(policy: inputs.policy)?.asleepHours }
        let workouts = window.flatMap(\.workouts).count
        let hasAnyData = !steps.isEmpty || !nights.isEmpty || workouts > 0
        let stepMean = Statistics.mean(steps)
        let sleepMean = Statistics.mean(nights)
        var recovery: Double?
        var recoveryDetail = Phrase("score.recovery.needs")
        if let comparison = RecoveryComparison(date: date, days: days, policy: inputs.policy, baselineDays: baselineDays) {
            recovery = comparison.score
            recoveryDetail = Phrase(
                "score.recovery.detail", ["recent": .integer(comparison.recent), "baseline": .integer(comparison.baseline)])
        }
        let target = max(inputs.weeklySessionTarget, 1)
        let components = [
            ScoreComponent(
                id: "activity", weight: 0.35, value: steps.count >= 3 ? capped((stepMean ?? 0) / stepsTarget) : nil,
                detail: stepMean.map {
                    Phrase("score.activity.detail", ["steps": .integer(Int($0.rounded())), "target": .integer(Int(stepsTarget))])
                } ?? Phrase("score.activity.needs")),
            ScoreComponent(
                id: "training", weight: 0.25, value: hasAnyData ? capped(Double(workouts) / Double(target)) : nil,
                detail: Phrase("score.training.detail", ["count": .integer(workouts), "target": .integer(target)])),
            ScoreComponent(
                id: "sleep", weight: 0.25, value: nights.count >= 3 ? capped((sleepMean ?? 0) / sleepTargetHours) : nil,
                detail: sleepMean.map {
                    Phrase(
                        "score.sleep.detail",
                        ["asleep": .duration(seconds: $0 * 3_600), "target": .duration(seconds: sleepTargetHours * 3_600)])
                } ?? Phrase("score.sleep.needs")),
            ScoreComponent(id: "recovery", weight: 0.15, value: recovery, detail: recoveryDetail),
        ]
        let latest = window.last { day in
            day.quantities[.stepCount] != nil || !day.sleep.isEmpty || !day.workouts.isEmpty
        }?.date
        return combine(.fitness, date: date, components: components, dataThrough: latest)
    }

    static func nutrition(date: LocalDate, window: [DayMetrics], inputs: ScoreInputs) -> PillarScore {
        let logged = window.filter { inputs.intakeIsFinal($0.date) }.compactMap { day in day.food.map { (day, $0) } }
        var balance: Double?
        var balanceDetail = Phrase("score.balance.needs")
        if let target = inputs.calorieTarget, logged.count >= 3 {
            let floor = Double(inputs.calorieFloor ?? 0)
            let perDay = logged.map { _, food -> Double in
                let ratio = food.energyKilocalories / Double(target)
                if food.energyKilocalories < floor { return 0 }
                return abs(ratio - 1) <= 0.10 ? 1 : abs(ratio - 1) <= 0.20 ? 0.5 : 0
            }
            balance = Statistics.mean(perDay)
            balanceDetail = Phrase(
                "score.balance.detail",
                [
                    "within": .integer(perDay.filter { $0 == 1 }.count), "count": .integer(perDay.count),
                    "target": .integer(target),
                ])
        }
        var protein: Double?
        var proteinDetail = Phrase("score.protein.needs")
        if let goal = inputs.proteinGoal, goal > 0, logged.count >= 3 {
            protein = Statistics.mean(logged.map { capped($0.1.proteinGrams.rounded() / Double(goal)) })
            let mean = Statistics.mean(logged.map(\.1.proteinGrams)) ?? 0
            proteinDetail = Phrase("score.protein.detail", ["grams": .integer(Int(mean.rounded())), "goal": .integer(goal)])
        }
        let fullyLogged = logged.filter { $0.1.isComplete }.count
        let water = window.filter { inputs.isOver($0.date) }.compactMap {
            $0.quantity(.dietaryWater, policy: inputs.policy)?.sum
        }
        let waterTarget = waterTargetLitres(inputs.sex)
        let components = [
            ScoreComponent(id: "balance", weight: 0.40, value: balance, detail: balanceDetail),
            ScoreComponent(id: "protein", weight: 0.30, value: protein, detail: proteinDetail),
            ScoreComponent(
                id: "logging", weight: 0.20, value: logged.isEmpty ? nil : Double(fullyLogged) / Double(windowDays),
                detail: Phrase("score.logging.detail", ["days": .integer(fullyLogged)])),
            ScoreComponent(
                id: "hydration", weight: 0.10,
                value: water.count >= 3 ? capped((Statistics.mean(water) ?? 0) / waterTarget) : nil,
                detail: Statistics.mean(water).map {
                    Phrase(
                        "score.hydration.detail",
                        ["litres": .decimal($0, digits: 1), "target": .decimal(waterTarget, digits: 1)])
                } ?? Phrase("score.hydration.needs")),
        ]
        return combine(.nutrition, date: date, components: components, dataThrough: logged.last?.0.date)
    }

    static func wellbeing(date: LocalDate, window: [DayMetrics]) -> PillarScore {
        let moods = window.compactMap(\.mood)
        let enough = moods.count >= 3
        let stress = moods.compactMap(\.stress)
        let energy = moods.compactMap(\.energy)
        let engaged = window.filter { $0.mood != nil || $0.mindfulMinutes > 0 }.count
        let components = [
            ScoreComponent(
                id: "mood", weight: 0.40, value: enough ? Statistics.mean(moods.map { ($0.mood - 1) / 4 }) : nil,
                detail: Statistics.mean(moods.map(\.mood)).map { Phrase("score.mood.detail", ["mean": .decimal($0, digits: 1)]) }
                    ?? Phrase("score.mood.needs")),
            ScoreComponent(
                id: "stress", weight: 0.25, value: stress.count >= 3 ? Statistics.mean(stress.map { (5 - $0) / 4 }) : nil,
                detail: Statistics.mean(stress).map { Phrase("score.stress.detail", ["mean": .decimal($0, digits: 1)]) }
                    ?? Phrase("score.stress.needs")),
            ScoreComponent(
                id: "energy", weight: 0.20, value: energy.count >= 3 ? Statistics.mean(energy.map { ($0 - 1) / 4 }) : nil,
                detail: Statistics.mean(energy).map { Phrase("score.energy.detail", ["mean": .decimal($0, digits: 1)]) }
                    ?? Phrase("score.energy.needs")),
            ScoreComponent(
                id: "consistency", weight: 0.15, value: engaged > 0 ? Double(engaged) / Double(windowDays) : nil,
                detail: Phrase("score.consistency.detail", ["days": .integer(engaged)])),
        ]
        let latest = window.last { $0.mood != nil || $0.mindfulMinutes > 0 }?.date
        return combine(.wellbeing, date: date, components: components, dataThrough: latest)
    }

    static func combine(_ pillar: Pillar, date: LocalDate, components: [ScoreComponent], dataThrough: LocalDate?) -> PillarScore {
        let available = components.filter { $0.value != nil }
        let weight = available.map(\.weight).reduce(0, +)
        guard weight >= 0.5 else {
            let missing = components.filter { $0.value == nil }.map(\.detail)
            return PillarScore(
                pillar: pillar, score: nil, band: nil, state: .insufficientData, components: components, dataThrough: dataThrough,
                explanation: [Phrase("score.notEnough.\(pillar.rawValue)")] + missing.prefix(1))
        }
        let value = available.map { $0.weight * ($0.value ?? 0) }.reduce(0, +) / weight
        let score = min(100, max(0, Int((value * 100).rounded())))
        let stale = dataThrough.map { $0 < date.adding(days: -1) } ?? true
        let parts = available.map {
            Phrase("score.part", ["name": .phrase($0.name), "value": .integer(Int((($0.value ?? 0) * 100).rounded()))])
        }
        var explanation = [
            Phrase("score.explanation", ["pillar": .phrase(pillar.name), "score": .integer(score), "parts": .list(parts)])
        ]
        if stale, let dataThrough { explanation.append(Phrase("score.basedOn", ["date": .date(dataThrough)])) }
        return PillarScore(
            pillar: pillar, score: score, band: ScoreBand(score: score), state: stale ? .stale : .ok, components: components,
            dataThrough: dataThrough, explanation: explanation)
    }
}
