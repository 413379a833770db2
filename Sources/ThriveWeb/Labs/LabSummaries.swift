import Synchronization
import ThriveCore

/// A result's plain-words summary, worded once per language, band and genotype: a page of results
/// or a GraphQL connection repeats the same few sentences, and wording them (numbers formatted in
/// the reader's locale) was most of such an answer's time.
enum LabSummaries {
    private static let worded = Mutex<[String: String]>([:])
    /// Kept small: a handful of bands and genotypes per language, unless labs report rare alleles.
    private static let limit = 2_000

    static func text(_ result: LabResult, thresholds: AATThresholds) -> String {
        let band = result.aat.map { AATBand($0, thresholds).rawValue } ?? "-"
        let key = "\(Localizer.current.language.rawValue)|\(band)|\(result.genotype?.text ?? "")|\(thresholds)"
        if let text = worded.withLock({ $0[key] }) { return text }
        let text = AATInterpretation.summary(result, thresholds: thresholds).map(t).joined(separator: " ")
        worded.withLock { cache in
            if cache.count >= limit { cache.removeAll() }
            cache[key] = text
        }
        return text
    }
}
