import Benchmark
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

/// Issue 26's target: the password-protected PDF report of a year for the heavy demo person (five
/// years, ≈ 2.7 million records, minute-level heart rate) in under a second, from reading the days
/// to the encrypted bytes. The month, the report's default, is measured beside it.
func reportBenchmarks() {
    for (name, days) in [("a year", 365), ("a month", 30)] {
        Benchmark(
            "Report: the heavy demo person's health report for \(name) (PDF, AES-256)",
            configuration: .init(
                metrics: [.wallClock, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 10)
        ) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
            let last = heavy.days[0].adding(days: -1)
            let file = try await PersonalReport(store: heavy.fixture.store).make(
                heavy.owner, first: last.adding(days: -(days - 1)), last: last, password: "Benchmark-Report-2026")
            precondition(file.bytes.count > 20_000, "a report with its charts")
            blackHole(file)
        } setup: {
            try await HeavyUser.make()
        }
    }
}
