import Benchmark
import Foundation
import ThriveCore
import ThriveImport
import ThriveStore
import ThriveTestSupport
import ThriveWeb

/// Records per second an import stores.
let recordsPerSecond = BenchmarkMetric.custom("records/s", polarity: .prefersLarger, useScalingFactor: false)

/// An Apple Health export on disk, written once for all iterations.
struct ExportFixture: Sendable {
    let fixture: Fixture
    let zip: URL
    let records: Int

    static func make(days: Int, heartRatePerDay: Int, postgres: String? = nil) async throws -> ExportFixture {
        let fixture = if let postgres { try await Fixture.postgres(postgres) } else { try await Fixture.sqlite() }
        var writer = AppleHealthExportWriter(days: days, heartRatePerDay: heartRatePerDay)
        // One file per size, kept between runs (the same bytes every time).
        let zip = FileManager.default.temporaryDirectory.appendingPathComponent(
            "thrive-bench-export-\(days)x\(heartRatePerDay).zip")
        if FileManager.default.fileExists(atPath: zip.path) {
            _ = writer.xml()
        } else {
            try writer.zip(to: zip)
        }
        return ExportFixture(fixture: fixture, zip: zip, records: writer.expected.values.reduce(0, +))
    }
}

func importBenchmarks() {
    // The end-to-end import into an empty person: unzip, parse, map, identify, store (each
    // iteration a new person, so every record is new).
    func importing(_ name: String, days: Int, heartRatePerDay: Int, postgres: String? = nil) {
        Benchmark(
            "Import (\(postgres == nil ? "SQLite" : "PostgreSQL")): Apple Health export, \(name)",
            configuration: .init(
                metrics: [.wallClock, recordsPerSecond, .peakMemoryResident], warmupIterations: 0,
                maxDuration: .seconds(120), maxIterations: 3)
        ) { (benchmark: Benchmark, export: ExportFixture) async throws in
            let owner = try await export.fixture.store.write { repositories -> UserID in
                let account = Account(
                    id: UserID(UUID()), email: try EmailAddress("import-\(UUID().uuidString.prefix(8))@example.com"),
                    passwordHash: "-", createdAt: Date())
                try await repositories.accounts.create(account)
                return account.id
            }
            let clock = ContinuousClock()
            benchmark.startMeasurement()
            let elapsed = try await clock.measure {
                let outcome = try await AppleHealthImport(store: export.fixture.store).run(export.zip, for: owner)
                precondition(outcome.added == export.records, "\(outcome.added) of \(export.records)")
            }
            benchmark.stopMeasurement()
            benchmark.measurement(recordsPerSecond, Int(Double(export.records) / (Double(elapsed / .milliseconds(1)) / 1_000)))
        } setup: {
            try await ExportFixture.make(days: days, heartRatePerDay: heartRatePerDay, postgres: postgres)
        }
    }
    // Reading alone (unzip, parse, map, identify), nothing stored: the reader's own speed.
    Benchmark(
        "Import: read an Apple Health export alone, 1 year of minute heart rate, 534,600 records",
        configuration: .init(
            metrics: [.wallClock, recordsPerSecond, .peakMemoryResident], warmupIterations: 0, maxDuration: .seconds(60),
            maxIterations: 3)
    ) { (benchmark: Benchmark, export: ExportFixture) async throws in
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let elapsed = try await clock.measure {
            let stream = ExportStream(export.zip, owner: UUID())
            stream.start()
            var read = 0
            for try await batch in stream {
                read += batch.count
                stream.stored()
            }
            precondition(read == export.records, "\(read) of \(export.records)")
        }
        benchmark.stopMeasurement()
        benchmark.measurement(recordsPerSecond, Int(Double(export.records) / (Double(elapsed / .milliseconds(1)) / 1_000)))
    } setup: {
        try await ExportFixture.make(days: 365, heartRatePerDay: 1_440)
    }
    // About healthkit-to-sqlite's comparison file: a year, 34 MB of XML, 77,000 records (74,700 of types Thrive uses).
    importing("1 year, 74,700 records", days: 365, heartRatePerDay: 180)
    // A year of minute heart rate.
    importing("1 year of minute heart rate, 534,600 records", days: 365, heartRatePerDay: 1_440)
    if let url = ProcessInfo.processInfo.environment["THRIVE_BENCH_DATABASE_URL"] {
        importing("1 year, 74,700 records", days: 365, heartRatePerDay: 180, postgres: url)
    }
}
