import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Links a person gives a provider to read chosen lab results: made with an expiry, listed with
/// every opening, revoked at any time; opened without an account by whoever holds the link.
struct LabShareService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let labs: LabService

    /// Makes a link; the token is returned this once (only its hash is kept).
    func create(_ owner: UserID, results: [LabResultID]?, days: Int, label: String?) async throws -> (LabShare, token: String) {
        guard let duration = LabShare.Duration(rawValue: days) else {
            throw ValidationError(
                field: "days",
                message: t(
                    "labs.share.days", ["days": LabShare.Duration.allCases.map { "\($0.rawValue)" }.joined(separator: ", ")]))
        }
        let label = label?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
        if let label, label.count > LabShare.maximumLabel {
            throw ValidationError(field: "label", message: t("labs.share.label", ["max": "\(LabShare.maximumLabel)"]))
        }
        if let results {
            guard !results.isEmpty, results.count <= LabShare.maximumResults else {
                throw ValidationError(field: "results", message: t("labs.share.choose"))
            }
        }
        let time = now()
        let share = LabShare(
            id: LabShareID(ids.uuid()), owner: owner, label: label, results: results.map { Array(Set($0)) }, createdAt: time,
            expiresAt: time.addingTimeInterval(duration.seconds))
        let token = SecretTokens.make()
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            for id in share.results ?? [] where try await records.labs.result(id) == nil {
                throw ValidationError(field: "results", message: t("labs.share.notYours"))
            }
            try await records.labShares.create(share, tokenHash: SecretTokens.hash(token))
        }
        return (share, token)
    }

    func shares(_ owner: UserID) async throws -> [LabShare] {
        try await store.read { try await $0.records(of: owner).labShares.shares() }
    }

    func revoke(_ owner: UserID, _ id: LabShareID) async throws {
        let time = now()
        guard try await store.write({ try await $0.records(of: owner).labShares.revoke(id, at: time) }) else {
            throw AppError.notFound(t("labs.share.none"))
        }
    }

    /// What a link shows, its opening recorded in the same transaction: refused alike whether the
    /// link never existed, expired or was revoked (410), so a guess learns nothing. With `report`,
    /// the opening is of that result's PDF, recorded only when the link shows it and it has one.
    func open(_ token: String, kind: LabShareView.Kind, report: LabResultID? = nil) async throws -> SharedResults {
        guard SecretTokens.looksValid(token) else { throw Self.gone }
        let time = now()
        return try await store.write { repositories in
            guard let share = try await repositories.labShareLinks.share(tokenHash: SecretTokens.hash(token)),
                share.state(at: time) == .active
            else { throw Self.gone }
            let records = repositories.records(of: share.owner)
            let results = try await records.labs.results(after: nil, limit: 10_000).filter { share.shows($0.id) }
            if let report, results.first(where: { $0.id == report })?.hasReport != true {
                throw AppError.notFound(t("labs.noReport"))
            }
            try await repositories.labShareLinks.recordView(share, kind: kind, at: time)
            let profile = try await records.profile.get() ?? Profile()
            return SharedResults(share: share, results: results, name: profile.displayName, profile: profile)
        }
    }

    /// A result's PDF through a link that shows it.
    func report(_ token: String, _ id: LabResultID) async throws -> (Data, LabResult) {
        let shared = try await open(token, kind: .pdf, report: id)
        guard let result = shared.results.first(where: { $0.id == id }),
            let pdf = try await store.read({ try await $0.records(of: shared.share.owner).labs.report(id) })
        else { throw AppError.notFound(t("labs.noReport")) }
        return (pdf, result)
    }

    /// The shown results as FHIR R4, through a link.
    func fhir(_ token: String) async throws -> FHIR.Bundle {
        let shared = try await open(token, kind: .fhir)
        return LabFHIR.bundle(
            shared.results, person: LabService.fhirPerson(shared.share.owner, shared.profile), thresholds: labs.thresholds,
            at: now())
    }

    static var gone: AppError { AppError(status: .gone, code: "share_gone", message: t("labs.share.gone")) }
}

/// A link's results as its holder sees them.
struct SharedResults: Sendable {
    let share: LabShare
    let results: [LabResult]
    let name: String?
    let profile: Profile
}
