import Foundation
import ThriveCore
import ThriveStore

extension PartnerProgram: PersonDocument {
    public static let documentKind = "partnerProgram"
    public init() { self.init(monthlyTarget: nil) }
}

/// The partner portal (spec 001): a wellness coordinator's program in de-identified aggregates.
/// Everything a partner reads comes through ``PartnerDashboard``, which hides small groups.
struct PartnerService: Sendable {
    let store: Store
    let now: Now
    let labs: LabService

    func dashboard(_ partner: UserID) async throws -> PartnerDashboard {
        try await labs.require(.partner, partner)
        let time = now()
        return try await store.read { repositories in
            let records = repositories.records(of: partner)
            let periods = ProgramPeriods(at: time, in: try await records.timeZone())
            let program = try await records.documents.get(PartnerProgram.self) ?? PartnerProgram()
            let counts = try await repositories.partners.enrollment(of: partner, over: periods)
            return PartnerDashboard(counts, periods: periods, program: program)
        }
    }

    func program(_ partner: UserID) async throws -> PartnerProgram {
        try await labs.require(.partner, partner)
        return try await store.read { try await $0.records(of: partner).documents.get(PartnerProgram.self) } ?? PartnerProgram()
    }

    func save(_ program: PartnerProgram, for partner: UserID) async throws {
        try await labs.require(.partner, partner)
        if let problem = program.problem { throw ValidationError(field: problem.field, message: t(problem.phrase)) }
        let time = now()
        try await store.write { try await $0.records(of: partner).documents.save(program, at: time) }
    }
}
