import Foundation
import Testing
import ThriveCore

/// The report's rules (spec 004, section 12): its periods, its password, its file name, and each
/// figure judged on both sides of its edge at the precision it is shown in.
@Suite("Health report")
struct HealthReportTests {
    static func date(_ text: String) -> LocalDate { LocalDate(iso8601: text)! }

    // MARK: Periods

    @Test func lastMonthAndLastWeekAreWholeCalendarOnes() {
        #expect(
            ReportPeriod.previousMonth(before: Self.date("2026-03-01"))
                == ReportPeriod(first: Self.date("2026-02-01"), last: Self.date("2026-02-28")))
        #expect(ReportPeriod.previousMonth(before: Self.date("2028-03-31")).last == Self.date("2028-02-29"), "a leap February")
        #expect(
            ReportPeriod.previousMonth(before: Self.date("2027-01-15"))
                == ReportPeriod(first: Self.date("2026-12-01"), last: Self.date("2026-12-31")))
        // 27 Nov 2026 is a Friday: last week is Monday 16 to Sunday 22 November.
        #expect(
            ReportPeriod.previousWeek(before: Self.date("2026-11-27"))
                == ReportPeriod(first: Self.date("2026-11-16"), last: Self.date("2026-11-22")))
        // On a Monday, last week ended yesterday; on a Sunday, it ended a week ago.
        #expect(ReportPeriod.previousWeek(before: Self.date("2026-11-23")).last == Self.date("2026-11-22"))
        #expect(ReportPeriod.previousWeek(before: Self.date("2026-11-29")).last == Self.date("2026-11-22"))
    }

    @Test func aCustomPeriodIsAYearAtMostInOrderAndNotInTheFuture() throws {
        let today = Self.date("2026-11-27")
        let year = try ReportPeriod.checked(first: Self.date("2025-11-27"), last: today, today: today)
        #expect(year.dayCount == 366)
        #expect(throws: ValidationErrors.self) {
            try ReportPeriod.checked(first: Self.date("2025-11-26"), last: today, today: today)
        }
        #expect(try ReportPeriod.checked(first: today, last: today, today: today).dayCount == 1)
        do {
            _ = try ReportPeriod.checked(first: today, last: today.adding(days: 1), today: today)
            Issue.record("a period ending tomorrow")
        } catch { #expect(error.all.map(\.phrase.key) == ["report.invalid.future"]) }
        do {
            _ = try ReportPeriod.checked(first: today, last: today.adding(days: -1), today: today)
            Issue.record("a period backwards")
        } catch { #expect(error.all.map(\.phrase.key) == ["report.invalid.order"]) }
        do {
            _ = try ReportPeriod.checked(first: nil, last: nil, today: today)
            Issue.record("no days")
        } catch { #expect(error.all.map(\.field) == ["from", "to"]) }
    }

    // MARK: Password and file name

    @Test func thePasswordIsJudgedByLengthAndKindsOfCharacter() throws {
        #expect(ReportPassword.strength("abcdefg") == .tooShort)
        #expect(ReportPassword.strength("abcdefgh") == .weak)
        #expect(ReportPassword.strength("abcdefgh1") == .weak, "nine characters of two kinds")
        #expect(ReportPassword.strength("abcdefgh12") == .fair, "ten of two kinds")
        #expect(ReportPassword.strength("abcdefghij") == .weak, "ten of one kind")
        #expect(ReportPassword.strength("Abcdefgh12!") == .fair, "eleven of four kinds")
        #expect(ReportPassword.strength("Abcdefgh12!x") == .strong, "twelve of three kinds or more")
        #expect(ReportPassword.strength("abcdefghijklmno") == .weak, "fifteen of one kind")
        #expect(ReportPassword.strength("correct horse ba") == .strong, "sixteen of anything")
        #expect(ReportPassword.strength("Grüße-aus-Köln1") == .strong)
        try ReportPassword.check("abcdefgh12", confirmation: "abcdefgh12")
        do {
            try ReportPassword.check("abcdefgh1", confirmation: "abcdefgh2")
            Issue.record("weak and different")
        } catch { #expect(error.all.map(\.field) == ["password", "confirmation"]) }
        let long = String(repeating: "a1", count: 64)
        try ReportPassword.check(long, confirmation: long)
        #expect(throws: ValidationErrors.self) { try ReportPassword.check(long + "b", confirmation: long + "b") }
    }

    @Test func theFileNameIsFirstnameLastnameAndTheDate() {
        let day = Self.date("2026-11-27")
        #expect(ReportFileName.name(person: "Alex Rivera", date: day, extension: "pdf") == "alex_rivera_2026-11-27.pdf")
        #expect(ReportFileName.name(person: "  Zoë  Anne Müller ", date: day, extension: "pdf") == "zoe_muller_2026-11-27.pdf")
        #expect(ReportFileName.name(person: "Jürgen Straße", date: day, extension: "csv") == "jurgen_strasse_2026-11-27.csv")
        #expect(ReportFileName.name(person: "Ann", date: day, extension: "pdf") == "ann_2026-11-27.pdf")
        #expect(ReportFileName.name(person: nil, date: day, extension: "zip") == "thrive_report_2026-11-27.zip")
        #expect(ReportFileName.name(person: "../\"", date: day, extension: "pdf") == "thrive_report_2026-11-27.pdf")
    }

    // MARK: Figures

    static let oura = SampleSource(name: "Oura Ring", kind: .device)
    static let phone = SampleSource(name: "iPhone", kind: .device)

    static func day(_ text: String, _ change: (inout DayMetrics) -> Void) -> DayMetrics {
        var day = DayMetrics(date: date(text))
        change(&day)
        return day
    }

    static func food(_ kcal: Double, _ protein: Double, complete: Bool = true) -> FoodDay {
        FoodDay(
            energyKilocalories: kcal, proteinGrams: protein, carbohydrateGrams: 0, fatGrams: 0, entries: 3,
            meals: complete ? FoodDay.mainMeals : [.breakfast])
    }

    static func night(minutes: Double) -> SleepNight {
        SleepNight(asleepSeconds: minutes * 60, awakenings: 0, inBedStart: nil, inBedEnd: nil)
    }

    @Test func sleepCountsANightAtTargetFromEightHoursInWholeMinutes() {
        let period = ReportPeriod(first: Self.date("2026-10-01"), last: Self.date("2026-10-31"))
        let days = HealthDays([
            Self.day("2026-10-01") { $0.sleep = [Self.oura: Self.night(minutes: 480)] },
            // 7 h 59 min 30 s shows as 8 h 0 min, so it counts; 7 h 59 min 29 s does not.
            Self.day("2026-10-02") { $0.sleep = [Self.oura: Self.night(minutes: 479.5)] },
            Self.day("2026-10-03") { $0.sleep = [Self.oura: Self.night(minutes: 479.49)] },
            // The ring wins over the phone, whatever the phone says.
            Self.day("2026-10-04") { $0.sleep = [Self.oura: Self.night(minutes: 360), Self.phone: Self.night(minutes: 600)] },
            Self.day("2026-11-01") { $0.sleep = [Self.oura: Self.night(minutes: 600)] },
        ])
        let figures = HealthReportFigures(
            period: period, days: days,
            targets: HealthReportTargets(proteinGrams: nil, calories: nil, calorieFloor: nil, sessionsPerWeek: 0))
        #expect(figures.nights.map(\.minutesAsleep) == [480, 480, 479, 360])
        #expect(figures.nightsAtTarget == 2)
        #expect(figures.averageMinutesAsleep == 450, "(480 + 480 + 479 + 360) / 4 = 449.75")
        #expect(figures.sleepSources == ["Oura Ring"])
    }

    @Test func foodIsJudgedOnCompleteDaysAtEachTargetsEdge() {
        let period = ReportPeriod(first: Self.date("2026-10-01"), last: Self.date("2026-10-07"))
        let days = HealthDays([
            Self.day("2026-10-01") { $0.food = Self.food(2_200, 120) },  // +10 %: on target; protein met
            Self.day("2026-10-02") { $0.food = Self.food(2_201, 119.49) },  // just over; 119 g: not met
            Self.day("2026-10-03") { $0.food = Self.food(1_800, 119.5) },  // −10 %: on target; rounds to 120 g
            Self.day("2026-10-04") { $0.food = Self.food(1_799, 130) },  // just under
            Self.day("2026-10-05") { $0.food = Self.food(1_199.4, 40) },  // under the 1,200 floor
            Self.day("2026-10-06") { $0.food = Self.food(1_199.5, 40) },  // 1,200 kcal shown: not under
            Self.day("2026-10-07") { $0.food = Self.food(500, 10, complete: false) },  // partial: shown, not judged
        ])
        let figures = HealthReportFigures(
            period: period, days: days,
            targets: HealthReportTargets(proteinGrams: 120, calories: 2_000, calorieFloor: 1_200, sessionsPerWeek: 0))
        #expect(figures.food.count == 7)
        #expect(figures.completeFoodDays.count == 6)
        #expect(figures.daysAtProteinGoal == 3)
        #expect(figures.daysOnCalorieTarget == 2)
        #expect(figures.daysBelowFloor == 1)
        #expect(figures.averageProtein == 95, "(120 + 119 + 120 + 130 + 40 + 40) / 6 = 94.83")
    }

    @Test func workoutsAreCountedAgainstThePlanWeekByWeekCappedAtIt() {
        // October 2026 starts on a Thursday: four days of the first week, then four whole weeks, then
        // Monday 26 to Saturday 31 (six days).
        let period = ReportPeriod(first: Self.date("2026-10-01"), last: Self.date("2026-10-31"))
        func workouts(_ date: String, _ count: Int) -> DayMetrics {
            Self.day(date) { day in
                day.workouts = (0..<count).map { index in
                    let start = Self.date(date).start(in: .gmt).addingTimeInterval(Double(index) * 7_200)
                    return WorkoutSummary(
                        id: WorkoutID(UUID()), activityType: .traditionalStrengthTraining, start: start,
                        end: start + 3_600, maximumHeartRate: nil)
                }
            }
        }
        let days = HealthDays([workouts("2026-10-01", 2), workouts("2026-10-06", 5), workouts("2026-10-14", 1)])
        let figures = HealthReportFigures(
            period: period, days: days,
            targets: HealthReportTargets(proteinGrams: nil, calories: nil, calorieFloor: nil, sessionsPerWeek: 3))
        #expect(
            figures.weeks.map(\.first) == ["2026-10-01", "2026-10-05", "2026-10-12", "2026-10-19", "2026-10-26"].map(Self.date))
        #expect(
            figures.weeks.map(\.last) == ["2026-10-04", "2026-10-11", "2026-10-18", "2026-10-25", "2026-10-31"].map(Self.date))
        // 3 × 4/7 = 1.7 → 2; 3 × 6/7 = 2.6 → 3.
        #expect(figures.weeks.map(\.planned) == [2, 3, 3, 3, 3])
        #expect(figures.weeks.map(\.completed) == [2, 5, 1, 0, 0])
        #expect(figures.workoutsCompleted == 8)
        #expect(figures.sessionsPlanned == 14)
        // Attended, each week capped at its plan: 2 + 3 + 1 = 6 of 14 = 42.86 % → 42 %.
        #expect(figures.adherencePercent == 42)
        let none = HealthReportFigures(
            period: period, days: days,
            targets: HealthReportTargets(proteinGrams: nil, calories: nil, calorieFloor: nil, sessionsPerWeek: 0))
        #expect(none.adherencePercent == nil)
    }

    @Test func anAlertCountsForThePeriodItWasOpenIn() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        let period = ReportPeriod(first: Self.date("2026-10-01"), last: Self.date("2026-10-31"))
        func alert(opened: String, resolved: String?) -> SafetyAlert {
            let opened = Self.date(opened).start(in: zone) + 3_600
            return SafetyAlert(
                id: SafetyAlertID(UUID()), condition: .restingHeartRateHigh, message: [], evidence: .literal(""),
                observedOn: Self.date("2026-10-01"), openedAt: opened, lastSeenAt: opened,
                resolvedAt: resolved.map { Self.date($0).start(in: zone) + 3_600 })
        }
        #expect(alert(opened: "2026-09-20", resolved: "2026-10-01").wasOpen(in: period, zone: zone))
        #expect(!alert(opened: "2026-09-20", resolved: "2026-09-30").wasOpen(in: period, zone: zone))
        #expect(alert(opened: "2026-10-31", resolved: nil).wasOpen(in: period, zone: zone))
        #expect(!alert(opened: "2026-11-01", resolved: nil).wasOpen(in: period, zone: zone))
    }

    // MARK: Schedule

    @Test func theMonthlyReportIsDueForMonthsTheScheduleWasOnByTheirLastDay() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        // Turned on during 27 November in Berlin.
        var schedule = ReportSchedule(
            sections: ReportSection.allCases, includesCSV: false, sealedPassword: "sealed",
            since: Self.date("2026-11-27").start(in: zone) + 3_600)
        #expect(schedule.due(today: Self.date("2026-11-28"), zone: zone) == nil, "October was before it")
        let november = ReportPeriod(first: Self.date("2026-11-01"), last: Self.date("2026-11-30"))
        #expect(schedule.due(today: Self.date("2026-12-01"), zone: zone) == november)
        _ = schedule.add(.init(period: november, fileName: "a.pdf", contentType: "application/pdf", bytes: 1, madeAt: Date()))
        #expect(schedule.due(today: Self.date("2026-12-02"), zone: zone) == nil, "made once")
        var off = schedule
        off.isOn = false
        #expect(off.due(today: Self.date("2027-01-01"), zone: zone) == nil)
        // Twelve are kept, newest first.
        var dropped: [ReportSchedule.Made] = []
        for month in 1...13 {
            let first = LocalDate(year: 2027, month: month > 12 ? 1 : month, day: 1)!
            let period = ReportPeriod(
                first: month > 12 ? LocalDate(year: 2028, month: 1, day: 1)! : first, last: Self.date("2028-12-31"))
            dropped += schedule.add(.init(period: period, fileName: "", contentType: "", bytes: 1, madeAt: Date()))
        }
        #expect(schedule.made.count == 12)
        #expect(schedule.made.first?.period.first == Self.date("2028-01-01"))
        #expect(dropped.map(\.period.first) == [Self.date("2026-11-01"), Self.date("2027-01-01")])
    }
}
