import Foundation
import ThriveCore
import ThriveStore

/// Spec 004's safety monitor as data arrives: every upload of samples leaves a job, in its own
/// transaction, that evaluates the person's alerts right after the commit (within a second, by the
/// runner), so an alert opens, and is a critical notification, without anyone opening a page.
struct SafetyEvaluationJob: JobHandler {
    let engines: HealthEngineService
    static let kind = "evaluateAlerts"
    var kind: String { Self.kind }

    /// The job an upload leaves: one per upload (its id is the key), due at once.
    static func job(for owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        let id = JobID(ids.uuid())
        return Job(id: id, kind: kind, owner: owner, dueAt: time, idempotencyKey: "\(kind):\(id)")
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner else { return .done }
        _ = try await engines.alerts(owner)
        return .done
    }
}
