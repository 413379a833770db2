import Hummingbird
import SQLKit
import ThriveStore

/// `GET /healthz`: whether the process is up and its database answers, for load balancers and
/// process managers.
struct HealthController {
    let store: Store

    struct Health: ResponseEncodable {
        let status: String
        let database: String
    }

    func addRoutes(to router: Router<AppRequestContext>) {
        router.get("healthz") { _, _ -> Response in
            let healthy = (try? await store.database.read { try await $0.raw("SELECT 1").run() }) != nil
            let body = healthy ? #"{"database":"ok","status":"ok"}"# : #"{"database":"unavailable","status":"degraded"}"#
            return Response(
                status: healthy ? .ok : .serviceUnavailable, headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: body)))
        }
    }
}
