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

    /// The pull job's key, as ``RecordJob`` makes it: to bring a planned pull forward.
    static func key(_ id: DeviceConnectionID) -> String { "\(kind):\(id)" }

    static func job(for connection: DeviceConnection, owner: UserID, at time: Date, ids: IDGenerator) -> Job {
        RecordJob.make(kind: kind, key: "connection", id: connection.id.rawValue, owner: owner, at: time, ids: ids)
    }

    func run(_ job: Job) async throws -> JobOutcome {
        guard let (owner, record) = RecordJob.record(of: job, key: "connection") else { return .done }
        guard let next = try await devices.scheduledPull(DeviceConnectionID(record), for: owner) else {
            return .done
        }
        return .later(next)
    }
}
