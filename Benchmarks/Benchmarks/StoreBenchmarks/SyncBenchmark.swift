import Benchmark
import Foundation
import HummingbirdTesting
import NIOCore
import Synchronization
import ThriveCore
import ThriveStore
import ThriveSync
import ThriveSyncClient
import ThriveWeb

let syncServerMicroseconds = BenchmarkMetric.custom("server µs", polarity: .prefersSmaller, useScalingFactor: false)
let syncSnapshotBytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)
/// Of the sync, the time in requests: the server's work, HTTP, and JSON both ways.
let syncRequestMilliseconds = BenchmarkMetric.custom("in requests ms", polarity: .prefersSmaller, useScalingFactor: false)
/// From the first request to the last answer applied on the device (queueing excluded).
let syncMilliseconds = BenchmarkMetric.custom("sync ms", polarity: .prefersSmaller, useScalingFactor: false)
let changesPerSecond = BenchmarkMetric.custom("changes/s", polarity: .prefersLarger, useScalingFactor: false)

/// A device that is current asks for the offline snapshot (the Deep dashboard, 7 days of figures,
/// 20 insights) `requests` times through the router; each answer's server time is recorded.
func measureOfflineSnapshot(_ benchmark: Benchmark, heavy: HeavyUser, requests: Int) async throws {
    let app = try await benchmarkApplication(heavy)
    let (times, bytes) = try await app.test(.router) { client -> ([Int], Int) in
        let (_, bearer) = try await logIn(client)
        func sync(_ body: String) async throws -> TestResponse {
            let response = try await client.execute(
                uri: "/api/v1/mobile/sync", method: .post,
                headers: [.authorization: "Bearer \(bearer)", .contentType: "application/json"], body: ByteBuffer(string: body))
            precondition(response.status == .ok, "sync answered \(response.status): \(String(buffer: response.body))")
            return response
        }
        // Catch up first (not timed): the device holds everything up to the cursor.
        var cursor: Int64 = 0
        while true {
            let page = try JSONDecoder().decode(
                SyncResponse.self, from: Data(buffer: try await sync(#"{"cursor":\#(cursor),"changes":[],"limit":2000}"#).body))
            cursor = page.cursor
            if !page.more { break }
        }
        return try await timedRequests(requests) {
            let response = try await sync(#"{"cursor":\#(cursor),"changes":[],"snapshot":true}"#)
            precondition(String(buffer: response.body).contains(#""snapshot":{"#), "the snapshot came")
            return response
        }
    }
    for time in times { benchmark.measurement(syncServerMicroseconds, time) }
    benchmark.measurement(syncSnapshotBytes, bytes)
}

/// The demo person's year on a server listening on loopback, and a device that has synced it once.
struct QueuedChangesFixture: Sendable {
    let heavy: Fixture
    let folder: URL

    static func make() async throws -> QueuedChangesFixture {
        let fixture = try await Fixture.sqlite()
        _ = try await DemoSeeder(store: fixture.store, hasher: BcryptPasswordHasher(cost: 4))
            .ensure(refresh: true, scale: .standard, timeZone: TimeZone(identifier: "Europe/London")!)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-bench-device-\(UUID().uuidString)")
        return QueuedChangesFixture(heavy: fixture, folder: folder)
    }
}

/// `count` mood check-ins queued on a device that is otherwise current, then one `sync()` of the
/// Swift client over HTTP to the server on 127.0.0.1, timed from the first request to the last
/// answer applied to the device's database.
func measureQueuedChanges(_ benchmark: Benchmark, fixture: QueuedChangesFixture, count: Int) async throws {
    var logger = Fixture.quiet
    logger.logLevel = .error
    let dependencies = AppDependencies(
        store: fixture.heavy.store, now: .system, ids: .random, hasher: BcryptPasswordHasher(cost: 4), logger: logger)
    let app = try await buildApplication(AppConfiguration(), dependencies: dependencies)
    let (elapsed, inRequests) = try await app.test(.live) { client -> (Duration, Duration) in
        let server = URL(string: "http://127.0.0.1:\(client.port!)")!
        let token = try await HTTPSyncTransport.logIn(
            server: server, email: DemoPerson.email.value, password: DemoPerson.password)
        let path = fixture.folder.appendingPathComponent("\(UUID().uuidString).sqlite").path
        let store = try await LocalSyncStore.open(path: path)
        let timed = TimedTransport(inner: HTTPSyncTransport(server: server, token: token))
        let device = SyncClient(store: store, transport: timed)
        try await device.sync()
        let start = Date(timeIntervalSinceNow: -86_400 * 30)
        for index in 0..<count {
            let at = ISO8601DateFormatter().string(from: start.addingTimeInterval(Double(index) * 60))
            try await device.save(
                .moodCheckIn,
                fields: .object([
                    "recordedAt": .string(at), "mood": .number(Double(1 + index % 5)),
                    "note": .string("Queued offline, \(index)"),
                ]))
        }
        timed.total.withLock { $0 = .zero }
        let queued = try await device.queued()
        precondition(queued == count)
        let elapsed = try await ContinuousClock().measure {
            let report = try await device.sync()
            precondition(report.applied == count, "every change applied: \(report)")
        }
        try await store.close()
        return (elapsed, timed.total.withLock { $0 })
    }
    benchmark.measurement(syncRequestMilliseconds, Int(inRequests / .milliseconds(1)))
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    benchmark.measurement(syncMilliseconds, Int(seconds * 1000))
    benchmark.measurement(changesPerSecond, Int(Double(count) / seconds))
}

/// The HTTP transport, adding up the time spent in requests (the server, HTTP and JSON both ways).
final class TimedTransport: SyncTransport {
    let inner: HTTPSyncTransport
    let total = Mutex(Duration.zero)

    init(inner: HTTPSyncTransport) { self.inner = inner }

    func send(_ request: SyncRequest) async throws -> SyncResponse {
        var response: SyncResponse?
        let elapsed = try await ContinuousClock().measure { response = try await inner.send(request) }
        total.withLock { $0 += elapsed }
        return response!
    }
}
