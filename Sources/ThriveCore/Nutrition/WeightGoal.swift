import Foundation

/// A goal with a number and a date (spec 004: "lose 12 lb in 12 weeks"): the weight to reach and the
/// day to reach it by. It sets the weekly rate the plan's deficit (or surplus) aims at, and is refused
/// when that rate is unsafe: faster than 2 lb (0.907 kg) a week, a weight-loss target under a BMI of
/// 18.5, or gaining faster than 0.5 kg a week.
public struct WeightGoal: Hashable, Sendable, Codable {
    public var target: Mass
    public var date: LocalDate

    public init(target: Mass, date: LocalDate) {
        self.target = target
        self.date = date
    }

    /// The fastest safe loss: the spec's 2 lb a week.
    public static let fastestLoss = NutritionEngine.acceptableLossRate.upperBound

    /// Kilograms a week from `current` to the target by the date (positive either way).
    public func rate(from current: Mass, today: LocalDate) -> Double {
        let weeks = Double(max(date.days(since: today), 1)) / 7
        return abs(current.kilograms - target.kilograms) / weeks
    }

    /// Which way the goal goes from `current`: lose, gain, or maintain within 0.5 kg.
    public func direction(from current: Mass) -> NutritionGoal {
        let change = target.kilograms - current.kilograms
        return abs(change) < 0.5 ? .maintain : change < 0 ? .lose : .gain
    }

    /// The goal when it is safe for this body, else why not, with what would be.
    public func validated(current: Mass, height: Length, today: LocalDate) throws(ValidationError) -> WeightGoal {
        guard target.kilograms.isFinite, (20...400).contains(target.kilograms) else {
            throw ValidationError.range("targetWeight", "targetWeight", 20, 400, unit: " kg")
        }
        guard date.days(since: today) >= 7 else {
            throw ValidationError(field: "targetDate", Phrase("invalid.goalDateSoon"))
        }
        let bmi = target.kilograms / (height.metres * height.metres)
        let direction = direction(from: current)
        if direction == .lose, bmi < BodyMassIndex.weightLossPauseBelow {
            let lowest = (BodyMassIndex.weightLossPauseBelow * height.metres * height.metres * 10).rounded(.up) / 10
            throw ValidationError(
                field: "targetWeight",
                Phrase(
                    "invalid.goalUnderweight",
                    ["bmi": .decimal((bmi * 10).rounded(.down) / 10, digits: 1), "lowest": .decimal(lowest, digits: 1)]))
        }
        let rate = rate(from: current, today: today)
        let fastest = direction == .gain ? NutritionEngine.maximumGainRate : Self.fastestLoss
        if direction != .maintain, rate > fastest {
            let weeks = Int((abs(current.kilograms - target.kilograms) / fastest).rounded(.up))
            throw ValidationError(
                field: "targetDate",
                Phrase(
                    direction == .gain ? "invalid.goalGainTooFast" : "invalid.goalTooFast",
                    [
                        "rate": .decimal(rate, digits: 2), "lb": .decimal(rate / Mass.kilogramsPerPound, digits: 1),
                        "earliest": .date(today.adding(days: weeks * 7)),
                    ]))
        }
        return self
    }
}
