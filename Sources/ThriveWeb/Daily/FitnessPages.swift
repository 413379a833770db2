import Foundation
import ThriveCore

/// Pillars › Fitness › Activity: today's movement and the last seven days, day by day.
struct ActivityPage: Sendable {
    struct Figure: Sendable {
        let label: String
        let value: String
    }

    struct Row: Sendable {
        let day: String
        let steps: String
        let active: String
        let distance: String
        let workouts: String
    }

    let today: [Figure]
    let summary: String?
    var charts: [MetricChartView] = []
    /// Deep mode: steps by weekday and hour.
    var rhythm: RhythmView?
    let rows: [Row]
    let isEmpty: Bool
    let distanceUnit: String

    init(days: HealthDays, today date: LocalDate, person: PersonContext) {
        let policy = person.preferences.sources
        let metric = person.profile.unitSystem == .metric
        distanceUnit = metric ? "km" : "mi"
        func distance(_ day: DayMetrics?) -> String {
            guard let metres = day?.quantity(.distanceWalkingRunning, policy: policy)?.sum else { return "–" }
            return DisplayFormat.decimal(metric ? metres / 1_000 : metres / WorkoutForm.metresPerMile, digits: 1)
        }
        let week = (0..<7).map { date.adding(days: -$0) }
        let todayMetrics = days[date]
        today = [
            Figure(label: t("metric.steps"), value: Self.count(todayMetrics?.quantity(.stepCount, policy: policy)?.sum)),
            Figure(
                label: t("metric.active-minutes"),
                value: Self.minutes(todayMetrics?.quantity(.appleExerciseTime, policy: policy)?.sum)),
            Figure(
                label: t("metric.distance"),
                value: distance(todayMetrics) + (distance(todayMetrics) == "–" ? "" : " \(distanceUnit)")),
            Figure(
                label: t("metric.active-energy"),
                value: todayMetrics?.quantity(.activeEnergyBurned, policy: policy).map { DisplayFormat.kilocalories($0.sum) }
                    ?? "–"),
        ]
        rows = week.map { day in
            let metrics = days[day]
            let workouts = metrics?.workouts.count ?? 0
            return Row(
                day: day == date
                    ? t("common.today")
                    : DisplayFormat.shortDay(day.start(in: person.zone).addingTimeInterval(43_200), in: person.zone),
                steps: Self.count(metrics?.quantity(.stepCount, policy: policy)?.sum),
                active: Self.minutes(metrics?.quantity(.appleExerciseTime, policy: policy)?.sum),
                distance: distance(metrics), workouts: workouts == 0 ? "–" : String(workouts))
        }
        let steps = week.compactMap { days[$0]?.quantity(.stepCount, policy: policy)?.sum }
        let active = week.compactMap { days[$0]?.quantity(.appleExerciseTime, policy: policy)?.sum }
        var parts: [Phrase] = []
        if let mean = Statistics.mean(steps) {
            parts.append(
                Phrase(
                    "activity.summary.steps",
                    ["steps": .integer(Int(mean.rounded())), "goal": .integer(Int(PillarScoreEngine.stepsTarget))]))
        }
        if let mean = Statistics.mean(active) {
            parts.append(Phrase("activity.summary.active", ["minutes": .integer(Int(mean.rounded()))]))
        }
        summary =
            parts.isEmpty
            ? nil
            : t(
                Phrase(
                    parts.count == 2 ? "activity.summary.both" : "activity.summary",
                    ["first": .phrase(parts[0]), "second": .phrase(parts[parts.count - 1])]))
        isEmpty = steps.isEmpty && active.isEmpty && week.allSatisfy { days[$0]?.workouts.isEmpty ?? true }
    }

    static func count(_ value: Double?) -> String { value.map { DisplayFormat.count(Int($0.rounded())) } ?? "–" }
    static func minutes(_ value: Double?) -> String { value.map { "\(Int($0.rounded())) min" } ?? "–" }
}

/// Pillars › Fitness › Recovery status: resting heart rate and heart-rate variability lately
/// against the person's own 28-day baseline, the way the Fitness score reads them.
struct RecoveryPage: Sendable {
    struct Row: Sendable {
        let day: String
        let resting: String
        let variability: String
        let sleep: String
    }

    struct Comparison: Sendable {
        let label: String
        let recent: String
        let baseline: String
        let baselineDays: Int
    }

    let status: String
    let band: String
    let icon: String
    let detail: String
    let advice: String
    let comparisons: [Comparison]
    let rows: [Row]
    var charts: [MetricChartView] = []

    init(days: HealthDays, today date: LocalDate, person: PersonContext) {
        let policy = person.preferences.sources
        func mean(_ type: QuantityType, last count: Int) -> Double? {
            Statistics.mean(days.window(endingOn: date, count: count).compactMap { $0.quantity(type, policy: policy)?.mean })
        }
        // One comparison gives the words, the band and the numbers beside them.
        let comparison = RecoveryComparison(
            date: date, days: days, policy: policy, baselineDays: PillarScoreEngine.baselineDays)
        let state: String
        switch comparison?.state.band {
        case .green: (state, band) = ("recovered", "green")
        case .yellow: (state, band) = ("gettingThere", "yellow")
        case .red: (state, band) = ("takeItEasy", "red")
        case nil: (state, band) = ("noData", "noData")
        }
        let score = comparison.map { String(Int(($0.score * 100).rounded())) } ?? ""
        status = t("recovery.state.\(state)", ["score": score])
        advice = t(
            "recovery.advice.\(comparison?.state.rawValue ?? "noData")", ["tolerance": String(RecoveryComparison.tolerance)])
        icon = StatusIcon.for(band)
        detail = t(
            comparison.map {
                Phrase("score.recovery.detail", ["recent": .integer($0.recent), "baseline": .integer($0.baseline)])
            } ?? Phrase("score.recovery.needs"))
        let bpm = { (value: Double?) in value.map { "\(Int($0.rounded())) bpm" } ?? "–" }
        let ms = { (value: Double?) in value.map { "\(Int($0.rounded())) ms" } ?? "–" }
        comparisons = [
            Comparison(
                label: t("metric.resting-heart-rate"), recent: comparison.map { "\($0.recent) bpm" } ?? "–",
                baseline: comparison.map { "\($0.baseline) bpm" } ?? bpm(mean(.restingHeartRate, last: 28)),
                baselineDays: PillarScoreEngine.baselineDays),
            Comparison(
                label: t("metric.heart-rate-variability"), recent: ms(mean(.heartRateVariabilitySDNN, last: 3)),
                baseline: ms(mean(.heartRateVariabilitySDNN, last: 14)), baselineDays: 14),
        ]
        rows = (0..<7).map { date.adding(days: -$0) }.map { day in
            let metrics = days[day]
            return Row(
                day: day == date
                    ? t("common.today")
                    : DisplayFormat.shortDay(day.start(in: person.zone).addingTimeInterval(43_200), in: person.zone),
                resting: bpm(metrics?.quantity(.restingHeartRate, policy: policy)?.mean),
                variability: ms(metrics?.quantity(.heartRateVariabilitySDNN, policy: policy)?.mean),
                sleep: metrics?.sleep(policy: policy).map { DurationFormat.hoursAndMinutes($0.asleepSeconds) } ?? "–")
        }
    }
}
