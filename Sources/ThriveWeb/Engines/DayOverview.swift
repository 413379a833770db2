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
}
