import ThriveCore

/// What the dashboard shows for one day: KPI cards, pillar scores and the safety monitor's findings,
/// with the stored alerts when the day is today (alerts are recorded only as days happen).
public struct DayOverview: Sendable {
    public let date: LocalDate
    public let cards: [KPICard]
    public let scores: [PillarScore]
    public let findings: [SafetyFinding]
    /// Open alerts and those resolved in the last 30 days; empty for past days.
    public let alerts: [SafetyAlert]
    /// The day aggregates the overview was computed from (two weeks in full, ending on `date`).
    public let days: HealthDays
    /// Where the person's day stood when it was computed.
    public let clock: DayClock

    static let sparklineDays = 7

    /// Each pillar's score on each of the last seven days, oldest first (nil: not enough data that
    /// day), from the same day aggregates.
    func scoreHistory(_ inputs: ScoreInputs) -> [Pillar: [Int?]] {
        var history: [Pillar: [Int?]] = [:]
        for offset in (0..<Self.sparklineDays).reversed() {
            let day = date.adding(days: -offset)
            let scores = day == date ? self.scores : PillarScoreEngine.scores(date: day, days: days, inputs: inputs)
            for score in scores { history[score.pillar, default: []].append(score.score) }
        }
        return history
    }
}
