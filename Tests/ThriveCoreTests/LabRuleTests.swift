import Foundation
import Testing

@testable import ThriveCore

/// Kit numbers, AAT levels and where they fall, and the alerts a lab result raises (spec 001).
@Suite("Lab results and kit numbers")
struct LabRuleTests {
    // ORCID iDs use ISO 7064 MOD 11-2; ORCID's published examples 0000-0002-1825-0097,
    // 0000-0001-5109-3700 and 0000-0002-1694-233X end in their check characters 7, 0 and X.
    @Test(arguments: [("000000021825009", "7"), ("000000015109370", "0"), ("000000021694233", "X")])
    func theCheckCharacterIsISO7064Mod112(digits: String, check: String) {
        #expect(KitNumber.check(of: digits) == Character(check))
    }

    @Test func theSpecsExampleIsOnlyIllustrative() {
        #expect(KitNumber("FU-KIT-2025110701-X") == nil)
        let real = KitNumber("FU-KIT-2025110701-2")
        #expect(real?.digits == "2025110701")
        #expect(real?.description == "FU-KIT-2025110701-2")
    }

    @Test func scannedTextIsForgivingOfCaseAndSpacesButNotOfThePrefix() {
        #expect(KitNumber("  fu-kit-2025110701-2\n")?.digits == "2025110701")
        #expect(KitNumber("2025110701-2") == nil)
        #expect(KitNumber("XX-KIT-2025110701-2") == nil)
        #expect(KitNumber("FU-KIT-202511070-2") == nil, "nine digits")
        #expect(KitNumber("FU-KIT-20251107011-2") == nil, "eleven digits")
        #expect(KitNumber("FU-KIT-2025110701-22") == nil)
        #expect(KitNumber("FU-KIT-20251107O1-2") == nil, "a letter O for a zero")
    }

    /// Every single wrong digit and every swap of two different neighbouring digits changes the
    /// check character, for ten thousand random kit numbers.
    @Test func everySingleDigitErrorAndAdjacentSwapIsCaught() {
        var generator = SystemRandomNumberGenerator()
        for _ in 0..<10_000 {
            let digits = (0..<10).map { _ in Int.random(in: 0...9, using: &generator) }
            let text = digits.map(String.init).joined()
            let check = KitNumber.check(of: text)
            for position in 0..<10 {
                for wrong in 0...9 where wrong != digits[position] {
                    var changed = digits
                    changed[position] = wrong
                    #expect(KitNumber.check(of: changed.map(String.init).joined()) != check)
                }
                if position < 9, digits[position] != digits[position + 1] {
                    var swapped = digits
                    swapped.swapAt(position, position + 1)
                    #expect(KitNumber.check(of: swapped.map(String.init).joined()) != check)
                }
            }
        }
    }

    @Test func micromolesFollowFrom52Kilodaltons() {
        // 11 µM, the protective threshold, is 57.2 mg/dL; the spec's normal range 100–200 mg/dL is 19–38 µM.
        #expect(abs(AATLevel(micromolar: 11).milligramsPerDeciliter - 57.2) < 0.000_1)
        #expect(abs(AATLevel(milligramsPerDeciliter: 100).micromolar - 19.23) < 0.01)
        #expect(abs(AATLevel(milligramsPerDeciliter: 200).micromolar - 38.46) < 0.01)
    }

    /// Each threshold on both sides of its edge, at the tenth of a mg/dL labs report.
    @Test(arguments: [
        (820.0, AATBand.criticalHigh), (800.0, .criticalHigh), (799.9, .aboveNormal), (200.1, .aboveNormal),
        (200.0, .normal), (100.0, .normal), (99.9, .belowNormal), (57.0, .belowNormal), (56.9, .belowProtective),
        (0, .belowProtective), (799.96, .criticalHigh), (56.94, .belowProtective),
    ])
    func levelsFallIntoBands(level: Double, band: AATBand) {
        #expect(AATBand(AATLevel(milligramsPerDeciliter: level), AATThresholds()) == band)
    }

    @Test func anOperatorsThresholdsMoveTheEdges() {
        let thresholds = AATThresholds(normalLow: 90, normalHigh: 210, protective: 80, spikeFactor: 3)
        #expect(AATBand(AATLevel(milligramsPerDeciliter: 630), thresholds) == .criticalHigh)
        #expect(AATBand(AATLevel(milligramsPerDeciliter: 629.9), thresholds) == .aboveNormal)
        #expect(AATBand(AATLevel(milligramsPerDeciliter: 79.9), thresholds) == .belowProtective)
        #expect(AATThresholds(normalLow: 200, normalHigh: 100).problem != nil)
        #expect(AATThresholds(protective: 120).problem != nil)
        #expect(AATThresholds(spikeFactor: 1).problem != nil)
        #expect(AATThresholds().problem == nil)
    }

    static func result(_ level: Double?, genotype: String? = nil, on day: String = "2026-11-07") -> LabResult {
        LabResult(
            id: LabResultID(UUID()), owner: UserID(UUID()), kit: KitNumber(digits: "2025110701")!,
            testDate: LocalDate(iso8601: day)!, aat: level.map(AATLevel.init(milligramsPerDeciliter:)),
            genotype: genotype.flatMap(Genotype.init), reportedAt: Date(timeIntervalSince1970: 1_794_000_000))
    }

    @Test func theSpecsSpikeIsACriticalAlertWithoutTheValueInItsMessage() throws {
        let finding = try #require(AATInterpretation.finding(latest: Self.result(820), thresholds: AATThresholds()))
        #expect(finding.condition == .aatSpike)
        #expect(finding.condition.notificationKind == .criticalAlert)
        #expect(finding.message.allSatisfy { $0.values.isEmpty }, "the message reaches the lock screen: no value")
        #expect(finding.evidence.values["level"] == .decimal(820, digits: 0))
        #expect(finding.evidence.values["times"] == .decimal(4.1, digits: 1))
        #expect(AATInterpretation.finding(latest: Self.result(799.9), thresholds: AATThresholds()) == nil)
    }

    @Test func aLowLevelIsAFlagThatComesAsATestResult() throws {
        let finding = try #require(AATInterpretation.finding(latest: Self.result(56.9), thresholds: AATThresholds()))
        #expect(finding.condition == .aatLow)
        #expect(finding.condition.notificationKind == .testResult)
        #expect(finding.evidence.values["level"] == .decimal(56.9, digits: 1))
        #expect(AATInterpretation.finding(latest: Self.result(57), thresholds: AATThresholds()) == nil)
        #expect(AATInterpretation.finding(latest: Self.result(nil, genotype: "ZZ"), thresholds: AATThresholds()) == nil)
    }

    @Test func theSummaryNamesTheBandAndGenotypeAndAlwaysEndsWithTheDoctor() {
        let summary = AATInterpretation.summary(Self.result(85, genotype: "pi*mz"), thresholds: AATThresholds())
        #expect(
            summary.map(\.key) == ["labs.summary.level.belowNormal", "labs.summary.genotype.MZ", "labs.summary.notADiagnosis"])
        let rare = AATInterpretation.summary(Self.result(nil, genotype: "Mmalton"), thresholds: AATThresholds())
        #expect(rare.map(\.key) == ["labs.summary.genotype.other", "labs.summary.notADiagnosis"])
        #expect(rare[0].values["genotype"] == .text("Mmalton"))
    }

    @Test func genotypesAreNamedWhenCommonAndKeptAsWrittenWhenRare() {
        #expect(Genotype("mz")?.common == .mz)
        #expect(Genotype("PI*ZZ")?.carriesZ == true)
        #expect(Genotype("MS")?.carriesZ == false)
        #expect(Genotype("Q0granite falls")?.text == "Q0granite falls")
        #expect(Genotype("  ") == nil)
        #expect(Genotype(String(repeating: "M", count: 61)) == nil)
    }

    @Test func aLabsSubmissionIsCheckedBeforeAnythingIsStored() {
        let today = LocalDate(iso8601: "2026-11-27")!
        func problem(
            _ kit: String = "FU-KIT-2025110701-2", date: String = "2026-11-20", level: Double? = 120, genotype: String? = nil
        )
            -> LabSubmissionProblem?
        {
            let submission = LabResultSubmission(kit: kit, testDate: date, aatMilligramsPerDeciliter: level, genotype: genotype)
            if case .failure(let problem) = submission.validated(today: today) { return problem }
            return nil
        }
        #expect(problem() == nil)
        #expect(problem("FU-KIT-2025110701-3") == .kitNumber)
        #expect(problem(date: "20.11.2026") == .testDate)
        #expect(problem(date: "2026-11-28") == .testDateRange)
        #expect(problem(date: "2026-11-27") == nil)
        #expect(problem(level: -1) == .level)
        #expect(problem(level: 5_000.1) == .level)
        #expect(problem(level: .nan) == .level)
        #expect(problem(level: nil) == .empty)
        #expect(problem(level: nil, genotype: "ZZ") == nil)
    }

    @Test func kitsMoveForwardOnlyAndOnlyOnceRegistered() {
        #expect(KitStatus.registered.canMove(to: .shipped))
        #expect(KitStatus.registered.canMove(to: .receivedAtLab), "a sample may arrive before anyone marks it shipped")
        #expect(!KitStatus.issued.canMove(to: .shipped))
        #expect(!KitStatus.processing.canMove(to: .shipped))
        #expect(!KitStatus.processing.canMove(to: .resultsReady), "results come with a result, not a move")
    }
}
