import Hummingbird
import SQLKit
import ThriveCore
import ThriveStore

/// `GET /healthz`: whether the process is up and its database answers, for load balancers and
/// process managers, and how far behind the background jobs are (seconds since the oldest job due
/// and not run; 0 when none waits).
struct HealthController {
    let store: Store
    let now: Now

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ -> Response in
            let time = now()
            var healthy = true
            var lag = 0
            do {
                let oldest = try await store.read { try await $0.jobs.oldestDue(at: time) }
                lag = oldest.map { max(Int(time.timeIntervalSince($0)), 0) } ?? 0
            } catch {
                healthy = false
            }
            let body =
                healthy
                ? #"{"database":"ok","jobLagSeconds":\#(lag),"status":"ok"}"# : #"{"database":"unavailable","status":"degraded"}"#
            return Response(
                status: healthy ? .ok : .serviceUnavailable, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
