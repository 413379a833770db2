import Foundation
import ThriveCore

/// A job about one record of a person's (an import to run, an export to build): the record's id
/// under `key` in the payload, one job per record however often it is asked for.
enum RecordJob {
    static func make(kind: String, key: String, id: UUID, owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        Job(
            id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: time, payload: #"{"\#(key)":"\#(id.uuidString)"}"#,
            idempotencyKey: "\(kind):\(id.uuidString.lowercased())")
    }

    /// The job's owner and record, or nil for a payload this job never wrote.
    static func record(of job: Job, key: String) -> (owner: UserID, id: UUID)? {
        guard let owner = job.owner,
            let payload = try? JSONSerialization.jsonObject(with: Data(job.payload.utf8)) as? [String: Any],
            let text = payload[key] as? String, let id = UUID(uuidString: text)
        else { return nil }
        return (owner, id)
    }
}
