import Foundation

/// A result explained in plain words: where the level falls, what the genotype usually means, and
/// what to do next. It advises and never diagnoses: every summary ends by sending the person to
/// their doctor or a genetic counselor, and the words "you have" a condition never appear.
public enum AATInterpretation {
    public static func summary(_ result: LabResult, thresholds: AATThresholds) -> [Phrase] {
        var phrases: [Phrase] = []
        if let level = result.aat {
            let range: [String: Phrase.Value] = [
                "low": .decimal(thresholds.normalLow, digits: 0), "high": .decimal(thresholds.normalHigh, digits: 0),
                "protective": .decimal(thresholds.protective, digits: 0),
            ]
            phrases.append(Phrase("labs.summary.level.\(AATBand(level, thresholds).rawValue)", range))
        }
        if let genotype = result.genotype {
            if let common = genotype.common {
                phrases.append(Phrase("labs.summary.genotype.\(common.rawValue)"))
            } else {
                phrases.append(Phrase("labs.summary.genotype.other", ["genotype": .text(genotype.text)]))
            }
        }
        phrases.append(Phrase("labs.summary.notADiagnosis"))
        return phrases
    }

    /// The alert a person's latest result raises, if any: a critical alert for a spike, a flag for a
    /// level under the protective threshold. Only the latest result counts: a newer ordinary one
    /// resolves the alert.
    public static func finding(latest: LabResult?, thresholds: AATThresholds) -> SafetyFinding? {
        guard let latest, let level = latest.aat else { return nil }
        let evidence: [String: Phrase.Value] = [
            "level": .decimal(level.reported, digits: level.reported == level.reported.rounded() ? 0 : 1),
            "date": .date(latest.testDate),
            "high": .decimal(thresholds.normalHigh, digits: 0), "protective": .decimal(thresholds.protective, digits: 0),
            "times": .decimal(level.reported / thresholds.normalHigh, digits: 1),
        ]
        switch AATBand(level, thresholds) {
        case .criticalHigh:
            return SafetyFinding(
                condition: .aatSpike, message: [Phrase("safety.aatSpike.message"), Phrase("safety.aatSpike.advice")],
                evidence: Phrase("safety.aatSpike.evidence", evidence), observedOn: latest.testDate)
        case .belowProtective:
            return SafetyFinding(
                condition: .aatLow, message: [Phrase("safety.aatLow.message", evidence), Phrase("safety.aatLow.advice")],
                evidence: Phrase("safety.aatLow.evidence", evidence), observedOn: latest.testDate)
        case .aboveNormal, .normal, .belowNormal:
            return nil
        }
    }
}
