import Foundation

/// Something worth telling the person about their own data, in one plain sentence.
public struct Insight: Hashable, Sendable, Codable {
    public enum Kind: String, Sendable, Codable { case trend, bestDay, worstDay, correlation, anomaly }

    public let kind: Kind
    /// The metric it is about ("steps", "sleep", …).
    public let metric: String
    public let sentence: Phrase
    /// Higher comes first: anomalies, then strong correlations, then trends.
    public let priority: Int
    public let date: LocalDate?
}

/// Trends, best and worst days, correlations and anomalies from the person's own history (spec 000,
/// F4.1/F4.3, and the cross-pillar insights of E8):
/// - **Trends**: the mean of the last 7 days against the 7 before, and of the last 30 against the 30
///   before, when both have at least 4 (or 15) days of data; told when the change is 5 % or more.
/// - **Best and worst day**: the most and fewest steps, and the shortest night, of the last 30 days.
/// - **Correlations**: sleep against the same day's steps and mood, and workout days against mood,
///   over the last 60 days with at least 14 paired days; told when |r| ≥ 0.3, as a tendency, never as a cause.
/// - **Anomalies**: the latest day's steps, resting heart rate, sleep or weight more than 3 standard
///   deviations from the 30 days before it (spec 000's "> 3 × SD", as ``Statistics/isOutlier(_:among:)`` reads it).
///   Steps, a day's total, are read over finished days: today's are not a whole day's yet.
public enum InsightEngine {
    struct Metric: Sendable {
        let key: String
        /// A day's total (steps) rather than a reading: today's is not a day's yet, so it waits.
        var cumulative = false
        /// A night's sleep: this morning's waits until the person is up (``DayClock/nightIsFinal(on:)``).
        var nightly = false
        let value: @Sendable (DayMetrics, SourcePolicy) -> Double?
        /// The number as the metric's value phrase takes it.
        let number: @Sendable (Double) -> Phrase.Value

        /// "steps", "resting heart rate": the metric in a sentence.
        var name: Phrase { Phrase("insight.metric.\(key)") }

        /// "8,432", "7 h 12 min", "58 bpm", "71.4 kg", "3.8 of 5".
        func format(_ value: Double) -> Phrase { Phrase("insight.value.\(key)", ["value": number(value)]) }
    }

    static let metrics: [Metric] = [
        Metric(
            key: "steps", cumulative: true, value: { $0.quantity(.stepCount, policy: $1)?.sum },
            number: { .integer(Int($0.rounded())) }),
        Metric(
            key: "sleep", nightly: true, value: { $0.sleep(policy: $1)?.asleepHours },
            number: { .duration(seconds: $0 * 3_600) }),
        Metric(
            key: "restingHeartRate", value: { $0.quantity(.restingHeartRate, policy: $1)?.mean },
            number: { .integer(Int($0.rounded())) }),
        Metric(key: "weight", value: { $0.quantity(.bodyMass, policy: $1)?.mean }, number: { .decimal($0, digits: 1) }),
        Metric(key: "mood", value: { day, _ in day.mood?.mood }, number: { .decimal($0, digits: 1) }),
    ]

    /// The metrics insights are told about, by key ("steps", "restingHeartRate", …).
    public static var metricKeys: [String] { metrics.map(\.key) }

    /// - Parameter clock: where the person's day stands; without one, this morning's night counts.
    public static func insights(
        today: LocalDate, days: HealthDays, policy: SourcePolicy = SourcePolicy(), clock: DayClock? = nil
    ) -> [Insight] {
        var found: [Insight] = []
        let lastNight = clock?.lastFinalNight ?? today
        for metric in metrics {
            // A total is compared over finished days only: this afternoon's steps are not a low day,
            // and a night still going on at half past midnight is not a short one.
            let last = metric.cumulative ? today.adding(days: -1) : metric.nightly ? min(lastNight, today) : today
            found += trends(metric, today: last, days: days, policy: policy)
            if let anomaly = anomaly(metric, today: last, days: days, policy: policy) { found.append(anomaly) }
        }
        found += extremes(today: today, lastNight: min(lastNight, today), days: days, policy: policy)
        found += correlations(today: today, days: days, policy: policy)
        return found.sorted { $0.priority > $1.priority }
    }

    static func values(_ metric: Metric, _ window: [DayMetrics], _ policy: SourcePolicy) -> [Double] {
        window.compactMap { metric.value($0, policy) }
    }

    static func trends(_ metric: Metric, today: LocalDate, days: HealthDays, policy: SourcePolicy) -> [Insight] {
        var found: [Insight] = []
        for (length, minimum) in [(7, 4), (30, 15)] {
            let recent = values(metric, days.window(endingOn: today, count: length), policy)
            let before = values(metric, days.window(endingOn: today.adding(days: -length), count: length), policy)
            guard recent.count >= minimum, before.count >= minimum, let now = Statistics.mean(recent),
                let then = Statistics.mean(before),
                then != 0
            else { continue }
            let change = (now - then) / abs(then)
            guard abs(change) >= 0.05 else { continue }
            found.append(
                Insight(
                    kind: .trend, metric: metric.key,
                    sentence: Phrase(
                        change > 0 ? "insight.trend.up" : "insight.trend.down",
                        [
                            "metric": .phrase(metric.name), "days": .integer(length), "value": .phrase(metric.format(now)),
                            "percent": .integer(Int((abs(change) * 100).rounded())),
                        ]),
                    priority: length == 7 ? 40 : 30, date: today))
        }
        return found
    }

    static func anomaly(_ metric: Metric, today: LocalDate, days: HealthDays, policy: SourcePolicy) -> Insight? {
        guard metric.key != "mood",
            let latestDay = days.window(endingOn: today, count: 2).last(where: { metric.value($0, policy) != nil }),
            let latest = metric.value(latestDay, policy)
        else { return nil }
        let history = values(metric, days.window(endingOn: latestDay.date.adding(days: -1), count: 30), policy)
        guard history.count >= 14, let mean = Statistics.mean(history), Statistics.isOutlier(latest, among: history)
        else { return nil }
        return Insight(
            kind: .anomaly, metric: metric.key,
            sentence: Phrase(
                latest > mean ? "insight.anomaly.high" : "insight.anomaly.low",
                [
                    "metric": .phrase(metric.name), "date": .date(latestDay.date), "value": .phrase(metric.format(latest)),
                    "mean": .phrase(metric.format(mean)),
                ]),
            priority: 90, date: latestDay.date)
    }

    static func extremes(today: LocalDate, lastNight: LocalDate, days: HealthDays, policy: SourcePolicy) -> [Insight] {
        let month = days.window(endingOn: lastNight, count: 30)
        let finishedMonth = days.window(endingOn: today.adding(days: -1), count: 30)
        let steps = finishedMonth.compactMap { day in day.quantity(.stepCount, policy: policy).map { (day.date, $0.sum) } }
        let nights = month.compactMap { day in day.sleep(policy: policy).map { (day.date, $0.asleepHours) } }
        var found: [Insight] = []
        if steps.count >= 7, let best = steps.max(by: { $0.1 < $1.1 }), let worst = steps.min(by: { $0.1 < $1.1 }) {
            found.append(
                Insight(
                    kind: .bestDay, metric: "steps",
                    sentence: Phrase("insight.bestDay", ["date": .date(best.0), "steps": .integer(Int(best.1))]),
                    priority: 20, date: best.0))
            found.append(
                Insight(
                    kind: .worstDay, metric: "steps",
                    sentence: Phrase("insight.quietestDay", ["date": .date(worst.0), "steps": .integer(Int(worst.1))]),
                    priority: 15, date: worst.0))
        }
        if nights.count >= 7, let shortest = nights.min(by: { $0.1 < $1.1 }) {
            found.append(
                Insight(
                    kind: .worstDay, metric: "sleep",
                    sentence: Phrase(
                        "insight.shortestNight", ["date": .date(shortest.0), "asleep": .duration(seconds: shortest.1 * 3_600)]),
                    priority: 15, date: shortest.0))
        }
        return found
    }

    static func correlations(today: LocalDate, days: HealthDays, policy: SourcePolicy) -> [Insight] {
        let window = days.window(endingOn: today, count: 60)
        func pairs(_ x: (DayMetrics) -> Double?, _ y: (DayMetrics) -> Double?) -> ([Double], [Double]) {
            let matched = window.compactMap { day -> (Double, Double)? in
                guard let a = x(day), let b = y(day) else { return nil }
                return (a, b)
            }
            return (matched.map(\.0), matched.map(\.1))
        }
        let sleep: (DayMetrics) -> Double? = { $0.sleep(policy: policy)?.asleepHours }
        // The pair's name keys the sentence; `.together` or `.apart` by the sign of the correlation.
        let candidates: [(String, String, ([Double], [Double]))] = [
            ("sleep", "sleepSteps", pairs(sleep, { $0.quantity(.stepCount, policy: policy)?.sum })),
            ("sleep", "sleepMood", pairs(sleep, { $0.mood?.mood })),
            ("workouts", "workoutsMood", pairs({ $0.workouts.isEmpty ? 0 : 1 }, { $0.mood?.mood })),
        ]
        return candidates.compactMap { metric, pair, data in
            guard data.0.count >= 14, let r = Statistics.correlation(data.0, data.1), abs(r) >= 0.3 else { return nil }
            return Insight(
                kind: .correlation, metric: metric,
                sentence: Phrase(
                    "insight.correlation.\(pair).\(r > 0 ? "together" : "apart")",
                    ["r": .decimal(r, digits: 2), "days": .integer(data.0.count)]),
                priority: 50 + Int(abs(r) * 10), date: today)
        }
    }
}
