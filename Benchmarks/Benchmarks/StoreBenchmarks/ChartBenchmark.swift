import Benchmark
import Foundation
import HummingbirdTesting
import NIOCore
import ThriveWeb

/// Server time and size of chart answers through the router, for the heavy person's year.
let chartMicroseconds = BenchmarkMetric.custom("server µs", polarity: .prefersSmaller, useScalingFactor: false)
let chartBytes = BenchmarkMetric.custom("bytes", polarity: .prefersSmaller, useScalingFactor: false)

/// Asks for `path` `requests` times with the person's token, recording each answer's time and the
/// size of the last one.
func measureChart(_ benchmark: Benchmark, heavy: HeavyUser, path: String, requests: Int) async throws {
    let app = try await benchmarkApplication(heavy)
    let (times, bytes) = try await app.test(.router) { client -> ([Int], Int) in
        let (_, bearer) = try await logIn(client)
        let clock = ContinuousClock()
        var times: [Int] = []
        var bytes = 0
        for _ in 0..<requests {
            var response: TestResponse?
            let elapsed = try await clock.measure {
                response = try await client.execute(uri: path, method: .get, headers: [.authorization: "Bearer \(bearer)"])
            }
            precondition(response?.status == .ok, "\(path) answered \(String(describing: response?.status))")
            bytes = response?.body.readableBytes ?? 0
            times.append(Int(elapsed / .microseconds(1)))
        }
        return (times, bytes)
    }
    for time in times { benchmark.measurement(chartMicroseconds, time) }
    benchmark.measurement(chartBytes, bytes)
}
