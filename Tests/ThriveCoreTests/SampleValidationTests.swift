import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("Record validation")
struct SampleValidationTests {
    /// "… must be between 20 and 250 count/min.", as the catalogs word it.
    static func range(_ what: Phrase.Value, _ low: Int, _ high: Int, _ unit: String) -> Phrase {
        Phrase("invalid.range", ["what": what, "low": .integer(low), "high": .integer(high), "unit": .text(unit)])
    }

    let time = Date(timeIntervalSince1970: 1_800_000_000)
    let watch = SampleSource(name: "Apple Watch", kind: .device)

    func heartRate(_ value: Double, end: Date? = nil) -> QuantitySample {
        QuantitySample(
            id: SampleID(UUID()), type: .heartRate, value: value, start: time, end: end ?? time, source: watch,
            sync: SyncStamp(identifier: "hr-1"))
    }

    @Test(arguments: [19.9, 250.1, .nan, .infinity, -1])
    func refusesHeartRatesNoBodyProduces(value: Double) {
        #expect(
            throws: ValidationError(field: "value", Self.range(.phrase(Phrase("recordKind.HeartRate")), 20, 250, " count/min"))
        ) {
            try heartRate(value).validated()
        }
    }

    @Test func acceptsTheEdgesOfThePlausibleRange() throws {
        _ = try heartRate(20).validated()
        _ = try heartRate(250).validated()
    }

    @Test func refusesSpansThatEndBeforeTheyStart() {
        #expect(throws: ValidationError(field: "end", Phrase("invalid.endBeforeStart"))) {
            try heartRate(60, end: time - 1).validated()
        }
    }

    @Test func oxygenSaturationIsAFraction() {
        let percent = QuantitySample(
            id: SampleID(UUID()), type: .oxygenSaturation, value: 97, start: time, end: time, source: watch)
        #expect(throws: ValidationError.self) { try percent.validated() }
    }

    @Test func sleepStagesUseHealthKitsRawValues() throws {
        #expect(SleepStage.asleepREM.rawValue == 5)
        let stage = CategorySample(
            id: CategorySampleID(UUID()), type: .sleepAnalysis, value: 6, start: time, end: time + 60, source: watch)
        #expect(throws: ValidationError(field: "value", Self.range(.phrase(Phrase("recordKind.SleepAnalysis")), 0, 5, ""))) {
            try stage.validated()
        }
    }

    @Test(arguments: [(1, true), (5, true), (6, false), (0, false)])
    func checkInScalesRunFromOneToFive(value: Int, valid: Bool) {
        let checkIn = MoodCheckIn(id: MoodCheckInID(UUID()), recordedAt: time, mood: 3, stress: value, source: .manualEntry)
        #expect(((try? checkIn.validated()) != nil) == valid)
    }

    @Test func workoutSetsAreChecked() {
        let workout = Workout(
            id: WorkoutID(UUID()), activityType: .traditionalStrengthTraining, start: time, end: time + 3_600,
            sets: [WorkoutSet(exercise: "Back squat", reps: 101, load: Mass(kilograms: 60))], source: watch)
        #expect(throws: ValidationError(field: "sets[0].reps", Self.range(.phrase(Phrase("field.reps")), 0, 100, ""))) {
            try workout.validated()
        }
    }

    @Test func profileRangesMatchWhatABodyCanBe() {
        let profile = Profile(weight: Mass(kilograms: 19), timeZoneIdentifier: "Europe/Berlin")
        #expect(throws: ValidationError(field: "weight", Self.range(.phrase(Phrase("field.weight")), 20, 400, " kg"))) {
            try profile.validated(now: time)
        }
        let zone = Profile(timeZoneIdentifier: "Mars/Olympus")
        #expect(throws: ValidationError.self) { try zone.validated(now: time) }
    }
}

@Suite("Seeded randomness")
struct SeededRandomTests {
    @Test func theSameSeedGivesTheSameStream() {
        var a = SeededRandom(seed: 42)
        var b = SeededRandom(seed: 42)
        var c = SeededRandom(seed: 43)
        let first = (0..<100).map { _ in a.next() }
        #expect(first == (0..<100).map { _ in b.next() })
        #expect(first != (0..<100).map { _ in c.next() })
    }

    @Test func unitValuesStayInTheHalfOpenInterval() async {
        await propertyCheck(input: Gen.uint64()) { seed in
            var random = SeededRandom(seed: seed)
            for _ in 0..<200 {
                let value = random.unit()
                #expect(value >= 0 && value < 1)
            }
        }
    }

    @Test func normalDrawsHaveTheRequestedMeanAndDeviation() {
        var random = SeededRandom(seed: 7)
        let values = (0..<20_000).map { _ in random.normal(mean: 10, deviation: 2) }
        let mean = values.reduce(0, +) / Double(values.count)
        let variance = values.map { ($0 - mean) * ($0 - mean) }.reduce(0, +) / Double(values.count)
        #expect(abs(mean - 10) < 0.05)
        #expect(abs(variance.squareRoot() - 2) < 0.05)
    }

    @Test func uuidsAreVersionFour() {
        var random = SeededRandom(seed: 1)
        let text = random.nextUUID().uuidString
        #expect(text[text.index(text.startIndex, offsetBy: 14)] == "4")
        #expect("89AB".contains(text[text.index(text.startIndex, offsetBy: 19)]))
    }
}
