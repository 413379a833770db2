import Foundation
import Testing
import ThriveCore

@Suite("Onboarding rules")
struct OnboardingRuleTests {
    static let complete = Profile(
        dateOfBirth: LocalDate(year: 1990, month: 4, day: 21), sex: .female, height: Length(centimetres: 170),
        weight: Mass(kilograms: 65))

    @Test func stepsOpenInSpecOrderAndOnlyTheOptionalOneIsSkippable() {
        var progress = OnboardingProgress()
        #expect(progress.next(profile: Profile()) == .consent)
        #expect(!progress.canOpen(.profile, profile: Profile()))
        progress.consent = ConsentAcceptance(version: "2026-11", acceptedAt: Date(), deidentifiedModelTraining: false)
        #expect(progress.next(profile: Profile()) == .profile)
        progress.details = HealthDetails(goals: [.sleep])
        #expect(progress.next(profile: Profile()) == .profile, "health details without the body measurements are not enough")
        #expect(progress.next(profile: Self.complete) == .optional)
        #expect(!progress.canOpen(.baseline, profile: Self.complete))
        progress.optionalDone = true
        progress.dataSource = .manual
        progress.baseline = BaselineAssessment(pushUps: 0)
        #expect(progress.next(profile: Self.complete) == .plan)
        progress.planAcceptedAt = Date()
        #expect(progress.next(profile: Self.complete) == nil)
        #expect(OnboardingStep.allCases.filter(\.isSkippable) == [.optional])
    }

    @Test func goalsBecomeANutritionGoalWithoutADeficitWhereItIsUnsafe() {
        #expect(HealthDetails(goals: [.weightLoss, .muscleGain]).nutritionGoal == .lose)
        #expect(HealthDetails(goals: [.muscleGain, .sleep]).nutritionGoal == .gain)
        #expect(HealthDetails(goals: [.sleep]).nutritionGoal == .maintain)
        #expect(HealthDetails(conditions: [.pregnancy], goals: [.weightLoss]).nutritionGoal == .maintain)
        #expect(HealthDetails(conditions: [.eatingDisorderHistory], goals: [.weightLoss]).nutritionGoal == .maintain)
        #expect(HealthDetails(conditions: [.heartCondition]).needsPhysicianSignOff)
        #expect(!HealthDetails(conditions: [.jointProblems]).needsPhysicianSignOff)
    }

    @Test func baselineRangesAreChecked() {
        #expect(throws: ValidationError.self) { try BaselineAssessment(pushUps: 201).validated() }
        #expect(throws: ValidationError.self) { try BaselineAssessment(pushUps: 10, plankSeconds: 5_000).validated() }
        #expect((try? BaselineAssessment(pushUps: 0, plankSeconds: 0).validated()) != nil)
    }

    @Test func aBaselineKeptWithOneLiftReadsAsThatLift() throws {
        let kept = Data(#"{"pushUps":12,"liftExercise":"deadlift","liftOneRepMax":{"kilograms":120}}"#.utf8)
        let baseline = try JSONDecoder().decode(BaselineAssessment.self, from: kept)
        #expect(baseline.lifts == [.init(exercise: "deadlift", oneRepMax: Mass(kilograms: 120))])
        #expect(baseline.oneRepMax(of: "deadlift") == Mass(kilograms: 120))
        #expect(baseline.oneRepMax(of: "back-squat") == nil)
        let none = try JSONDecoder().decode(BaselineAssessment.self, from: Data(#"{"pushUps":3}"#.utf8))
        #expect(none.lifts.isEmpty)
        let again = try JSONDecoder().decode(BaselineAssessment.self, from: JSONEncoder().encode(baseline))
        #expect(again == baseline)
    }
}
