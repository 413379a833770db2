import Foundation
import Testing

@testable import ThriveCore

/// The monthly emphasis review: each rule at its edge, at the precision its numbers are measured in
/// (whole steps, whole minutes, 0.1 kg).
@Suite struct EmphasisReviewTests {
    static let watch = SampleSource(name: "Apple Watch", kind: .device)

    /// A month with enough data, everything at a comfortable distance from every rule.
    static func month(
        strength: Int = 8, cardioMinutes: Double = 4 * 200, steps: Double? = 8_000, stepDays: Int = 28, workouts: Int = 12,
        weightChange: Double? = nil
    ) -> EmphasisReview.Month {
        EmphasisReview.Month(
            strengthSessions: strength, cardioMinutes: cardioMinutes, meanSteps: steps, stepDays: stepDays,
            workouts: workouts, weightChangeKilograms: weightChange)
    }

    static func suggest(
        _ current: TrainingPreferences.Emphasis, goal: NutritionGoal = .maintain, buildMuscle: Bool = false,
        planned: Double? = nil, _ month: EmphasisReview.Month
    ) -> EmphasisReview.Suggestion? {
        EmphasisReview.suggestion(
            current: current, goal: goal, buildMuscle: buildMuscle, plannedWeeklyChange: planned, month: month)
    }

    @Test(arguments: [
        (20, 7, false), (21, 7, true), (20, 8, true), (0, 8, true),
    ])
    func aMonthIsJudgedWith21DaysOfStepsOr8Workouts(stepDays: Int, workouts: Int, enough: Bool) {
        let thin = Self.month(cardioMinutes: 0, steps: 3_000, stepDays: stepDays, workouts: workouts)
        #expect(thin.hasEnoughData == enough)
        #expect((Self.suggest(.strength, thin) != nil) == enough, "a thin month suggests nothing")
    }

    /// Tudor-Locke: under 5,000 steps a day is sedentary; the mean is compared in whole steps.
    @Test(arguments: [(4_999.4, true), (4_999.5, false), (5_000, false)])
    func strengthWithFewStepsAndLittleCardioSuggestsAMix(steps: Double, suggested: Bool) {
        let result = Self.suggest(.strength, Self.month(cardioMinutes: 4 * 60, steps: steps))
        #expect((result?.suggested == .hybrid) == suggested)
        if suggested {
            #expect(result?.reasons == [.littleAerobicActivity(meanSteps: 4_999, cardioMinutesPerWeek: 60)])
        }
    }

    /// WHO: 150 minutes of moderate aerobic activity a week, in whole minutes.
    @Test(arguments: [(149.4, true), (149.5, false), (150, false)])
    func cardioMinutesAreCountedToTheMinute(perWeek: Double, suggested: Bool) {
        let result = Self.suggest(.strength, Self.month(cardioMinutes: perWeek * 4, steps: 4_000))
        #expect((result != nil) == suggested)
    }

    @Test func withoutAStepCountLittleCardioIsEnough() {
        let result = Self.suggest(.strength, Self.month(cardioMinutes: 4 * 30, steps: nil, stepDays: 0, workouts: 12))
        #expect(result?.reasons == [.littleAerobicActivity(meanSteps: nil, cardioMinutesPerWeek: 30)])
    }

    /// Losing 0.45 kg a week plans −1.8 kg in four weeks: under half of that (−0.9 kg, in 0.1 kg) has stalled.
    @Test(arguments: [(-0.8, true), (-0.9, false), (-1.5, false), (0.3, true)])
    func aStalledWeightLossOnStrengthSuggestsAMix(change: Double, stalled: Bool) {
        let month = Self.month(cardioMinutes: 4 * 60, steps: 9_000, weightChange: change)
        let result = Self.suggest(.strength, goal: .lose, planned: -0.45, month)
        #expect((result != nil) == stalled)
        if stalled {
            #expect(result?.suggested == .hybrid)
            #expect(result?.reasons == [.weightLossStalled(changeKilograms: change, plannedKilograms: -0.45 * 4)])
        }
    }

    @Test func aStalledWeightLossWithPlentyOfCardioIsNotAboutEmphasis() {
        let month = Self.month(cardioMinutes: 4 * 180, steps: 9_000, weightChange: 0)
        #expect(Self.suggest(.strength, goal: .lose, planned: -0.45, month) == nil)
    }

    /// WHO: muscle-strengthening on 2 or more days a week, so 8 sessions in four weeks.
    @Test(arguments: [(7, true), (8, false)])
    func cardioWithoutStrengthSuggestsStrengthWork(sessions: Int, suggested: Bool) {
        let month = Self.month(strength: sessions)
        #expect(Self.suggest(.cardio, month)?.suggested == (suggested ? .hybrid : nil))
        #expect(Self.suggest(.cardio, goal: .gain, month)?.suggested == (suggested ? .strength : nil))
        #expect(Self.suggest(.cardio, buildMuscle: true, month)?.suggested == (suggested ? .strength : nil))
        if suggested { #expect(Self.suggest(.cardio, month)?.reasons == [.fewStrengthSessions(sessions: 7)]) }
    }

    /// Building muscle on a mix: weight not up (0.0 kg at 0.1 kg precision) with fewer than 8 strength sessions.
    @Test(arguments: [(0.04, true), (0.05, false), (-0.5, true), (0.4, false)])
    func aMixThatDoesNotBuildMuscleSuggestsStrength(change: Double, suggested: Bool) {
        let month = Self.month(strength: 5, weightChange: change)
        #expect(Self.suggest(.hybrid, goal: .gain, month)?.suggested == (suggested ? .strength : nil))
        #expect(Self.suggest(.hybrid, goal: .maintain, month) == nil, "only for building muscle")
        #expect(Self.suggest(.hybrid, goal: .gain, Self.month(strength: 8, weightChange: change)) == nil)
    }

    @Test func theReviewIsDueAMonthAfterTheLatestOfChoiceAnswerAndStart() {
        let start = LocalDate(year: 2026, month: 10, day: 1)!
        var state = EmphasisReviewState()
        #expect(EmphasisReview.dueOn(state, startedOn: nil) == nil)
        #expect(EmphasisReview.dueOn(state, startedOn: start) == start.adding(days: 28))
        state.chosenOn = start.adding(days: 10)
        #expect(EmphasisReview.dueOn(state, startedOn: start) == start.adding(days: 38))
        state.answeredOn = start.adding(days: 40)
        #expect(EmphasisReview.dueOn(state, startedOn: start) == start.adding(days: 68))
    }

    /// The month is read from the days: strength and cardio sessions by kind, steps by the source
    /// policy, and the weight as the last week's mean less the first week's.
    @Test func theMonthIsReadFromTheDays() {
        let first = LocalDate(year: 2026, month: 10, day: 26)!
        let zone = TimeZone(identifier: "Europe/Lisbon")!
        let days = (0..<28).map { offset -> DayMetrics in
            let date = first.adding(days: offset)
            var day = DayMetrics(date: date)
            day.quantities[.stepCount] = [Self.watch: Aggregate(sum: 4_000, mean: 400, minimum: 0, maximum: 900, count: 10)]
            let kilograms = offset < 7 ? 80.0 : offset >= 21 ? 79.4 : 79.8
            day.quantities[.bodyMass] = [
                Self.watch: Aggregate(sum: kilograms, mean: kilograms, minimum: kilograms, maximum: kilograms, count: 1)
            ]
            let start = date.start(in: zone).addingTimeInterval(18 * 3_600)
            switch offset % 7 {
            case 0:
                day.workouts = [
                    WorkoutSummary(
                        id: WorkoutID(UUID()), activityType: .traditionalStrengthTraining, start: start, end: start + 3_600,
                        maximumHeartRate: nil)
                ]
            case 3:
                day.workouts = [
                    WorkoutSummary(
                        id: WorkoutID(UUID()), activityType: .running, start: start, end: start + 1_800, maximumHeartRate: nil)
                ]
            case 5:
                day.workouts = [
                    WorkoutSummary(
                        id: WorkoutID(UUID()), activityType: .yoga, start: start, end: start + 2_700, maximumHeartRate: nil)
                ]
            default: break
            }
            return day
        }
        let month = EmphasisReview.Month(days: days, policy: SourcePolicy())
        #expect(month.strengthSessions == 4)
        #expect(month.cardioMinutes == 4 * 30, "yoga is neither")
        #expect(month.workouts == 12)
        #expect(month.meanSteps == 4_000 && month.stepDays == 28)
        #expect(abs(month.weightChangeKilograms! - -0.6) < 1e-9)
        #expect(month.cardioMinutesPerWeek == 30)
        let result = EmphasisReview.suggestion(
            current: .strength, goal: .lose, buildMuscle: false, plannedWeeklyChange: -0.5, month: month)
        #expect(
            result?.reasons.first.map {
                if case .weightLossStalled(let change, let planned) = $0 { return abs(change + 0.6) < 1e-9 && planned == -2 }
                return false
            } == true)
        #expect(result?.reasons.last == .littleAerobicActivity(meanSteps: 4_000, cardioMinutesPerWeek: 30))
    }
}
