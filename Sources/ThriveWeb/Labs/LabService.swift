import Foundation
import Hummingbird
import ThriveCore
import ThriveReports
import ThriveStore

/// Test kits and lab results (spec 001): a person registers a kit and reads their results; a lab
/// issues kits, moves them along and posts results, each result telling its owner and raising the
/// alerts its AAT level calls for.
struct LabService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let engines: HealthEngineService

    var thresholds: AATThresholds { engines.aatThresholds }

    /// A photo of the kit's label, as uploaded.
    struct KitPhoto: Sendable {
        let bytes: Data
        let mediaType: ImageMediaType
    }

    // MARK: The person

    /// Registers a scanned or typed kit number as the person's. The spec's own words for each refusal.
    func register(_ text: String, photo: KitPhoto?, for owner: UserID) async throws -> TestKit {
        guard let number = KitNumber(text) else { throw Self.notAKit }
        let time = now()
        let outcome = try await store.write { repositories in
            let zone = try await repositories.records(of: owner).timeZone()
            let registration = try await repositories.records(of: owner).labs.register(
                number, at: time, photo: photo.map { ($0.bytes, $0.mediaType.rawValue) })
            return (registration, zone)
        }
        switch outcome.0 {
        case .registered(let kit): return kit
        case .notIssued: throw Self.notAKit
        case .alreadyRegistered(let date):
            throw AppError(
                status: .conflict, code: "kit_already_registered",
                message: t("labs.kit.alreadyRegistered", ["date": DisplayFormat.date(date, in: outcome.1)]), field: "barcode")
        }
    }

    static var notAKit: AppError {
        AppError(status: .unprocessableContent, code: "not_a_kit", message: t("labs.kit.notAKit"), field: "barcode")
    }

    func kits(_ owner: UserID) async throws -> [TestKit] {
        try await store.read { try await $0.records(of: owner).labs.kits() }
    }

    /// A page of results, latest test first, and whether more follow.
    func results(_ owner: UserID, after cursor: LabResultID?, limit: Int) async throws -> (results: [LabResult], more: Bool) {
        try await store.read { repositories in
            let labs = repositories.records(of: owner).labs
            var after: LabResult?
            if let cursor {
                guard let found = try await labs.result(cursor) else {
                    throw AppError.badRequest(t("labs.badCursor"), field: "after")
                }
                after = found
            }
            let page = try await labs.results(after: after, limit: limit + 1)
            return (Array(page.prefix(limit)), page.count > limit)
        }
    }

    func result(_ owner: UserID, _ id: LabResultID) async throws -> LabResult {
        guard let result = try await store.read({ try await $0.records(of: owner).labs.result(id) }) else {
            throw AppError.notFound(t("labs.noResult"))
        }
        return result
    }

    func report(_ owner: UserID, _ id: LabResultID) async throws -> Data {
        guard let pdf = try await store.read({ try await $0.records(of: owner).labs.report(id) }) else {
            throw AppError.notFound(t("labs.noReport"))
        }
        return pdf
    }

    /// Every result of the owner as a FHIR R4 Bundle, latest first.
    func fhirBundle(_ owner: UserID) async throws -> FHIR.Bundle {
        let (results, profile) = try await store.read { repositories in
            let records = repositories.records(of: owner)
            return (try await records.labs.results(after: nil, limit: 10_000), try await records.profile.get() ?? Profile())
        }
        return LabFHIR.bundle(results, person: Self.fhirPerson(owner, profile), thresholds: thresholds, at: now())
    }

    static func fhirPerson(_ owner: UserID, _ profile: Profile) -> LabFHIR.Person {
        LabFHIR.Person(
            id: owner.rawValue, name: profile.displayName, birthDate: profile.dateOfBirth?.iso8601,
            gender: profile.sex.map { $0 == .female ? "female" : $0 == .male ? "male" : "other" })
    }

    // MARK: The lab

    /// Refuses anyone without `role` (403, saying which role the page needs).
    func require(_ role: AccountRole, _ user: UserID) async throws {
        guard try await store.read({ try await $0.creators.roles(of: user) }).contains(role) else {
            throw AppError(status: .forbidden, code: "forbidden", message: t("labs.role.\(role.rawValue)"))
        }
    }

    /// The lab's latest kits, newest first.
    func recentKits(limit: Int, by lab: UserID) async throws -> [TestKit] {
        try await require(.lab, lab)
        return try await store.read { try await $0.testKits.recent(limit: limit) }
    }

    /// The lab's batches, newest first.
    func batches(by lab: UserID) async throws -> [KitBatch] {
        try await require(.lab, lab)
        return try await store.read { try await $0.testKits.batches(limit: 100) }
    }

    /// The printable label sheet of a batch (A4, 21 labels a page).
    func labels(batch name: String, by lab: UserID) async throws -> [UInt8] {
        try await require(.lab, lab)
        let kits = try await store.read { try await $0.testKits.batch(name) }
        guard !kits.isEmpty else { throw AppError.notFound(t("labs.portal.noBatch")) }
        return try KitLabelSheet.pdf(
            kits.map(\.number.description), heading: t("labs.label.heading", ["batch": name]),
            title: t("labs.label.title", ["batch": name]))
    }

    /// The most kits one batch may issue: a sheet run, not a typo of zeros.
    static let batchLimit = 1_000

    /// Issues a batch, for a partner's program when `partner` names a partner account by e-mail.
    func issue(count: Int, batch: String?, partner: String? = nil, by lab: UserID) async throws
        -> (batch: String, numbers: [KitNumber])
    {
        try await require(.lab, lab)
        guard (1...Self.batchLimit).contains(count) else {
            throw ValidationError(field: "count", message: t("labs.issue.count", ["max": "\(Self.batchLimit)"]))
        }
        let time = now()
        let name = batch?.trimmingCharacters(in: .whitespaces).nonEmpty ?? Self.batchName(time)
        guard name.count <= 60 else { throw ValidationError(field: "batch", message: t("labs.issue.batchName")) }
        let ids = self.ids
        let chosen = partner?.trimmingCharacters(in: .whitespaces).nonEmpty?.lowercased()
        let numbers = try await store.write { repositories in
            var partnerID: UserID?
            if let chosen {
                guard let found = try await repositories.partners.partners().first(where: { $0.email == chosen }) else {
                    throw ValidationError(field: "partner", message: t("labs.issue.partner"))
                }
                partnerID = found.id
            }
            return try await repositories.testKits.issue(count: count, batch: name, for: partnerID, at: time, ids: ids)
        }
        return (name, numbers.sorted())
    }

    /// The partner accounts a batch may be issued for, by e-mail.
    func partners(by lab: UserID) async throws -> [String] {
        try await require(.lab, lab)
        return try await store.read { try await $0.partners.partners().map(\.email) }
    }

    /// `2026-11-27 14:05`: a batch's default name, the time it was issued (UTC).
    static func batchName(_ time: Date) -> String {
        String(time.formatted(.iso8601).prefix(16)).replacingOccurrences(of: "T", with: " ")
    }

    /// Moves a kit along (shipped, received, processing): 409 when it cannot go there from where it is.
    func move(_ text: String, to status: String, by lab: UserID) async throws -> TestKit {
        try await require(.lab, lab)
        guard let number = KitNumber(text) else { throw Self.notAKit }
        guard let next = KitStatus(rawValue: status), [.shipped, .receivedAtLab, .processing].contains(next) else {
            throw ValidationError(field: "status", message: t("labs.move.status"))
        }
        let time = now()
        let kit = try await store.write { repositories -> TestKit? in
            guard try await repositories.testKits.move(number, to: next, at: time) else { return nil }
            return try await repositories.testKits.kit(number)
        }
        guard let kit else {
            throw AppError(status: .conflict, code: "kit_not_movable", message: t("labs.move.notMovable"), field: "status")
        }
        return kit
    }

    /// Posts results, all or none: every submission is checked (the kit issued, registered and
    /// without a result) before anything is written; a refused one names its row and reason. Each
    /// owner is told their result is ready, and their lab alerts are evaluated after the commit.
    func post(_ submissions: [(LabResultSubmission, report: Data?)], by lab: UserID) async throws -> [LabResult] {
        try await require(.lab, lab)
        let time = now()
        let ids = self.ids
        let posted = try await store.write { repositories -> [LabResult] in
            let checked = try await Self.check(submissions.map(\.0), repositories: repositories, today: LocalDate(time, in: .gmt))
            var results: [LabResult] = []
            for (row, outcome) in checked.enumerated() {
                switch outcome {
                case .failure(let problem): throw Self.refusal(problem, row: row, of: submissions.count)
                case .success(let checked):
                    let submission = submissions[row].0
                    results.append(
                        LabResult(
                            id: LabResultID(ids.uuid()), owner: checked.owner, kit: checked.kit, testDate: checked.date,
                            aat: checked.level, genotype: checked.genotype, reportedAt: time,
                            hasReport: submissions[row].report != nil,
                            labNote: submission.labNote?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty))
                }
            }
            for (result, submission) in zip(results, submissions) {
                try await repositories.testKits.post(
                    result, report: submission.report,
                    finding: ProgramFinding.isFinding(result, protective: thresholds.protective))
                try await NotificationDispatch.notify(
                    NotificationEntry(
                        id: NotificationID(ids.uuid()), kind: .testResult, key: "lab-result:\(result.id)",
                        title: Phrase("notification.labResult.title"), body: Phrase("notification.labResult.body"),
                        link: LabPagesController.resultPath(result.id), createdAt: time),
                    in: repositories, owner: result.owner, now: time, ids: ids)
            }
            return results
        }
        try await engines.labAlerts(after: posted)
        return posted
    }

    /// What each submission would come to, nothing written: nil where it would be posted, else why
    /// not. The lab's preview of a CSV upload.
    func preview(_ submissions: [LabResultSubmission], by lab: UserID) async throws -> [LabSubmissionProblem?] {
        try await require(.lab, lab)
        let today = LocalDate(now(), in: .gmt)
        return try await store.read { repositories in
            try await Self.check(submissions, repositories: repositories, today: today).map { outcome in
                if case .failure(let problem) = outcome { return problem }
                return nil
            }
        }
    }

    private struct Checked {
        let kit: KitNumber
        let owner: UserID
        let date: LocalDate
        let level: AATLevel?
        let genotype: Genotype?
    }

    /// Every submission checked on its own and against the kits as they are; the kits are read in
    /// one go, so a batch of thousands costs a few queries, not thousands.
    private static func check(
        _ submissions: [LabResultSubmission], repositories: Repositories, today: LocalDate
    ) async throws -> [Result<Checked, LabSubmissionProblem>] {
        let validated = submissions.map { $0.validated(today: today) }
        let numbers = validated.compactMap { try? $0.get().0 }
        let kits = try await repositories.testKits.kits(numbers)
        var seen: Set<KitNumber> = []
        return validated.map { outcome in
            switch outcome {
            case .failure(let problem): return .failure(problem)
            case .success(let (number, date, level, genotype)):
                guard seen.insert(number).inserted else { return .failure(.alreadyResulted) }
                guard let kit = kits[number] else { return .failure(.unknownKit) }
                guard let owner = kit.owner, kit.registeredAt != nil else { return .failure(.unregisteredKit) }
                guard kit.status != .resultsReady else { return .failure(.alreadyResulted) }
                return .success(Checked(kit: number, owner: owner, date: date, level: level, genotype: genotype))
            }
        }
    }

    /// A refused submission: its reason, and its row when several were sent.
    private static func refusal(_ problem: LabSubmissionProblem, row: Int, of count: Int) -> AppError {
        let reason = t(problem.phrase)
        let message = count > 1 ? t("labs.post.row", ["row": "\(row + 1)", "reason": reason]) : reason
        let status: HTTPResponse.Status =
            [.unknownKit, .unregisteredKit, .alreadyResulted].contains(problem)
            ? .conflict : .unprocessableContent
        return AppError(
            status: status, code: "result_refused", message: message, field: count > 1 ? "results[\(row)]" : problem.field)
    }
}

extension LabSubmissionProblem {
    /// The field of the submission at fault.
    var field: String {
        switch self {
        case .kitNumber, .unknownKit, .unregisteredKit, .alreadyResulted: "kit"
        case .testDate, .testDateRange: "testDate"
        case .level: "aatLevel"
        case .genotype: "genotype"
        case .empty, .columns: "aatLevel"
        case .note: "labNote"
        }
    }
}

extension String {
    /// Nil for an empty string.
    var nonEmpty: String? { isEmpty ? nil : self }
}
