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
            Figure(label: "Steps", value: Self.count(todayMetrics?.quantity(.stepCount, policy: policy)?.sum)),
            Figure(label: "Active minutes", value: Self.minutes(todayMetrics?.quantity(.appleExerciseTime, policy: policy)?.sum)),
            Figure(label: "Distance", value: distance(todayMetrics) + (distance(todayMetrics) == "–" ? "" : " \(distanceUnit)")),
            Figure(
                label: "Active energy",
                value: todayMetrics?.quantity(.activeEnergyBurned, policy: policy).map { DisplayFormat.kilocalories($0.sum) }
                    ?? "–"),
        ]
        rows = week.map { day in
            let metrics = days[day]
            let workouts = metrics?.workouts.count ?? 0
            return Row(
                day: day == date
                    ? "Today" : DisplayFormat.shortDay(day.start(in: person.zone).addingTimeInterval(43_200), in: person.zone),
                steps: Self.count(metrics?.quantity(.stepCount, policy: policy)?.sum),
                active: Self.minutes(metrics?.quantity(.appleExerciseTime, policy: policy)?.sum),
                distance: distance(metrics), workouts: workouts == 0 ? "–" : String(workouts))
        }
        let steps = week.compactMap { days[$0]?.quantity(.stepCount, policy: policy)?.sum }
        let active = week.compactMap { days[$0]?.quantity(.appleExerciseTime, policy: policy)?.sum }
        var parts: [String] = []
        if let mean = Statistics.mean(steps) {
            parts.append("\(DisplayFormat.count(Int(mean.rounded()))) steps a day (goal 8,000)")
        }
        if let mean = Statistics.mean(active) { parts.append("\(Int(mean.rounded())) active minutes a day") }
        summary = parts.isEmpty ? nil : "Over the last 7 days: " + parts.joined(separator: " and ") + "."
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

    init(days: HealthDays, today date: LocalDate, person: PersonContext, component: ScoreComponent?) {
        let policy = person.preferences.sources
        func mean(_ type: QuantityType, last count: Int) -> Double? {
            Statistics.mean(days.window(endingOn: date, count: count).compactMap { $0.quantity(type, policy: policy)?.mean })
        }
        let value = component?.value.map { Int(($0 * 100).rounded()) }
        switch value {
        case .some(let score) where score >= 80:
            (status, band, advice) = (
                "Recovered · \(score)/100", "green",
                "Your resting heart rate is at or below your usual. A good day for the training you planned."
            )
        case .some(let score) where score >= 50:
            (status, band, advice) = (
                "Getting there · \(score)/100", "yellow",
                "Your resting heart rate is a little above your usual. Train as planned, or lighter if you feel tired."
            )
        case .some(let score):
            (status, band, advice) = (
                "Take it easy · \(score)/100", "red",
                "Your resting heart rate is well above your usual, which often follows hard training, short sleep, stress, alcohol or an illness starting. Consider a light day. If it stays high or you feel unwell, talk to a doctor."
            )
        case .none:
            (status, band, advice) = (
                "Not enough data", "noData",
                "Recovery compares your resting heart rate with your own baseline: it needs a week of readings from a watch or ring."
            )
        }
        icon = StatusIcon.for(band)
        detail = t(component?.detail ?? Phrase("score.recovery.needs"))
        let bpm = { (value: Double?) in value.map { "\(Int($0.rounded())) bpm" } ?? "–" }
        let ms = { (value: Double?) in value.map { "\(Int($0.rounded())) ms" } ?? "–" }
        comparisons = [
            Comparison(
                label: "Resting heart rate", recent: bpm(mean(.restingHeartRate, last: 3)),
                baseline: bpm(mean(.restingHeartRate, last: 28)), baselineDays: 28),
            Comparison(
                label: "Heart-rate variability", recent: ms(mean(.heartRateVariabilitySDNN, last: 3)),
                baseline: ms(mean(.heartRateVariabilitySDNN, last: 14)), baselineDays: 14),
        ]
        rows = (0..<7).map { date.adding(days: -$0) }.map { day in
            let metrics = days[day]
            return Row(
                day: day == date
                    ? "Today" : DisplayFormat.shortDay(day.start(in: person.zone).addingTimeInterval(43_200), in: person.zone),
                resting: bpm(metrics?.quantity(.restingHeartRate, policy: policy)?.mean),
                variability: ms(metrics?.quantity(.heartRateVariabilitySDNN, policy: policy)?.mean),
                sleep: metrics?.sleep(policy: policy).map { DurationFormat.hoursAndMinutes($0.asleepSeconds) } ?? "–")
        }
    }
}
