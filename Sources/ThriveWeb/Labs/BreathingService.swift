import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Breathing symptoms logged between tests, for the results' timeline (spec 001).
struct BreathingService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator

    /// Stores a log for `day` (today in the person's zone when nil).
    func log(
        _ owner: UserID, day: LocalDate?, severities: [BreathingSymptom: SymptomSeverity], note: String?
    ) async throws -> BreathingLog {
        let time = now()
        let ids = self.ids
        return try await store.write { repositories in
            let records = repositories.records(of: owner)
            let today = LocalDate(time, in: try await records.timeZone())
            let note = note?.trimmingCharacters(in: .whitespacesAndNewlines).nonEmpty
            let day = day ?? today
            if let problem = BreathingLog.check(day: day, today: today, note: note) {
                throw ValidationError(field: problem.rawValue, message: t(problem.phrase))
            }
            let log = BreathingLog(
                id: BreathingLogID(ids.uuid()), day: day, recordedAt: time, severities: severities, note: note)
            try await records.breathing.add(log)
            return log
        }
    }

    func latest(_ owner: UserID, limit: Int = 30) async throws -> [BreathingLog] {
        try await store.read { try await $0.records(of: owner).breathing.latest(limit: limit) }
    }

    func delete(_ owner: UserID, _ id: BreathingLogID) async throws {
        guard try await store.write({ try await $0.records(of: owner).breathing.delete(id) }) else {
            throw AppError.notFound(t("breathing.none"))
        }
    }

    /// "Cough moderate, wheeze mild", worst first; "No symptoms" for a good day.
    static func summary(_ log: BreathingLog) -> String {
        let felt = log.felt
        guard !felt.isEmpty else { return t("breathing.noSymptoms") }
        return felt.map {
            t("breathing.felt", ["symptom": t($0.0.title), "severity": t($0.1.title).lowercased(with: Localizer.current.locale)])
        }
        .joined(separator: t("breathing.separator"))
    }
}
