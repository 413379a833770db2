import Foundation
import ThriveCore
import ThriveStore

extension DeviceServices {
    /// "Sync now": the connection's pull job, due at once. A connection that needs the person to
    /// connect again cannot be pulled.
    func syncNow(_ provider: DeviceProvider, for owner: UserID) async throws -> DeviceConnection {
        let time = now()
        let ids = self.ids
        return try await store.write { repositories in
            guard let connection = try await repositories.records(of: owner).devices.get(provider) else {
                throw AppError.notFound(t("devices.notConnected", ["provider": provider.brand]))
            }
            guard connection.state == .active else {
                throw AppError(
                    status: .conflict, code: "reconnect_needed",
                    message: t("devices.reconnect", ["provider": provider.brand]))
            }
            // Running right now: that pull is the one asked for. (Two at once must never happen:
            // each spends the refresh token the other holds.)
            if try await !repositories.jobs.bringForward(idempotencyKey: DevicePullJob.key(connection.id), to: time) {
                try await repositories.jobs.enqueue(DevicePullJob.job(for: connection, owner: owner, at: time, ids: ids))
            }
            return connection
        }
    }
}
