import Benchmark
import Foundation
import HummingbirdTesting
import NIOCore
import ThriveWeb

/// Server time and size of answers through the router (charts, habits), for the heavy person.
let requestMicroseconds = BenchmarkMetric.custom("server µs", polarity: .prefersSmaller, useScalingFactor: false)
let answerBytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)

/// Asks for `path` `requests` times with the person's token, recording each answer's time and the
/// size of the last one.
func measureRequests(_ benchmark: Benchmark, heavy: HeavyUser, path: String, requests: Int) async throws {
    let app = try await benchmarkApplication(heavy)
    let (times, bytes) = try await app.test(.router) { client -> ([Int], Int) in
        let (_, bearer) = try await logIn(client)
        return try await timedRequests(requests) {
            let response = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(bearer)"])
            precondition(response.status == .ok, "\(path) answered \(response.status)")
            return response
        }
    }
    for time in times { benchmark.measurement(requestMicroseconds, time) }
    benchmark.measurement(answerBytes, bytes)
}

/// Makes `count` requests one after another; each one's time in microseconds, and the size of the
/// last answer.
func timedRequests(_ count: Int, _ request: () async throws -> TestResponse) async throws -> ([Int], Int) {
    let clock = ContinuousClock()
    var times: [Int] = []
    var bytes = 0
    for _ in 0..<count {
        var response: TestResponse?
        let elapsed = try await clock.measure { response = try await request() }
        bytes = response?.body.readableBytes ?? 0
        times.append(Int(elapsed / .microseconds(1)))
    }
    return (times, bytes)
}
