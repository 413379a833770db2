import Foundation

/// Checks recent days against every critical threshold of spec 004, section 10:
/// - **Resting heart rate** over 100 or under 60 bpm in the last 3 days: one reading is enough from a
///   device; readings typed in or from other apps need two consecutive days (the spec's allowance for
///   intermittent readings).
/// - **Heart rate during exercise** over 170 bpm, or over 90 % of the estimated maximum (220 − age; the
///   spec allows 85–90 %, and we use the upper end to spare false alarms), in a workout of the last 2 days.
/// - **Rapid weight loss**: the 14-day trend faster than 2 lb (0.907 kg) a week, from at least 4
///   weigh-ins over at least 7 days.
/// - **Calories below the floor** on 2 consecutive completed days with a full log (3 or more entries;
///   a day with fewer is missing data, not proof of under-eating).
/// - **Blood oxygen** averaging under 95 % for more than 3 nights in a row (4 or more, ending last night
///   or the night before).
/// - **Signs linked with sleep apnea**: more than 3 nights in a row each with a dip under 90 % oxygen,
///   heavy fragmentation (6 or more awakenings), or an extreme heart-rate spike in bed (40 bpm or more
///   over the resting rate).
/// - **Irregular rhythm**: only as reported by a device's own certified detection, in the last 7 days.
///
/// Messages advise pausing and contacting a clinician; they never name a diagnosis.
public enum SafetyMonitor {
    public static let exerciseHeartRateLimit = 170.0
    public static let maximumHeartRateShare = 0.90
    public static let rapidLossKilogramsPerWeek = 2 * Mass.kilogramsPerPound
    /// The days, ending today, that the monitor looks at; runs of nights are counted within them.
    public static let historyDays = 14

    public static func evaluate(
        today: LocalDate, days: HealthDays, age: Int?, calorieFloor: Int?, policy: SourcePolicy = SourcePolicy()
    ) -> [SafetyFinding] {
        var findings: [SafetyFinding] = []
        findings += restingHeartRate(today: today, days: days, policy: policy)
        if let finding = exerciseHeartRate(today: today, days: days, age: age) { findings.append(finding) }
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

    static func restingHeartRate(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> [SafetyFinding] {
        let recent = days.window(endingOn: today, count: 3)
        var findings: [SafetyFinding] = []
        for (condition, isOut) in [
            (SafetyCondition.restingHeartRateHigh, { (a: Aggregate) in a.maximum > 100 }),
            (.restingHeartRateLow, { (a: Aggregate) in a.minimum < 60 }),
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

    static func exerciseHeartRate(today: LocalDate, days: HealthDays, age: Int?) -> SafetyFinding? {
        let limit = age.map { min(exerciseHeartRateLimit, Double(220 - $0) * maximumHeartRateShare) } ?? exerciseHeartRateLimit
        let workouts = days.window(endingOn: today, count: 2).flatMap { day in day.workouts.map { (day.date, $0) } }
        guard let (date, workout) = workouts.first(where: { ($0.1.maximumHeartRate ?? 0) > limit }),
            let peak = workout.maximumHeartRate
        else { return nil }
        let values: [String: Phrase.Value] = [
            "bpm": .integer(Int(peak.rounded())), "date": .date(date), "limit": .integer(Int(limit.rounded())),
        ]
        return SafetyFinding(
            condition: .exerciseHeartRate,
            message: [
                Phrase(
                    peak > exerciseHeartRateLimit
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
        // Completed days only: today is not over yet.
        let yesterday = today.adding(days: -1)
        guard let last = days[yesterday]?.food, let before = days[yesterday.adding(days: -1)]?.food,
            last.entries >= 3, before.entries >= 3, last.energyKilocalories < Double(floor),
            before.energyKilocalories < Double(floor)
        else { return nil }
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

    static func lowOxygen(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> SafetyFinding? {
        let run = recentRun(today: today, days: days) { ($0.oxygen(policy: policy)?.mean ?? 1) < 0.95 }
        guard run.count > 3, let last = run.last else { return nil }
        let values = run.compactMap { $0.oxygen(policy: policy)?.mean }.map {
            Phrase("safety.percent", ["value": .integer(Int(($0 * 100).rounded()))])
        }
        return SafetyFinding(
            condition: .lowBloodOxygen,
            message: [Phrase("safety.lowBloodOxygen.message", ["nights": .integer(run.count)]), clinician],
            evidence: Phrase("safety.lowBloodOxygen.evidence", ["values": .list(values)]), observedOn: last.date)
    }

    static func apneaSigns(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> SafetyFinding? {
        func signs(_ day: DayMetrics) -> Bool {
            let dip = (day.oxygen(policy: policy)?.minimum ?? 1) < 0.90
            let night = day.sleep(policy: policy)
            let fragmented = (night?.awakenings ?? 0) >= 6
            let resting = day.quantity(.restingHeartRate, policy: policy)?.mean
            let spike = (night?.maximumHeartRate).flatMap { peak in resting.map { peak - $0 >= 40 } } ?? false
            return dip || fragmented || spike
        }
        let run = recentRun(today: today, days: days, signs)
        guard run.count > 3, let last = run.last else { return nil }
        return SafetyFinding(
            condition: .sleepApneaSigns,
            message: [Phrase("safety.sleepApneaSigns.message", ["nights": .integer(run.count)]), clinician],
            evidence: Phrase("safety.sleepApneaSigns.evidence", ["nights": .integer(run.count)]), observedOn: last.date)
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
