import Foundation
import Testing
import ThriveCore

/// The partner portal's privacy rules and sums: k-anonymity at k = 10 on both sides of the edge,
/// secondary suppression against subtraction, the median and 90th percentile of turnaround, the
/// quarters of the window and the ROI's formula.
@Suite("Partner aggregates")
struct PartnerAggregateTests {
    static func stage(months: [PeopleCount]) -> StageCounts {
        var stage = StageCounts(months: months)
        for quarter in 0..<ProgramPeriods.quarterCount {
            let slice = months[quarter * 3..<quarter * 3 + 3]
            stage.quarters[quarter] = PeopleCount(
                kits: slice.map(\.kits).reduce(0, +), people: slice.map(\.people).reduce(0, +))
        }
        stage.total = PeopleCount(kits: months.map(\.kits).reduce(0, +), people: months.map(\.people).reduce(0, +))
        return stage
    }

    static func months(_ people: [Int: Int]) -> [PeopleCount] {
        (0..<ProgramPeriods.monthCount).map { PeopleCount(kits: people[$0] ?? 0, people: people[$0] ?? 0) }
    }

    @Test func nineIsHiddenTenIsShownAndNobodyIsShown() {
        #expect(SmallCells.isSmall(PeopleCount(kits: 9, people: 9)))
        #expect(!SmallCells.isSmall(PeopleCount(kits: 10, people: 10)))
        #expect(!SmallCells.isSmall(PeopleCount(kits: 0, people: 0)))
        // Twelve kits from nine people are still nine people.
        #expect(SmallCells.isSmall(PeopleCount(kits: 12, people: 9)))
    }

    @Test func oneHiddenMonthBesideItsShownQuarterHidesTheSmallestOtherMonth() {
        // Quarter 0: 9 + 30 + 12 people = 51 shown; 9 would come back as 51 − 30 − 12.
        let shown = SmallCells.shown(Self.stage(months: Self.months([0: 9, 1: 30, 2: 12, 3: 20, 4: 20, 5: 20])))
        #expect(shown.months[0] == nil && shown.months[2] == nil && shown.months[1] == 30)
        #expect(shown.quarters[0] == 51 && shown.quarters[1] == 60 && shown.total == 111)
    }

    @Test func twoHiddenMonthsNeedNoMore() {
        let shown = SmallCells.shown(Self.stage(months: Self.months([0: 4, 1: 5, 2: 30])))
        #expect(shown.months[0] == nil && shown.months[1] == nil && shown.months[2] == 30 && shown.quarters[0] == 39)
    }

    @Test func oneHiddenQuarterHidesTheTotal() {
        // Quarter 7 holds 9 people (hidden); the total 49 − 40 would give it back.
        let shown = SmallCells.shown(Self.stage(months: Self.months([0: 40, 21: 9])))
        #expect(shown.quarters[7] == nil && shown.months[21] == nil && shown.total == nil && shown.quarters[0] == 40)
        let two = SmallCells.shown(Self.stage(months: Self.months([0: 40, 18: 5, 21: 9])))
        #expect(two.quarters[6] == nil && two.quarters[7] == nil && two.total == 54)
    }

    @Test func theTurnaroundIsTheNearestRankMedianAndNinetiethPercentile() {
        // Ten kits: 4 took 3 days, 4 took 5, 1 took 8 and 1 took 20.
        let days = TurnaroundDays([3: 4, 5: 4, 8: 1, 20: 1])
        #expect(days?.median == 5 && days?.ninetieth == 8)
        #expect(TurnaroundDays([:]) == nil)
        #expect(TurnaroundDays([7: 1])?.median == 7)
    }

    @Test func theWindowIsEightQuartersEndingWithTheCurrentOneAndTheWeekStartsMonday() {
        let berlin = TimeZone(identifier: "Europe/Berlin")!
        // Sunday 29 November 2026, 23:30 in Berlin.
        let periods = ProgramPeriods(at: Date(timeIntervalSince1970: 1_795_991_400), in: berlin)
        #expect(periods.today.iso8601 == "2026-11-29" && periods.weekStart.iso8601 == "2026-11-23")
        #expect(periods.months.count == 24 && periods.months.first?.iso8601 == "2025-01-01")
        #expect(periods.quarters.last?.iso8601 == "2026-10-01" && periods.currentMonth == 22)
        #expect(periods.edges.last == LocalDate(iso8601: "2027-01-01")!.start(in: berlin))
        // A Monday starts its own week.
        let monday = ProgramPeriods(at: Date(timeIntervalSince1970: 1_795_420_800), in: .gmt)
        #expect(monday.today.iso8601 == "2026-11-23" && monday.weekStart.iso8601 == "2026-11-23")
    }

    @Test func theROIFollowsItsWrittenFormulaAndIsHiddenWithFewFindings() {
        // (12 × 5,000 − 400 × 120) ÷ (400 × 120) = (60,000 − 48,000) ÷ 48,000 = 0.25.
        let roi = ProgramROI(findings: 12, kitsIssued: 400, costPerKit: 120, valuePerFinding: 5_000)
        #expect(roi.ratio == 0.25)
        var counts = EnrollmentCounts()
        counts[.issued] = StageCounts(total: PeopleCount(kits: 400))
        counts.findings = PeopleCount(kits: 12, people: 10)
        let program = PartnerProgram(costPerKit: 120, valuePerFinding: 5_000)
        let periods = ProgramPeriods(at: Date(timeIntervalSince1970: 1_795_780_800), in: .gmt)
        let shown = PartnerDashboard(counts, periods: periods, program: program)
        #expect((try? shown.roi.get())?.findings == 10)
        counts.findings = PeopleCount(kits: 12, people: 9)
        #expect(PartnerDashboard(counts, periods: periods, program: program).roi == .failure(.init(gap: .fewFindings)))
        #expect(PartnerDashboard(counts, periods: periods, program: PartnerProgram()).roi == .failure(.init(gap: .needsAmounts)))
    }

    @Test func aProgramIsCheckedFieldByField() {
        #expect(PartnerProgram(monthlyTarget: 200, costPerKit: 0, valuePerFinding: 1_000, currency: "EUR").problem == nil)
        #expect(PartnerProgram(monthlyTarget: 0).problem?.field == "monthlyTarget")
        #expect(PartnerProgram(costPerKit: -1).problem?.field == "costPerKit")
        #expect(PartnerProgram(valuePerFinding: .infinity).problem?.field == "valuePerFinding")
        #expect(PartnerProgram(currency: "eur").problem?.field == "currency")
    }

    @Test func theWeekIsHiddenWhenTheMonthBesideItWouldGiveBackASmallGroup() {
        // Friday 27 November 2026: the week (from Monday the 23rd) lies within November.
        let periods = ProgramPeriods(at: Date(timeIntervalSince1970: 1_795_780_800), in: .gmt)
        func week(month: Int, week: Int) -> Int? {
            var counts = EnrollmentCounts()
            var resulted = StageCounts()
            resulted.months[periods.currentMonth] = PeopleCount(kits: month, people: month)
            counts[.resulted] = resulted
            counts.completedThisWeek = PeopleCount(kits: week, people: week)
            return PartnerDashboard(counts, periods: periods, program: PartnerProgram()).completedThisWeek
        }
        // 19 this month, 10 this week: 9 earlier in the month would show. 20 and 10: 10, shown.
        #expect(week(month: 19, week: 10) == nil)
        #expect(week(month: 20, week: 10) == 10)
        // All of the month's people this week: nobody earlier, nothing to give back.
        #expect(week(month: 12, week: 12) == 12)
        // The month itself hidden (9 people): the week is 9 too, hidden on its own account.
        #expect(week(month: 9, week: 9) == nil)
    }
}
