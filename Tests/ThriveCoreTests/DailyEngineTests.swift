import Foundation
import PropertyBased
import Testing
import ThriveCore

/// Builders for day records.
enum Days {
    static let watch = SampleSource(name: "Apple Watch", kind: .device)
    static let phone = SampleSource(name: "iPhone", kind: .device)
    static let typed = SampleSource.manualEntry
    static let today = LocalDate(year: 2026, month: 11, day: 22)!  // a Sunday

    static func aggregate(_ value: Double, count: Int = 1) -> Aggregate {
        Aggregate(sum: value, mean: value, minimum: value, maximum: value, count: count)
    }

    static func day(_ offset: Int, _ build: (inout DayMetrics) -> Void = { _ in }) -> DayMetrics {
        var day = DayMetrics(date: today.adding(days: offset))
        build(&day)
        return day
    }

    static func workout(_ type: WorkoutActivityType = .traditionalStrengthTraining, peak: Double? = 140) -> WorkoutSummary {
        WorkoutSummary(
            id: WorkoutID(UUID()), activityType: type, start: Date(timeIntervalSince1970: 0),
            end: Date(timeIntervalSince1970: 3_600),
            maximumHeartRate: peak)
    }

    static func night(hours: Double, awakenings: Int = 1, peak: Double? = nil) -> SleepNight {
        SleepNight(asleepSeconds: hours * 3_600, awakenings: awakenings, inBedStart: nil, inBedEnd: nil, maximumHeartRate: peak)
    }
}

@Suite("KPI cards")
struct KPIEngineTests {
    func plan() throws -> NutritionPlan {
        try NutritionEngine.plan(
            for: NutritionInput(
                sex: .female, age: 36, height: Length(centimetres: 168), weight: Mass(kilograms: 70), activity: .light,
                goal: .lose))
    }

    func inputs(_ plan: NutritionPlan?) -> KPIInputs {
        KPIInputs(
            plan: plan, weight: Mass(kilograms: 70), weeklySessionTarget: 5, plannedStrengthSessions: 3, plannedCardioSessions: 2)
    }

    func card(_ kind: KPICard.Kind, _ days: [DayMetrics], plan: NutritionPlan? = nil) throws -> KPICard {
        try #require(KPIEngine.cards(date: Days.today, days: HealthDays(days), inputs: inputs(plan)).first { $0.kind == kind })
    }

    @Test(arguments: [(2, KPIStatus.red), (3, .yellow), (4, .yellow), (5, .green), (6, .green)])
    func workoutsThisWeek(count: Int, status: KPIStatus) throws {
        // Sunday's week runs from Monday 16 November; a workout on the Sunday before does not count.
        var days = (0..<count).map { index in Days.day(-index) { $0.workouts = [Days.workout()] } }
        days.append(Days.day(-7) { $0.workouts = [Days.workout(), Days.workout()] })
        let kpi = try card(.workoutsThisWeek, days)
        #expect(kpi.status == status)
        #expect(kpi.value == Phrase("kpi.ratio", ["done": .integer(count), "target": .integer(5)]))
    }

    @Test(arguments: [(35.0, KPIStatus.red), (34.9, .red), (35.1, .yellow), (52.4, .yellow), (52.5, .green), (70, .green)])
    func proteinAgainstOneGramPerKilogram(grams: Double, status: KPIStatus) throws {
        // Goal 70 g: 50 % is 35 g, 75 % is 52.5 g.
        let day = Days.day(0) {
            $0.food = FoodDay(energyKilocalories: 1_500, proteinGrams: grams, carbohydrateGrams: 100, fatGrams: 50, entries: 3)
        }
        let kpi = try card(.protein, [day])
        #expect(kpi.status == (grams == 35.0 ? .yellow : status))
    }

    @Test(arguments: [(5.99, KPIStatus.red), (6.0, .yellow), (7.5, .yellow), (7.99, .yellow), (8.0, .green)])
    func sleepAgainstEightHours(hours: Double, status: KPIStatus) throws {
        let kpi = try card(.sleepLastNight, [Days.day(0) { $0.sleep = [Days.watch: Days.night(hours: hours)] }])
        #expect(kpi.status == status)
    }

    @Test func sleepWithoutDataSaysSo() throws {
        #expect(try card(.sleepLastNight, []).status == .noData)
    }

    @Test func adherenceCountsPlannedSessionsOnly() throws {
        // Four strength sessions against three planned, one run against two: 3 + 1 = 4 of 5.
        let days = [
            Days.day(0) { $0.workouts = [Days.workout(), Days.workout(.running)] },
            Days.day(-1) { $0.workouts = [Days.workout(), Days.workout()] },
            Days.day(-2) { $0.workouts = [Days.workout()] },
        ]
        let kpi = try card(.weeklyAdherence, days)
        #expect(kpi.value == Phrase("kpi.ratio", ["done": .integer(4), "target": .integer(5)]))
        #expect(kpi.status == .yellow)
    }

    @Test func caloriesBelowTheFloorAreAlwaysRed() throws {
        let plan = try plan()
        // BMR 700 + 1050 − 180 − 161 = 1409: the floor; the target is 1409 × 1.375 − 500 → 1440.
        #expect(plan.calorieFloor == 1_409)
        #expect(plan.calories == 1_440)
        func status(_ eaten: Double) throws -> KPIStatus {
            try card(
                .caloriesRemaining,
                [
                    Days.day(0) {
                        $0.food = FoodDay(
                            energyKilocalories: eaten, proteinGrams: 60, carbohydrateGrams: 100, fatGrams: 40, entries: 3)
                    }
                ],
                plan: plan
            ).status
        }
        // 75 % of the target is 1080, but anything under the 1409 floor is still red.
        #expect(try status(1_079) == .red)
        #expect(try status(1_300) == .red)
        #expect(try status(1_408) == .red)
        #expect(try status(1_409) == .green)
        #expect(
            try card(.caloriesRemaining, [], plan: plan).value
                == Phrase("kpi.caloriesRemaining.left", ["kcal": .integer(plan.calories)]))
    }
}

@Suite("Pillar scores")
struct PillarScoreTests {
    let inputs = ScoreInputs(
        calorieTarget: 2_000, calorieFloor: 1_400, weight: Mass(kilograms: 70), sex: .female, weeklySessionTarget: 4)

    @Test(arguments: [(100, ScoreBand.green), (80, .green), (79, .yellow), (50, .yellow), (49, .red), (0, .red)])
    func bandsAreTheSpecs(score: Int, band: ScoreBand) {
        #expect(ScoreBand(score: score) == band)
    }

    @Test func aPerfectWeekScoresOneHundredEverywhere() throws {
        let days = (-27...0).map { offset in
            Days.day(offset) { day in
                day.quantities[.stepCount] = [Days.watch: Days.aggregate(9_000)]
                day.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(60)]
                day.quantities[.dietaryWater] = [Days.typed: Days.aggregate(2.2)]
                day.sleep = [Days.watch: Days.night(hours: 8.2)]
                if offset % 2 == 0 { day.workouts = [Days.workout()] }
                day.food = FoodDay(energyKilocalories: 2_050, proteinGrams: 80, carbohydrateGrams: 220, fatGrams: 70, entries: 4)
                day.mood = MoodDay(mood: 5, energy: 5, stress: 1, checkIns: 1)
            }
        }
        let scores = PillarScoreEngine.scores(date: Days.today, days: HealthDays(days), inputs: inputs)
        #expect(scores.map(\.score) == [100, 100, 100])
        #expect(scores.allSatisfy { $0.band == .green && $0.state == .ok })
        #expect(scores[0].components.map(\.id) == ["activity", "training", "sleep", "recovery"])
        #expect(scores[0].components.map(\.weight) == [0.35, 0.25, 0.25, 0.15])
    }

    @Test func knownInputsGiveTheDocumentedScore() throws {
        // Activity 6000/8000 = .75, training 2/4 = .5, sleep 6/8 = .75, recovery: no baseline → dropped.
        let days = (-6...0).map { offset in
            Days.day(offset) { day in
                day.quantities[.stepCount] = [Days.watch: Days.aggregate(6_000)]
                day.sleep = [Days.watch: Days.night(hours: 6)]
                if offset >= -1 { day.workouts = [Days.workout()] }
            }
        }
        let fitness = try #require(PillarScoreEngine.scores(date: Days.today, days: HealthDays(days), inputs: inputs).first)
        // (.35·.75 + .25·.5 + .25·.75) / .85 = .676 → 68.
        #expect(fitness.score == 68)
        #expect(fitness.band == .yellow)
        #expect(fitness.components[3].value == nil)
    }

    @Test func missingDataGivesNoNumber() {
        let scores = PillarScoreEngine.scores(date: Days.today, days: HealthDays([]), inputs: inputs)
        #expect(scores.allSatisfy { $0.score == nil && $0.state == .insufficientData })
        #expect(scores[2].explanation.first == Phrase("score.notEnough.wellbeing"))
        #expect(scores[2].explanation.last == Phrase("score.mood.needs"), "then the first thing missing")
    }

    @Test func oldDataIsMarkedStale() throws {
        let days = (-9 ... -3).map { offset in Days.day(offset) { $0.mood = MoodDay(mood: 4, energy: 4, stress: 2, checkIns: 1) }
        }
        let wellbeing = try #require(PillarScoreEngine.scores(date: Days.today, days: HealthDays(days), inputs: inputs).last)
        #expect(wellbeing.state == .stale)
        #expect(wellbeing.dataThrough == Days.today.adding(days: -3))
    }

    @Test func scoresStayWithinZeroToOneHundred() async {
        await propertyCheck(
            count: 300, input: Gen.double(in: 0...60_000), Gen.double(in: 0...16), Gen.int(in: 1...5), Gen.double(in: 0...6_000),
            Gen.double(in: 0...400), Gen.int(in: 0...3)
        ) { steps, sleep, mood, energy, protein, workouts in
            let days = (-27...0).map { offset in
                Days.day(offset) { day in
                    day.quantities[.stepCount] = [Days.phone: Days.aggregate(steps)]
                    day.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(40 + Double(offset + 27) * 2)]
                    day.sleep = [Days.watch: Days.night(hours: sleep)]
                    day.workouts = Array(repeating: Days.workout(), count: workouts)
                    day.food = FoodDay(
                        energyKilocalories: energy, proteinGrams: protein, carbohydrateGrams: 0, fatGrams: 0, entries: 2)
                    day.mood = MoodDay(mood: Double(mood), energy: Double(mood), stress: Double(6 - mood), checkIns: 1)
                }
            }
            for score in PillarScoreEngine.scores(date: Days.today, days: HealthDays(days), inputs: inputs) {
                if let value = score.score { #expect((0...100).contains(value)) }
            }
        }
    }
}

@Suite("Source policy")
struct SourcePolicyTests {
    @Test func oneSourceCountsSoStepsAreNeverAddedTwice() {
        let day = Days.day(0) {
            $0.quantities[.stepCount] = [Days.watch: Days.aggregate(9_000), Days.phone: Days.aggregate(7_000)]
        }
        #expect(day.quantity(.stepCount, policy: SourcePolicy())?.sum == 9_000, "a wearable beats the phone")
        let prefersPhone = SourcePolicy(preferred: [QuantityType.stepCount.rawValue: "iPhone"])
        #expect(day.quantity(.stepCount, policy: prefersPhone)?.sum == 7_000, "the person's choice beats the default")
    }

    @Test func defaultOrderIsWearableThenDeviceThenAppThenManual() {
        let policy = SourcePolicy()
        let metric = QuantityType.bodyMass.rawValue
        let ranks = [
            SampleSource(name: "Oura Ring", kind: .device), SampleSource(name: "Withings scale", kind: .device),
            SampleSource(name: "MyFitnessPal", kind: .app), .manualEntry,
        ].map { policy.rank($0, for: metric) }
        #expect(ranks == [1, 2, 3, 4])
    }
}

@Suite("Safety alerts")
struct SafetyMonitorTests {
    func findings(_ days: [DayMetrics], age: Int? = 36, floor: Int? = 1_400) -> [SafetyCondition] {
        SafetyMonitor.evaluate(today: Days.today, days: HealthDays(days), age: age, calorieFloor: floor).map(\.condition)
    }

    @Test(arguments: [(100.0, false), (100.5, true), (101.0, true)])
    func restingHeartRateAbove100FromADeviceAlertsAtOnce(bpm: Double, alerts: Bool) {
        let days = [Days.day(0) { $0.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(bpm)] }]
        #expect(findings(days).contains(.restingHeartRateHigh) == alerts)
    }

    @Test(arguments: [(60.0, false), (59.0, true)])
    func restingHeartRateBelow60(bpm: Double, alerts: Bool) {
        let days = [Days.day(0) { $0.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(bpm)] }]
        #expect(findings(days).contains(.restingHeartRateLow) == alerts)
    }

    @Test func typedReadingsNeedTwoConsecutiveDays() {
        let one = [Days.day(0) { $0.quantities[.restingHeartRate] = [Days.typed: Days.aggregate(110)] }]
        #expect(!findings(one).contains(.restingHeartRateHigh))
        let two = one + [Days.day(-1) { $0.quantities[.restingHeartRate] = [Days.typed: Days.aggregate(108)] }]
        #expect(findings(two).contains(.restingHeartRateHigh))
    }

    @Test(arguments: [(170.0, 30, false), (171.0, 30, true), (165.0, 36, false), (166.0, 36, true)])
    func exerciseHeartRateOver170OrNinetyPercentOfMaximum(peak: Double, age: Int, alerts: Bool) {
        // At 36 the estimated maximum is 184 and 90 % of it 165.6; at 30 it is 171, so 170 bpm rules.
        let days = [Days.day(-1) { $0.workouts = [Days.workout(.running, peak: peak)] }]
        #expect(findings(days, age: age).contains(.exerciseHeartRate) == alerts)
    }

    @Test(arguments: [(0.9, false), (1.0, true)])
    func rapidWeightLossOverTwoPoundsAWeek(kilogramsPerWeek: Double, alerts: Bool) {
        let days = stride(from: -13, through: 0, by: 2).map { offset in
            Days.day(offset) {
                $0.quantities[.bodyMass] = [Days.watch: Days.aggregate(80 + kilogramsPerWeek * Double(-offset) / 7)]
            }
        }
        #expect(findings(days).contains(.rapidWeightLoss) == alerts)
    }

    @Test func caloriesUnderTheFloorOnTwoConsecutiveDaysButNotOne() {
        func food(_ kcal: Double) -> FoodDay {
            FoodDay(energyKilocalories: kcal, proteinGrams: 50, carbohydrateGrams: 100, fatGrams: 30, entries: 3)
        }
        let one = [Days.day(-1) { $0.food = food(1_100) }, Days.day(-2) { $0.food = food(1_800) }]
        #expect(!findings(one).contains(.caloriesBelowFloor))
        let two = [Days.day(-1) { $0.food = food(1_100) }, Days.day(-2) { $0.food = food(1_399) }]
        #expect(findings(two).contains(.caloriesBelowFloor))
        let unlogged = [Days.day(-1) { $0.food = food(1_100) }]
        #expect(!findings(unlogged).contains(.caloriesBelowFloor), "a day with nothing logged is missing data, not under-eating")
        let partial = [
            Days.day(-1) { $0.food = food(1_100) },
            Days.day(-2) {
                $0.food = FoodDay(energyKilocalories: 400, proteinGrams: 20, carbohydrateGrams: 50, fatGrams: 10, entries: 1)
            },
        ]
        #expect(!findings(partial).contains(.caloriesBelowFloor), "one breakfast logged is not a day's intake")
    }

    @Test(arguments: [(3, false), (4, true)])
    func bloodOxygenUnder95ForMoreThanThreeNights(nights: Int, alerts: Bool) {
        let days =
            (0..<nights).map { offset in Days.day(-offset) { $0.nightOxygen = [Days.watch: Days.aggregate(0.94)] } }
            + [Days.day(-nights) { $0.nightOxygen = [Days.watch: Days.aggregate(0.97)] }]
        #expect(findings(days).contains(.lowBloodOxygen) == alerts)
    }

    @Test func apneaSignsNeedMoreThanThreeNights() {
        let fragmented = (0..<4).map { offset in
            Days.day(-offset) { $0.sleep = [Days.watch: Days.night(hours: 6, awakenings: 7)] }
        }
        #expect(findings(fragmented).contains(.sleepApneaSigns))
        #expect(!findings(Array(fragmented.prefix(3))).contains(.sleepApneaSigns))
    }

    @Test func messagesAdviseAClinicianWithoutDiagnosing() {
        let days = [
            Days.day(0) { day in
                day.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(120)]
                day.irregularRhythmEvents = 1
            }
        ]
        let all = SafetyMonitor.evaluate(today: Days.today, days: HealthDays(days), age: 40, calorieFloor: 1_200)
        #expect(all.count == 2)
        for finding in all {
            #expect(finding.message.last == Phrase("safety.clinician"), "every message ends pointing to a clinician")
        }
    }
}

@Suite("Insights")
struct InsightEngineTests {
    @Test func trendsBestDaysCorrelationsAndAnomalies() {
        var days: [DayMetrics] = []
        for offset in -59...0 {
            let sleep = 6 + Double((offset + 60) % 5) * 0.5  // 6–8 h in a cycle
            days.append(
                Days.day(offset) { day in
                    day.sleep = [Days.watch: Days.night(hours: sleep)]
                    // More sleep, more steps; the last week walks 20 % more.
                    day.quantities[.stepCount] = [Days.watch: Days.aggregate(sleep * 1_000 * (offset > -7 ? 1.2 : 1))]
                    day.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(offset == 0 ? 80 : 60 + Double(offset % 2))]
                })
        }
        let insights = InsightEngine.insights(today: Days.today, days: HealthDays(days))
        let anomaly = insights.first { $0.kind == .anomaly }
        #expect(anomaly?.metric == "restingHeartRate")
        #expect(anomaly?.sentence.key == "insight.anomaly.high")
        #expect(anomaly?.sentence.values["date"] == .date(Days.today))
        #expect(anomaly?.sentence.values["value"] == .phrase(Phrase("insight.value.restingHeartRate", ["value": .integer(80)])))
        #expect(insights.first?.kind == .anomaly, "anomalies come first")
        let correlation = insights.first { $0.kind == .correlation }
        #expect(correlation?.sentence.key == "insight.correlation.sleepSteps.together", "more sleep, more steps")
        #expect(insights.contains { $0.kind == .trend && $0.metric == "steps" && $0.sentence.key == "insight.trend.up" })
        #expect(insights.contains { $0.kind == .bestDay })
    }

    @Test func quietHistoriesSayNothing() {
        #expect(InsightEngine.insights(today: Days.today, days: HealthDays([])).isEmpty)
    }
}
