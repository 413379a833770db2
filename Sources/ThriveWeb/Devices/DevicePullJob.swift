import Foundation
import ThriveCore
import ThriveStore

/// Pulls one connection every 30 minutes, for as long as it lasts: one job per connection, which
/// reschedules itself after each pull (later after failures, as ``PullSchedule`` says) and ends
/// when the connection is removed or needs the person to connect again. "Sync now" brings it
/// forward.
struct DevicePullJob: JobHandler {
    let devices: DeviceServices

    static let kind = "devicePull"
    var kind: String { Self.kind }
    /// A first pull reads a month from a provider that may be slow: it must not hold up reminders.
    var runsLong: Bool { true }

    struct Payload: Codable {
        let connection: UUID
    }

    static func key(_ id: DeviceConnectionID) -> String { "\(kind):\(id)" }

    static func job(for connection: DeviceConnection, owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        let payload = String(decoding: try! JSONEncoder().encode(Payload(connection: connection.id.rawValue)), as: UTF8.self)
        return Job(
            id: JobID(ids.uuid()), kind: kind, owner: owner, dueAt: time, payload: payload, idempotencyKey: key(connection.id))
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let owner = job.owner, let payload = try? JSONDecoder().decode(Payload.self, from: Data(job.payload.utf8))
        else { return .done }
        guard let next = try await devices.scheduledPull(DeviceConnectionID(payload.connection), for: owner) else {
            return .done
        }
        return .later(next)
    }
}
