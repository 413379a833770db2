import Foundation

public typealias LabResultID = Identifier<LabResult>

/// A lab's result for one of the person's kits: the AAT level, the genotype, or both, and the
/// lab's own report as a PDF when it sent one.
public struct LabResult: Hashable, Sendable, Identifiable {
    public let id: LabResultID
    public let owner: UserID
    public let kit: KitNumber
    /// The day the sample was taken (the spec's `testDate`).
    public let testDate: LocalDate
    public let aat: AATLevel?
    public let genotype: Genotype?
    /// When the lab posted it.
    public let reportedAt: Date
    public let hasReport: Bool
    /// The lab's words, shown as they are.
    public let labNote: String?

    public init(
        id: LabResultID, owner: UserID, kit: KitNumber, testDate: LocalDate, aat: AATLevel?, genotype: Genotype?,
        reportedAt: Date, hasReport: Bool = false, labNote: String? = nil
    ) {
        self.id = id
        self.owner = owner
        self.kit = kit
        self.testDate = testDate
        self.aat = aat
        self.genotype = genotype
        self.reportedAt = reportedAt
        self.hasReport = hasReport
        self.labNote = labNote
    }
}

extension LabResult {
    /// The largest lab report kept with a result.
    public static let maximumReportBytes = 5 * 1024 * 1024

    /// Whether `data` can be a result's report: a PDF by its signature, of at most 5 MB.
    public static func isReport(_ data: Data) -> Bool {
        data.starts(with: Array("%PDF-".utf8)) && data.count <= maximumReportBytes
    }
}

/// What a lab sends for one kit, before it is checked.
public struct LabResultSubmission: Hashable, Sendable {
    public let kit: String
    public let testDate: String
    public let aatMilligramsPerDeciliter: Double?
    public let genotype: String?
    public let labNote: String?

    public init(kit: String, testDate: String, aatMilligramsPerDeciliter: Double?, genotype: String?, labNote: String? = nil) {
        self.kit = kit
        self.testDate = testDate
        self.aatMilligramsPerDeciliter = aatMilligramsPerDeciliter
        self.genotype = genotype
        self.labNote = labNote
    }

    /// The highest AAT level accepted: no assay reads beyond this; anything more is a typo.
    public static let maximumLevel = 5_000.0

    /// The parts that hold up, or the first thing wrong, in words a lab technician can act on.
    public func validated(today: LocalDate) -> Result<(KitNumber, LocalDate, AATLevel?, Genotype?), LabSubmissionProblem> {
        guard let number = KitNumber(kit) else { return .failure(.kitNumber) }
        guard let date = LocalDate(iso8601: testDate.trimmingCharacters(in: .whitespaces)) else { return .failure(.testDate) }
        guard date <= today, date >= today.adding(days: -3_660) else { return .failure(.testDateRange) }
        let level = aatMilligramsPerDeciliter
        if let level, !(level.isFinite && level >= 0 && level <= Self.maximumLevel) { return .failure(.level) }
        let typed = genotype?.trimmingCharacters(in: .whitespaces).isEmpty == false ? genotype : nil
        let parsed = typed.flatMap(Genotype.init)
        if typed != nil, parsed == nil { return .failure(.genotype) }
        guard level != nil || parsed != nil else { return .failure(.empty) }
        if let labNote, labNote.count > 2_000 { return .failure(.note) }
        return .success((number, date, level.map(AATLevel.init(milligramsPerDeciliter:)), parsed))
    }
}

/// Why a lab's result was refused (nothing of it is stored).
public enum LabSubmissionProblem: String, Error, Sendable, CaseIterable {
    case kitNumber, testDate, testDateRange, level, genotype, empty, note
    /// A CSV row with more or fewer fields than its header.
    case columns
    /// The kit was never issued.
    case unknownKit
    /// Issued, but nobody registered it: there is no one to give the result to.
    case unregisteredKit
    /// The kit already has its result.
    case alreadyResulted

    public var phrase: Phrase { Phrase("labs.problem.\(rawValue)") }
}
