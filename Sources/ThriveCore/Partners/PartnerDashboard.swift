import Foundation

/// What a partner sees: de-identified aggregates only, each hidden where fewer than ``SmallCells/k``
/// people stand behind it or where it would give such a number back (``SmallCells``).
public struct PartnerDashboard: Hashable, Sendable {
    /// One month or quarter: kits issued (no person behind them yet), then people's kits at each
    /// stage, nil where hidden.
    public struct Period: Hashable, Sendable {
        public let start: LocalDate
        public let issued: Int
        public let registered: Int?
        public let returned: Int?
        public let resulted: Int?
        /// Median days from registration to result (quarters and the window only).
        public let turnaround: TurnaroundDays?
        /// People tested the period aims for.
        public let target: Int?
        public let isCurrent: Bool
    }

    public let periods: ProgramPeriods
    public let program: PartnerProgram
    public let months: [Period]
    public let quarters: [Period]
    public let total: Period
    /// Results posted this week (from Monday), nil when fewer than k people.
    public let completedThisWeek: Int?
    public let roi: Result<ProgramROI, ROIGapError>

    public struct ROIGapError: Error, Hashable, Sendable {
        public let gap: ProgramROIGap
        public init(gap: ProgramROIGap) { self.gap = gap }
    }

    public init(_ counts: EnrollmentCounts, periods: ProgramPeriods, program: PartnerProgram) {
        self.periods = periods
        self.program = program
        let shown = Dictionary(uniqueKeysWithValues: ProgramStage.allCases.map { ($0, SmallCells.shown(counts[$0])) })
        let resulted = counts[.resulted]
        months = periods.months.indices.map { index in
            Period(
                start: periods.months[index], issued: counts[.issued].months[index].kits,
                registered: shown[.registered]?.months[index], returned: shown[.returned]?.months[index],
                resulted: shown[.resulted]?.months[index], turnaround: nil, target: program.monthlyTarget,
                isCurrent: index == periods.currentMonth)
        }
        quarters = periods.quarters.indices.map { index in
            Period(
                start: periods.quarters[index], issued: counts[.issued].quarters[index].kits,
                registered: shown[.registered]?.quarters[index], returned: shown[.returned]?.quarters[index],
                resulted: shown[.resulted]?.quarters[index],
                turnaround: SmallCells.isSmall(resulted.quarters[index]) ? nil : TurnaroundDays(counts.turnaround[index]),
                target: program.monthlyTarget.map { $0 * 3 }, isCurrent: index == periods.currentQuarter)
        }
        total = Period(
            start: periods.months[0], issued: counts[.issued].total.kits, registered: shown[.registered]?.total,
            returned: shown[.returned]?.total, resulted: shown[.resulted]?.total,
            turnaround: SmallCells.isSmall(resulted.total) ? nil : TurnaroundDays(TurnaroundDays.merged(counts.turnaround)),
            target: program.monthlyTarget.map { $0 * ProgramPeriods.monthCount }, isCurrent: false)
        completedThisWeek = Self.week(counts, periods: periods, shownMonth: months[periods.currentMonth].resulted != nil)
        roi = Self.roi(counts, program)
    }

    /// This week's completions, unless fewer than k people, or unless the month's count beside it
    /// would give back a small group by subtraction (the people resulted earlier this month).
    private static func week(_ counts: EnrollmentCounts, periods: ProgramPeriods, shownMonth: Bool) -> Int? {
        let week = counts.completedThisWeek
        guard !SmallCells.isSmall(week) else { return nil }
        let month = counts[.resulted].months[periods.currentMonth]
        if shownMonth, periods.weekStart >= periods.months[periods.currentMonth],
            SmallCells.isSmall(PeopleCount(kits: month.kits - week.kits, people: month.people - week.people))
        {
            return nil
        }
        return week.people
    }

    private static func roi(_ counts: EnrollmentCounts, _ program: PartnerProgram) -> Result<ProgramROI, ROIGapError> {
        guard let cost = program.costPerKit, let value = program.valuePerFinding else {
            return .failure(ROIGapError(gap: .needsAmounts))
        }
        guard counts[.issued].total.kits > 0 else { return .failure(ROIGapError(gap: .noKits)) }
        guard !SmallCells.isSmall(counts.findings) else { return .failure(ROIGapError(gap: .fewFindings)) }
        return .success(
            ProgramROI(
                findings: counts.findings.people, kitsIssued: counts[.issued].total.kits, costPerKit: cost,
                valuePerFinding: value))
    }

    /// The current quarter's people tested against its target, 0…1 and beyond; nil without both.
    public var quarterProgress: Double? {
        guard let current = quarters.last, let resulted = current.resulted, let target = current.target, target > 0 else {
            return nil
        }
        return Double(resulted) / Double(target)
    }
}
