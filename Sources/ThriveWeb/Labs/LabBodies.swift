import Foundation
import ThriveCore

/// A test kit as the API shows it to its owner.
struct TestKitBody: Codable, Sendable {
    let id: String
    let barcode: String
    let status: String
    let statusTitle: String
    let registeredAt: Date?
    /// The spec's instruction after registering, while the sample has not left.
    let instruction: String?
    /// The last day to post the sample, from registration plus 7 days.
    let sendBy: String?
    let steps: [Step]

    struct Step: Codable, Sendable {
        let status: String
        let title: String
        let reachedAt: Date?
    }

    init(_ kit: TestKit) {
        id = kit.number.digits
        barcode = kit.number.description
        status = kit.status.rawValue
        statusTitle = t(kit.status.title)
        registeredAt = kit.registeredAt
        let waiting = kit.status == .registered
        instruction = waiting ? t("labs.kit.sendWithin", ["days": "\(TestKit.sendWithinDays)"]) : nil
        sendBy =
            waiting
            ? kit.registeredAt.map { $0.addingTimeInterval(Double(TestKit.sendWithinDays) * 86_400).formatted(.iso8601) } : nil
        let reached = Dictionary(kit.history.map { ($0.status, $0.at) }, uniquingKeysWith: { first, _ in first })
        steps = KitStatus.timeline.map { Step(status: $0.rawValue, title: t($0.title), reachedAt: reached[$0]) }
    }
}

/// What the server read from a photo of a kit's label.
struct KitScanResponse: Codable, Sendable {
    /// Every Code 128 barcode found, as printed.
    let barcodes: [String]
    /// The first of them that is a kit number, if any.
    let kit: String?
}

struct KitRegistrationRequest: Codable, Sendable {
    let barcode: String
}

struct TestKitsResponse: Codable, Sendable {
    let kits: [TestKitBody]
}

/// A lab result for its owner: the level in both units, where it falls, and the summary in words.
struct LabResultBody: Codable, Sendable {
    let id: String
    let kit: String
    let testDate: String
    let aatLevel: Double?
    let aatMicromolar: Double?
    let unit: String
    let normalRange: Range
    /// criticalHigh, aboveNormal, normal, belowNormal or belowProtective.
    let band: String?
    let genotype: String?
    let interpretationSummary: String
    let labNote: String?
    let reportedAt: Date
    let pdfUrl: String?

    struct Range: Codable, Sendable {
        let min: Double
        let max: Double
    }

    init(_ result: LabResult, thresholds: AATThresholds) {
        id = result.id.rawValue.uuidString.lowercased()
        kit = result.kit.description
        testDate = result.testDate.iso8601
        aatLevel = result.aat?.reported
        aatMicromolar = result.aat.map { ($0.micromolar * 10).rounded() / 10 }
        unit = AATUnit.milligramsPerDeciliter.rawValue
        normalRange = Range(min: thresholds.normalLow, max: thresholds.normalHigh)
        band = result.aat.map { AATBand($0, thresholds).rawValue }
        genotype = result.genotype?.text
        interpretationSummary = LabSummaries.text(result, thresholds: thresholds)
        labNote = result.labNote
        reportedAt = result.reportedAt
        pdfUrl = result.hasReport ? LabAPIController.reportPath(result.id) : nil
    }
}

struct LabResultsResponse: Codable, Sendable {
    let results: [LabResultBody]
    /// The id to pass as `after` for the next page; nil on the last page.
    let nextCursor: String?
}

struct IssueKitsRequest: Codable, Sendable {
    let count: Int
    let batch: String?
    /// The e-mail of the partner account whose program the kits are for.
    let partner: String?
}

struct LabPartnersResponse: Codable, Sendable {
    let partners: [String]
}

struct IssuedKitsResponse: Codable, Sendable {
    let batch: String
    let barcodes: [String]
}

struct KitStatusRequest: Codable, Sendable {
    let status: String
}

/// A lab's kit, as the lab sees it: never whose it is.
struct LabKitBody: Codable, Sendable {
    let barcode: String
    let status: String
    let issuedAt: Date
    let registered: Bool

    init(_ kit: TestKit) {
        barcode = kit.number.description
        status = kit.status.rawValue
        issuedAt = kit.issuedAt
        registered = kit.registeredAt != nil
    }
}

struct LabKitsResponse: Codable, Sendable {
    let kits: [LabKitBody]
}

/// One result as a lab posts it (JSON).
struct LabResultPost: Codable, Sendable {
    let kit: String
    let testDate: String
    let aatLevel: Double?
    let genotype: String?
    let labNote: String?
    /// The lab's report, base64.
    let reportPdf: String?

    var submission: LabResultSubmission {
        LabResultSubmission(
            kit: kit, testDate: testDate, aatMilligramsPerDeciliter: aatLevel, genotype: genotype, labNote: labNote)
    }
}

struct LabResultsPost: Codable, Sendable {
    let results: [LabResultPost]
}

struct PostedResultsResponse: Codable, Sendable {
    let posted: Int
    let kits: [String]
}

/// A batch of kits, as the lab sees it.
struct KitBatchBody: Codable, Sendable {
    let batch: String
    let issuedAt: Date
    let kits: Int
    let registered: Int
    let resulted: Int
    let labelsUrl: String

    init(_ batch: KitBatch) {
        self.batch = batch.name
        issuedAt = batch.issuedAt
        kits = batch.kits
        registered = batch.registered
        resulted = batch.resulted
        labelsUrl = LabPortalPagesController.labelsPath(batch.name, api: true)
    }
}

struct KitBatchesResponse: Codable, Sendable {
    let batches: [KitBatchBody]
}
