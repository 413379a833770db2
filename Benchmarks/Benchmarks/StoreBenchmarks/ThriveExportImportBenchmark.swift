import Benchmark
import Foundation
import ThriveCore
import ThriveStore
import ThriveWeb

/// Moving to another server: the heavy demo person's export (five years, ≈ 2.7 million records)
/// brought into a new account on the same store, in one transaction. No target in an issue; the
/// number tells how long a person waits.
func thriveExportImportBenchmarks() {
    Benchmark(
        "Import: the heavy demo person's Thrive export (~2.7 M records) into a new account",
        configuration: .init(
            metrics: [.wallClock, rowsPerSecond], warmupIterations: 0, maxDuration: .seconds(300), maxIterations: 1)
    ) { (benchmark: Benchmark, moving: MovingPerson) async throws in
        let store = moving.heavy.fixture.store
        let account = Account(
            id: UserID(UUID()), email: try EmailAddress("mover-\(UUID().uuidString.prefix(8))@example.com"),
            passwordHash: "$2b$04$none", createdAt: Date())
        try await store.write { try await $0.accounts.create(account) }
        let work = moving.folder.appendingPathComponent("work-\(UUID())")
        let clock = ContinuousClock()
        var added = 0
        benchmark.startMeasurement()
        let elapsed = try await clock.measure {
            added = try await ThriveExportImport(store: store).run(moving.zip, for: account.id, workFolder: work).added
        }
        benchmark.stopMeasurement()
        precondition(added > 2_500_000, "the whole heavy person")
        benchmark.measurement(rowsPerSecond, Int(Double(added) / (Double(elapsed / .milliseconds(1)) / 1000)))
    } setup: {
        try await MovingPerson.make()
    }
}

/// The heavy person and their export's ZIP, made once.
struct MovingPerson: Sendable {
    let heavy: HeavyUser
    let folder: URL
    let zip: URL

    static func make() async throws -> MovingPerson {
        let heavy = try await HeavyUser.make()
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-move-bench-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        let zip = folder.appendingPathComponent("export.zip")
        _ = try await PersonalExport(store: heavy.fixture.store).write(
            heavy.owner, to: zip, workFolder: folder.appendingPathComponent("export-work"))
        return MovingPerson(heavy: heavy, folder: folder, zip: zip)
    }
}
