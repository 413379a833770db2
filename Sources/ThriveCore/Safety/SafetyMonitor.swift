import Foundation

/// Checks recent days against every critical threshold of spec 004, section 10. Readings are compared
/// at the precision they are measured in: heart rate in whole bpm, blood oxygen in whole percent
/// (so a night of readings all at 95 % is never "under 95 %" by a rounding error), energy in whole kcal.
/// - **Resting heart rate** over 100 or under 60 bpm in the last 3 days: one reading is enough from a
///   device; readings typed in or from other apps need two consecutive days (the spec's allowance for
///   intermittent readings).
/// - **Heart rate during exercise** over 170 bpm, or over 85 % of the maximum heart rate, in a workout of
///   the last 2 days. The maximum is the person's measured one when they gave it, else the estimate
///   220 − age; the spec allows 85–90 % and we take 85 %, the more protective end.
/// - **Rapid weight loss**: the 14-day trend faster than 2 lb (0.907 kg) a week, from at least 4
///   weigh-ins over at least 7 days.
/// - **Calories below the floor** on the 2 finished days before today, each fully logged (marked
///   complete by the person, or with breakfast, lunch and dinner logged): a partly logged day is
///   missing data, not proof of under-eating.
/// - **Blood oxygen**: the night's mean under 95 % for more than 3 nights in a row (4 or more, ending
///   last night or the night before).
/// - **Signs linked with sleep apnea** for more than 3 nights in a row, each night with oxygen under
///   95 %, severe fragmentation or an extreme heart-rate rise (see ``ApneaNight``); a run of low oxygen
///   alone is the blood-oxygen alert, not a second one.
/// - **Irregular rhythm**: only as reported by a device's own certified detection, in the last 7 days.
///
/// Messages advise pausing and contacting a clinician; they never name a diagnosis.
public enum SafetyMonitor {
    public static let exerciseHeartRateLimit = 170.0
    public static let maximumHeartRateShare = 0.85
    /// Under this whole percent, a night's blood oxygen is low (spec 004: "below 95 %").
    public static let lowOxygenPercent = 95
    public static let rapidLossKilogramsPerWeek = 2 * Mass.kilogramsPerPound
    /// The days, ending today, that the monitor looks at; runs of nights are counted within them.
    public static let historyDays = 14

    public static func evaluate(
        today: LocalDate, days: HealthDays, age: Int?, calorieFloor: Int?, policy: SourcePolicy = SourcePolicy(),
        measuredMaximumHeartRate: Int? = nil
    ) -> [SafetyFinding] {
        var findings: [SafetyFinding] = []
        findings += restingHeartRate(today: today, days: days, policy: policy)
        if let finding = exerciseHeartRate(today: today, days: days, age: age, measuredMaximum: measuredMaximumHeartRate) {
            findings.append(finding)
        }
        if let finding = rapidWeightLoss(today: today, days: days, policy: policy) { findings.append(finding) }
        if let floor = calorieFloor, let finding = caloriesBelowFloor(today: today, days: days, floor: floor) {
            findings.append(finding)
        }
        if let finding = lowOxygen(today: today, days: days, policy: policy) { findings.append(finding) }
        if let finding = apneaSigns(today: today, days: days, policy: policy) { findings.append(finding) }
        if let finding = irregularRhythm(today: today, days: days) { findings.append(finding) }
        return findings
    }

    static let clinician = Phrase("safety.clinician")

    /// Heart rate as it is measured and shown: whole beats per minute.
    static func bpm(_ value: Double) -> Int { Int(value.rounded()) }

    /// Blood oxygen as it is measured and shown: whole percent of a stored fraction, halves up. The
    /// fraction is first read in hundredths of a percent, where 0.95 × 100 = 94.999… cannot reach.
    static func percent(_ fraction: Double) -> Int { (Int((fraction * 10_000).rounded()) + 50) / 100 }

    /// The exercise limit: 170 bpm, or 85 % of the maximum heart rate when that is lower.
    public static func exerciseLimit(age: Int?, measuredMaximum: Int?) -> Double {
        let maximum = measuredMaximum.map(Double.init) ?? age.map { Double(220 - $0) }
        return maximum.map { min(exerciseHeartRateLimit, $0 * maximumHeartRateShare) } ?? exerciseHeartRateLimit
    }

    static func restingHeartRate(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> [SafetyFinding] {
        let recent = days.window(endingOn: today, count: 3)
        var findings: [SafetyFinding] = []
        for (condition, isOut) in [
            (SafetyCondition.restingHeartRateHigh, { (a: Aggregate) in bpm(a.maximum) > 100 }),
            (.restingHeartRateLow, { (a: Aggregate) in bpm(a.minimum) < 60 }),
        ] {
            var previousOut = false
            for day in recent {
                guard
                    let pick = day.quantities[.restingHeartRate].flatMap({
                        policy.pick($0, metric: QuantityType.restingHeartRate.rawValue, weight: \.count)
                    })
                else {
                    previousOut = false
                    continue
                }
                let (source, aggregate) = pick
                let out = isOut(aggregate)
                if out, source.kind == .device || previousOut {
                    let value = condition == .restingHeartRateHigh ? aggregate.maximum : aggregate.minimum
                    findings.append(
                        SafetyFinding(
                            condition: condition,
                            message: [
                                Phrase(
                                    "safety.\(condition.rawValue).message",
                                    ["bpm": .integer(Int(value.rounded())), "date": .date(day.date)]),
                                clinician,
                            ],
                            evidence: Phrase(
                                "safety.restingHeartRate.evidence",
                                ["bpm": .integer(Int(value.rounded())), "source": .text(source.name)]),
                            observedOn: day.date)
                    )
                    break
                }
                previousOut = out
            }
        }
        return findings
    }

    static func exerciseHeartRate(today: LocalDate, days: HealthDays, age: Int?, measuredMaximum: Int?) -> SafetyFinding? {
        let limit = exerciseLimit(age: age, measuredMaximum: measuredMaximum)
        let workouts = days.window(endingOn: today, count: 2).flatMap { day in day.workouts.map { (day.date, $0) } }
        guard let (date, workout) = workouts.first(where: { Double(bpm($0.1.maximumHeartRate ?? 0)) > limit }),
            let peak = workout.maximumHeartRate.map(bpm)
        else { return nil }
        let values: [String: Phrase.Value] = [
            "bpm": .integer(peak), "date": .date(date), "limit": .integer(Int(limit.rounded(.down))),
        ]
        return SafetyFinding(
            condition: .exerciseHeartRate,
            message: [
                Phrase(
                    Double(peak) > exerciseHeartRateLimit
                        ? "safety.exerciseHeartRate.overLimit" : "safety.exerciseHeartRate.overMaximum", values),
                clinician,
            ],
            evidence: Phrase("safety.exerciseHeartRate.evidence", values), observedOn: date)
    }

    static func rapidWeightLoss(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> SafetyFinding? {
        let window = days.window(endingOn: today, count: historyDays)
        let weighIns = window.compactMap { day -> WeighIn? in
            day.quantity(.bodyMass, policy: policy).map {
                WeighIn(date: day.date.start(in: TimeZone(identifier: "UTC")!), kilograms: $0.mean)
            }
        }
        guard weighIns.count >= 4, let first = weighIns.first, let last = weighIns.last,
            last.date.timeIntervalSince(first.date) >= 7 * 86_400, let slope = WeightTrend.kilogramsPerWeek(weighIns),
            -slope > rapidLossKilogramsPerWeek
        else { return nil }
        return SafetyFinding(
            condition: .rapidWeightLoss,
            message: [
                Phrase(
                    "safety.rapidWeightLoss.message",
                    ["kg": .decimal(-slope, digits: 1), "lb": .decimal(-slope / Mass.kilogramsPerPound, digits: 1)]),
                clinician,
            ],
            evidence: Phrase(
                "safety.rapidWeightLoss.evidence", ["kg": .decimal(slope, digits: 2), "count": .integer(weighIns.count)]),
            observedOn: today)
    }

    static func caloriesBelowFloor(today: LocalDate, days: HealthDays, floor: Int) -> SafetyFinding? {
        // Finished days only: today is not over yet.
        let yesterday = today.adding(days: -1)
        func under(_ food: FoodDay?) -> FoodDay? {
            guard let food, food.isComplete, Int(food.energyKilocalories.rounded()) < floor else { return nil }
            return food
        }
        guard let last = under(days[yesterday]?.food), let before = under(days[yesterday.adding(days: -1)]?.food) else {
            return nil
        }
        let values: [String: Phrase.Value] = [
            "first": .integer(Int(before.energyKilocalories.rounded())),
            "second": .integer(Int(last.energyKilocalories.rounded())), "floor": .integer(floor),
        ]
        return SafetyFinding(
            condition: .caloriesBelowFloor,
            message: [Phrase("safety.caloriesBelowFloor.message", values), Phrase("safety.caloriesBelowFloor.advice")],
            evidence: Phrase("safety.caloriesBelowFloor.evidence", values), observedOn: yesterday)
    }

    /// The longest run of consecutive nights, ending last night or the night before, that satisfy `test`.
    static func recentRun(today: LocalDate, days: HealthDays, _ test: (DayMetrics) -> Bool) -> [DayMetrics] {
        for end in [today, today.adding(days: -1)] {
            var run: [DayMetrics] = []
            var date = end
            while let day = days[date], test(day) {
                run.append(day)
                date = date.adding(days: -1)
            }
            if !run.isEmpty { return run.reversed() }
        }
        return []
    }

    /// The night's mean blood oxygen in whole percent, when the night has readings.
    static func nightOxygen(_ day: DayMetrics, policy: SourcePolicy) -> Int? {
        day.oxygen(policy: policy).map { percent($0.mean) }
    }

    static func lowOxygen(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> SafetyFinding? {
        let run = recentRun(today: today, days: days) { (nightOxygen($0, policy: policy) ?? 100) < lowOxygenPercent }
        guard run.count > 3, let last = run.last else { return nil }
        let values = run.compactMap { nightOxygen($0, policy: policy) }.map {
            Phrase("safety.percent", ["value": .integer($0)])
        }
        return SafetyFinding(
            condition: .lowBloodOxygen,
            message: [Phrase("safety.lowBloodOxygen.message", ["nights": .integer(run.count)]), clinician],
            evidence: Phrase("safety.lowBloodOxygen.evidence", ["values": .list(values)]), observedOn: last.date)
    }

    static func apneaSigns(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> SafetyFinding? {
        let nights = Dictionary(
            uniqueKeysWithValues: days.days.map { day in
                (
                    day.date,
                    ApneaNight(
                        oxygenPercent: nightOxygen(day, policy: policy), night: day.sleep(policy: policy))
                )
            })
        let run = recentRun(today: today, days: days) { nights[$0.date]?.showsSigns ?? false }
        // Low oxygen alone is the blood-oxygen alert; this one adds the night's own disturbances.
        guard run.count > 3, let last = run.last,
            run.contains(where: { nights[$0.date]?.isDisturbed ?? false })
        else { return nil }
        let fragmented = run.filter { nights[$0.date]?.severelyFragmented ?? false }.count
        let raced = run.filter { nights[$0.date]?.heartRateRaced ?? false }.count
        let low = run.filter { nights[$0.date]?.lowOxygen ?? false }.count
        return SafetyFinding(
            condition: .sleepApneaSigns,
            message: [Phrase("safety.sleepApneaSigns.message", ["nights": .integer(run.count)]), clinician],
            evidence: Phrase(
                "safety.sleepApneaSigns.evidence",
                [
                    "nights": .integer(run.count), "lowOxygen": .integer(low), "fragmented": .integer(fragmented),
                    "raced": .integer(raced),
                ]),
            observedOn: last.date)
    }

    static func irregularRhythm(today: LocalDate, days: HealthDays) -> SafetyFinding? {
        guard let day = days.window(endingOn: today, count: 7).last(where: { $0.irregularRhythmEvents > 0 }) else { return nil }
        return SafetyFinding(
            condition: .irregularRhythm,
            message: [Phrase("safety.irregularRhythm.message", ["date": .date(day.date)]), clinician],
            evidence: Phrase("safety.irregularRhythm.evidence", ["count": .integer(day.irregularRhythmEvents)]),
            observedOn: day.date)
    }
}
