import Benchmark
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

/// The most memory the process held while the export ran, in megabytes (Linux's VmHWM, reset just
/// before it: the heavy person's seeding, which needs more, does not count).
let exportPeakMegabytes = BenchmarkMetric.custom("peak RSS MB", polarity: .prefersSmaller, useScalingFactor: false)
let exportZipMegabytes = BenchmarkMetric.custom("ZIP MB", polarity: .prefersSmaller, useScalingFactor: false)

/// Issue 26's target: the heavy demo person's export (five years, ≈ 2.7 million records) at
/// 200,000 records a second or more, with memory flat (under 200 MB).
func exportBenchmarks() {
    Benchmark(
        "Export: everything of the heavy demo person (5 years, ~2.7 M records) as ZIP with JSON, CSV and FHIR",
        configuration: .init(
            metrics: [.wallClock, rowsPerSecond, exportPeakMegabytes, exportZipMegabytes], warmupIterations: 0,
            maxDuration: .seconds(120), maxIterations: 2)
    ) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-export-bench-\(UUID())")
        defer { try? FileManager.default.removeItem(at: folder) }
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        resetPeakMemory()
        let clock = ContinuousClock()
        var written: PersonalExport.Written?
        benchmark.startMeasurement()
        let elapsed = try await clock.measure {
            written = try await PersonalExport(store: heavy.fixture.store).write(
                heavy.owner, to: folder.appendingPathComponent("export.zip"), workFolder: folder.appendingPathComponent("work"))
        }
        benchmark.stopMeasurement()
        let records = written?.records ?? 0
        precondition(records > 2_500_000, "the whole heavy person")
        benchmark.measurement(rowsPerSecond, Int(Double(records) / (Double(elapsed / .milliseconds(1)) / 1000)))
        benchmark.measurement(exportPeakMegabytes, peakMemoryMegabytes())
        benchmark.measurement(exportZipMegabytes, (written?.bytes ?? 0) / 1_048_576)
    } setup: {
        try await HeavyUser.make()
    }
}

/// Resets the kernel's record of this process's peak resident memory (Linux 4.0+).
private func resetPeakMemory() {
    try? "5".write(toFile: "/proc/self/clear_refs", atomically: false, encoding: .utf8)
}

/// The peak resident memory since the reset, in megabytes.
private func peakMemoryMegabytes() -> Int {
    guard let status = try? String(contentsOfFile: "/proc/self/status", encoding: .utf8),
        let line = status.split(separator: "\n").first(where: { $0.hasPrefix("VmHWM:") }),
        let kilobytes = Int(line.split(separator: " ", omittingEmptySubsequences: true).dropFirst().first ?? "")
    else { return 0 }
    return kilobytes / 1024
}
