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

    static func night(hours: Double, awakenings: Int = 1, inBed: Double? = nil, peak: Double? = nil) -> SleepNight {
        SleepNight(
            asleepSeconds: hours * 3_600, awakenings: awakenings, inBedStart: inBed.map { _ in Date(timeIntervalSince1970: 0) },
            inBedEnd: inBed.map { Date(timeIntervalSince1970: $0 * 3_600) }, maximumHeartRate: peak)
    }

    /// A day's food with breakfast, lunch and dinner logged: a complete day.
    static func meals(_ kcal: Double, protein: Double = 60, meals: Set<MealSlot> = FoodDay.mainMeals) -> FoodDay {
        FoodDay(
            energyKilocalories: kcal, proteinGrams: protein, carbohydrateGrams: 100, fatGrams: 40, entries: meals.count,
            meals: meals)
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

    func inputs(_ plan: NutritionPlan?, clock: DayClock? = nil, firstDay: LocalDate? = nil) -> KPIInputs {
        KPIInputs(
            plan: plan, weight: Mass(kilograms: 70), weeklySessionTarget: 5, plannedStrengthSessions: 3, plannedCardioSessions: 2,
            clock: clock, firstDay: firstDay)
    }

    func card(
        _ kind: KPICard.Kind, _ days: [DayMetrics], plan: NutritionPlan? = nil, clock: DayClock? = nil,
        firstDay: LocalDate? = nil
    ) throws -> KPICard {
        try #require(
            KPIEngine.cards(
                date: Days.today, days: HealthDays(days), inputs: inputs(plan, clock: clock, firstDay: firstDay)
            ).first { $0.kind == kind })
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

    @Test func aFirstWeekIsNotJudged() throws {
        // Joined on Thursday: two workouts is "so far", not red; joined the Sunday before, it is red.
        let days = [Days.day(0) { $0.workouts = [Days.workout()] }, Days.day(-1) { $0.workouts = [Days.workout()] }]
        let thursday = Days.today.adding(days: -3)
        let workouts = try card(.workoutsThisWeek, days, firstDay: thursday)
        #expect(workouts.status == .soFar)
        #expect(workouts.detail.key == "kpi.workoutsThisWeek.firstWeek")
        #expect(try card(.weeklyAdherence, days, firstDay: thursday).status == .soFar)
        #expect(try card(.workoutsThisWeek, days, firstDay: Days.today.adding(days: -6)).status == .red, "Monday is in the week")
        #expect(try card(.workoutsThisWeek, days, firstDay: Days.today.adding(days: -7)).status == .red)
    }

    @Test(arguments: [(34.4, KPIStatus.red), (34.5, .yellow), (35.0, .yellow), (52.4, .yellow), (52.5, .green), (70, .green)])
    func proteinInWholeGramsAgainstOneGramPerKilogram(grams: Double, status: KPIStatus) throws {
        // Without a plan the goal is 1 g per kg, 70 g: 50 % is 35 g, 75 % is 52.5 g; grams are shown and
        // compared whole, so 34.5 g is the "35 g" it reads as.
        let kpi = try card(.protein, [Days.day(0) { $0.food = Days.meals(1_500, protein: grams) }])
        #expect(kpi.status == status)
    }

    @Test func proteinFollowsThePlansNumber() throws {
        // The plan's protein is 30 % of 1,440 kcal: 108 g, over the 70 g of 1 g per kg.
        let plan = try plan()
        #expect(plan.proteinGrams == 108)
        let kpi = try card(.protein, [Days.day(0) { $0.food = Days.meals(1_500, protein: 81) }], plan: plan)
        #expect(
            kpi.value == Phrase("kpi.protein.value", ["eaten": .integer(81), "goal": .integer(108), "percent": .integer(75)]))
        #expect(kpi.status == .green)
        let short = try card(.protein, [Days.day(0) { $0.food = Days.meals(1_500, protein: 80) }], plan: plan)
        #expect(short.status == .yellow)
    }

    @Test(arguments: [
        (5.99, KPIStatus.red), (6.0, .yellow), (7.5, .yellow), (7.99, .yellow), (7.992, .green), (8.0, .green),
    ])
    func sleepInWholeMinutesAgainstEightHours(hours: Double, status: KPIStatus) throws {
        // 7.99 h is 479.4 min, 7 h 59 min; 7.992 h is 479.52 min, shown as "8 h" and judged as 8 h.
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

    @Test(arguments: [
        (3, 3, KPIStatus.green), (2, 3, .yellow), (1, 3, .red), (5, 5, .green), (3, 5, .yellow), (2, 5, .red), (0, 0, .noData),
    ])
    func adherenceIsGradedAgainstThePersonsOwnPlan(attended: Int, planned: Int, status: KPIStatus) {
        // A three-session plan done in full is green; 60 % (3 of 5) is yellow, 40 % red.
        #expect(KPIEngine.adherenceStatus(attended: attended, planned: planned) == status)
    }

    @Test func caloriesBelowTheHardMinimumAreAlwaysRed() throws {
        let plan = try plan()
        // BMR 700 + 1050 − 180 − 161 = 1409: the floor; the target is 1409 × 1.375 − 500 → 1440.
        #expect(plan.calorieFloor == 1_409)
        #expect(plan.hardMinimum == 1_200)
        #expect(plan.calories == 1_440)
        func status(_ eaten: Double) throws -> KPIStatus {
            try card(.caloriesRemaining, [Days.day(0) { $0.food = Days.meals(eaten) }], plan: plan).status
        }
        // 75 % of 1,440 is 1,080, but anything under the 1,200 kcal minimum for women is red.
        #expect(try status(1_079) == .red)
        #expect(try status(1_199) == .red)
        #expect(try status(1_199.4) == .red)
        #expect(try status(1_199.5) == .green, "1,199.5 kcal is the 1,200 it shows")
        #expect(try status(1_200) == .green)
        #expect(
            try card(.caloriesRemaining, [], plan: plan).value
                == Phrase("kpi.caloriesRemaining.left", ["kcal": .integer(plan.calories)]))
    }

    @Test(arguments: [
        (2_130.0, KPIStatus.green), (2_129.0, .yellow), (1_500.0, .yellow), (1_499.0, .red), (1_420.0, .red),
    ])
    func caloriesFollowTheSpecsBandsAboveTheMinimum(eaten: Double, status: KPIStatus) throws {
        // A man's maintenance plan of 2,840 kcal: 75 % is 2,130 and 50 % is 1,420, under his 1,500 minimum.
        let plan = try NutritionEngine.plan(
            for: NutritionInput(
                sex: .male, age: 30, height: Length(centimetres: 180), weight: Mass(kilograms: 85), activity: .moderate,
                goal: .maintain))
        #expect(plan.calories == 2_840)
        let kpi = try card(.caloriesRemaining, [Days.day(0) { $0.food = Days.meals(eaten) }], plan: plan)
        #expect(kpi.status == status)
    }

    @Test(arguments: [(14 * 60, KPIStatus.soFar), (20 * 60 - 1, .soFar), (20 * 60, .red), (23 * 60, .red)])
    func todaysEatingIsJudgedAfterTheUsualLastMeal(minute: Int, status: KPIStatus) throws {
        // Lunch only, 717 kcal: at 2 p.m. that is how far the day has got, not "Needs attention".
        let clock = DayClock(today: Days.today, minuteOfDay: minute, usualLastMeal: 20 * 60)
        let day = Days.day(0) { $0.food = Days.meals(717, protein: 20, meals: [.lunch]) }
        let calories = try card(.caloriesRemaining, [day], plan: try plan(), clock: clock)
        #expect(calories.status == status)
        #expect(try card(.protein, [day], plan: try plan(), clock: clock).status == status)
        if status == .soFar {
            #expect(calories.detail.key == "kpi.caloriesRemaining.soFar")
            #expect(calories.detail.values["time"] == .clock(minuteOfDay: 20 * 60))
        }
        // Yesterday is always a finished day.
        let yesterday = DayClock(today: Days.today.adding(days: 1), minuteOfDay: minute, usualLastMeal: 20 * 60)
        #expect(try card(.caloriesRemaining, [day], plan: try plan(), clock: yesterday).status == .red)
    }
}

@Suite("Day clock")
struct DayClockTests {
    static let zone = TimeZone(identifier: "Europe/Lisbon")!

    func day(_ offset: Int, lastMealAt hour: Int, _ minute: Int) -> DayMetrics {
        Days.day(offset) { day in
            var food = Days.meals(1_800)
            food.lastEntryAt = day.date.start(in: Self.zone).addingTimeInterval(Double(hour * 3_600 + minute * 60))
            day.food = food
        }
    }

    @Test func theUsualLastMealIsTheMedianOfRecentDays() {
        let days = [day(-1, lastMealAt: 19, 30), day(-2, lastMealAt: 21, 0), day(-3, lastMealAt: 20, 15)]
        #expect(DayClock.usualLastMeal(days, zone: Self.zone) == 20 * 60 + 15)
        #expect(DayClock.usualLastMeal(Array(days.prefix(2)), zone: Self.zone) == DayClock.defaultLastMeal, "two days say little")
        let lunches = [day(-1, lastMealAt: 13, 0), day(-2, lastMealAt: 13, 30), day(-3, lastMealAt: 12, 45)]
        #expect(DayClock.usualLastMeal(lunches, zone: Self.zone) == 17 * 60, "never before 5 p.m.")
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
                day.food = FoodDay(
                    energyKilocalories: 2_050, proteinGrams: 80, carbohydrateGrams: 220, fatGrams: 70, entries: 4,
                    meals: FoodDay.mainMeals)
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

    @Test(arguments: [(100.0, false), (100.4, false), (100.5, true), (101.0, true)])
    func restingHeartRateAbove100FromADeviceAlertsAtOnce(bpm: Double, alerts: Bool) {
        // In whole bpm, as a heart rate is measured and shown: 100.4 is 100, 100.5 is 101.
        let days = [Days.day(0) { $0.quantities[.restingHeartRate] = [Days.watch: Days.aggregate(bpm)] }]
        #expect(findings(days).contains(.restingHeartRateHigh) == alerts)
    }

    @Test(arguments: [(60.0, false), (59.5, false), (59.4, true), (59.0, true)])
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

    @Test(
        arguments: [
            // At 36 the estimated maximum is 184 and 85 % of it 156.4; at 30, 190 and 161.5.
            (156.0, 36, nil, false), (157.0, 36, nil, true), (161.0, 30, nil, false), (162.0, 30, nil, true),
            // At 20, 85 % of 200 is 170: the spec's 170 bpm and the share agree.
            (170.0, 20, nil, false), (171.0, 20, nil, true),
            // A measured maximum of 180 replaces the estimate: 85 % is 153 exactly.
            (153.0, 36, 180, false), (154.0, 36, 180, true), (153.4, 36, 180, false), (153.5, 36, 180, true),
            // No age and no measurement: 170 bpm alone.
            (170.0, nil, nil, false), (171.0, nil, nil, true),
        ] as [(Double, Int?, Int?, Bool)])
    func exerciseHeartRateOver170OrEightyFivePercentOfMaximum(peak: Double, age: Int?, measured: Int?, alerts: Bool) {
        let days = [Days.day(-1) { $0.workouts = [Days.workout(.running, peak: peak)] }]
        let found = SafetyMonitor.evaluate(
            today: Days.today, days: HealthDays(days), age: age, calorieFloor: nil, measuredMaximumHeartRate: measured)
        #expect(found.contains { $0.condition == .exerciseHeartRate } == alerts)
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

    @Test(arguments: [(1_399.0, true), (1_399.4, true), (1_399.5, false), (1_400.0, false)])
    func caloriesUnderTheFloorOnTwoConsecutiveCompleteDays(secondDay: Double, alerts: Bool) {
        let days = [Days.day(-1) { $0.food = Days.meals(1_100) }, Days.day(-2) { $0.food = Days.meals(secondDay) }]
        #expect(findings(days, floor: 1_400).contains(.caloriesBelowFloor) == alerts)
    }

    @Test func aDayIsCompleteWhenMarkedOrWithItsThreeMeals() {
        // Two big meals, marked complete by the person: a full day, so the alert can fire.
        let twoMeals = Days.meals(1_100, meals: [.lunch, .dinner])
        let days = HealthDays([Days.day(-1) { $0.food = twoMeals }, Days.day(-2) { $0.food = Days.meals(1_000) }])
        #expect(
            !SafetyMonitor.evaluate(today: Days.today, days: days, age: 36, calorieFloor: 1_400).contains {
                $0.condition == .caloriesBelowFloor
            })
        let marked = days.markingFoodComplete([Days.today.adding(days: -1)])
        #expect(
            SafetyMonitor.evaluate(today: Days.today, days: marked, age: 36, calorieFloor: 1_400).contains {
                $0.condition == .caloriesBelowFloor
            })
        // Lunch alone, however many items, is not a day's intake; nor is today, which is not over.
        let lunch = [Days.day(-1) { $0.food = Days.meals(900, meals: [.lunch]) }, Days.day(-2) { $0.food = Days.meals(1_000) }]
        #expect(!findings(lunch).contains(.caloriesBelowFloor))
        let today = [Days.day(0) { $0.food = Days.meals(900) }, Days.day(-1) { $0.food = Days.meals(1_000) }]
        #expect(!findings(today).contains(.caloriesBelowFloor))
        // A day marked complete with nothing logged is a day of nothing eaten.
        let fasting = HealthDays([Days.day(-1), Days.day(-2) { $0.food = Days.meals(1_000) }])
            .markingFoodComplete([Days.today.adding(days: -1)])
        #expect(
            SafetyMonitor.evaluate(today: Days.today, days: fasting, age: 36, calorieFloor: 1_400).contains {
                $0.condition == .caloriesBelowFloor
            })
    }

    @Test(arguments: [(3, false), (4, true)])
    func bloodOxygenUnder95ForMoreThanThreeNights(nights: Int, alerts: Bool) {
        let days =
            (0..<nights).map { offset in Days.day(-offset) { $0.nightOxygen = [Days.watch: Days.aggregate(0.94)] } }
            + [Days.day(-nights) { $0.nightOxygen = [Days.watch: Days.aggregate(0.97)] }]
        #expect(findings(days).contains(.lowBloodOxygen) == alerts)
    }

    @Test(arguments: 1...12)
    func nightsOfReadingsAllAt95PercentAreNotLow(readings: Int) {
        // However many readings the night has, their mean is 95 % in whole percent, never 94.99…
        let mean = Array(repeating: 0.95, count: readings).reduce(0, +) / Double(readings)
        let days = (0..<5).map { offset in Days.day(-offset) { $0.nightOxygen = [Days.watch: Days.aggregate(mean)] } }
        #expect(!findings(days).contains(.lowBloodOxygen))
        #expect(!findings(days).contains(.sleepApneaSigns))
    }

    @Test(arguments: [(0.945, false), (0.9449, true), (0.94, true)])
    func bloodOxygenIsComparedInWholePercent(mean: Double, alerts: Bool) {
        let days = (0..<4).map { offset in Days.day(-offset) { $0.nightOxygen = [Days.watch: Days.aggregate(mean)] } }
        #expect(findings(days).contains(.lowBloodOxygen) == alerts)
    }

    @Test(arguments: [
        // Awakenings, hours asleep, hours in bed: 4 and 74 % (5.92 of 8 h) are both needed.
        (4, 5.92, 8.0, true), (3, 5.92, 8.0, false), (4, 6.0, 8.0, false), (7, 7.5, 8.0, false), (6, 5.0, 8.0, true),
    ])
    func severeFragmentationNeedsManyAwakeningsAndPoorEfficiency(awakenings: Int, asleep: Double, inBed: Double, signs: Bool) {
        let night = Days.night(hours: asleep, awakenings: awakenings, inBed: inBed)
        #expect(ApneaNight(oxygenPercent: 97, night: night).severelyFragmented == signs)
    }

    @Test(arguments: [(90.0, false), (90.4, false), (90.5, true), (91.0, true)])
    func aHeartRateOver90InBedIsARacingHeart(peak: Double, signs: Bool) {
        #expect(ApneaNight(oxygenPercent: 97, night: Days.night(hours: 7, peak: peak)).heartRateRaced == signs)
    }

    @Test func apneaSignsNeedMoreThanThreeNights() {
        let fragmented = (0..<4).map { offset in
            Days.day(-offset) { $0.sleep = [Days.watch: Days.night(hours: 5.5, awakenings: 5, inBed: 8)] }
        }
        #expect(findings(fragmented).contains(.sleepApneaSigns))
        #expect(!findings(Array(fragmented.prefix(3))).contains(.sleepApneaSigns))
        let racing = (0..<4).map { offset in Days.day(-offset) { $0.sleep = [Days.watch: Days.night(hours: 7, peak: 104)] } }
        #expect(findings(racing).contains(.sleepApneaSigns))
    }

    @Test func lowOxygenAloneIsOneAlertAndWithDisturbedNightsBoth() {
        let low = (0..<4).map { offset in Days.day(-offset) { $0.nightOxygen = [Days.watch: Days.aggregate(0.93)] } }
        #expect(Set(findings(low)) == [.lowBloodOxygen])
        // Three low nights and a fourth with a racing heart: four nights in a row show the signs.
        let mixed = Array(low.prefix(3)) + [Days.day(-3) { $0.sleep = [Days.watch: Days.night(hours: 7, peak: 98)] }]
        #expect(findings(mixed).contains(.sleepApneaSigns))
        #expect(!findings(mixed).contains(.lowBloodOxygen), "three low nights are not more than three")
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
