import Foundation
import Logging
import SQLKit
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// `thrive import apple-health`, the real binary on a real SQLite file: what it says, what it
/// stores, that a second import adds nothing, and that an import killed with SIGKILL is finished
/// by running it again, with every record exactly once.
@Suite("Importing an Apple Health export from the command line")
struct AppleHealthImportCommandTests {
    static func storedCount(_ thrive: Thrive) async throws -> (quantities: Int, categories: Int, workouts: Int) {
        var quiet = Logger(label: "test")
        quiet.logLevel = .error
        let store = try await Store.open(try .resolve(databaseURL: nil, dataDirectory: thrive.dataDirectory.path), logger: quiet)
        let count = try await storedCount(store)
        await store.close()
        return count
    }

    static func storedCount(_ store: Store) async throws -> (quantities: Int, categories: Int, workouts: Int) {
        try await store.database.read { sql in
            func count(_ table: String) async throws -> Int {
                try await sql.raw(SQLQueryString("SELECT COUNT(*) AS n FROM \(unsafeRaw: table)")).first()?
                    .decode(column: "n", as: Int.self) ?? 0
            }
            return (try await count("quantity_samples"), try await count("category_samples"), try await count("workouts"))
        }
    }

    /// Starts an import and kills it with SIGKILL once its first batch is in; returns the records it
    /// stored, or nil when it finished before the kill.
    static func killedAfterItsFirstBatch(_ thrive: Thrive, _ zip: URL) async throws -> Int? {
        let output = thrive.dataDirectory.appendingPathComponent("killed.out")
        let child = try ChildProcess(
            Thrive.executable, ["import", "apple-health", zip.path, "--email", "alex@example.com"],
            environment: ["THRIVE_DATA_DIR": thrive.dataDirectory.path], output: output, errors: output)
        // Watched from a thread of its own: a task that polls can wait for a turn past the import's end.
        let killSwitch = KillSwitch(
            database: thrive.dataDirectory.appendingPathComponent("thrive.sqlite").path,
            query: "SELECT (SELECT COUNT(*) FROM quantity_samples) + (SELECT COUNT(*) FROM category_samples) "
                + "+ (SELECT COUNT(*) FROM workouts)", limit: 60
        ) { _ = Glibc.kill(child.pid, SIGKILL) }
        await killSwitch.wait()
        var quiet = Logger(label: "test")
        quiet.logLevel = .error
        let watcher = try await Store.open(
            try .resolve(databaseURL: nil, dataDirectory: thrive.dataDirectory.path), logger: quiet, migrate: false)
        let status = child.wait()
        let partial = try await Self.storedCount(watcher)
        await watcher.close()
        return status == 128 + SIGKILL ? partial.quantities + partial.categories + partial.workouts : nil
    }

    @Test func anExportIsImportedOnceWhateverHappens() async throws {
        var writer = AppleHealthExportWriter(days: 120, heartRatePerDay: 1_440)
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-kill-\(UUID())")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: folder) }
        let zip = folder.appendingPathComponent("export.zip")
        try writer.zip(to: zip, malformed: true)
        let expected = writer.expected.values.reduce(0, +)

        // Killed part-way: whatever it stored is whole, and the next run finishes the rest. An import
        // that finished before the kill proves nothing, so it is tried again on a fresh server.
        var thrive = Thrive()
        var killed: Int?
        for attempt in 1...3 {
            if attempt > 1 {
                thrive.cleanUp()
                thrive = Thrive()
            }
            let made = try thrive.run(
                ["user", "create", "--email", "alex@example.com", "--password-stdin"], input: "long-password-1\n")
            #expect(made.status == 0, "\(made.errors)")
            killed = try await Self.killedAfterItsFirstBatch(thrive, zip)
            if killed != nil { break }
        }
        defer { thrive.cleanUp() }
        let before = try #require(killed, "the import was never caught mid-way")
        #expect(before > 0 && before < expected, "killed mid-import: \(before) of \(expected)")

        let first = try thrive.run(["import", "apple-health", zip.path, "--email", "alex@example.com"])
        #expect(first.status == 0, "\(first.errors)")
        let added = expected - before
        #expect(first.output.contains("Imported \(added.formatted()) new records of \(expected.formatted()) read from"))
        #expect(first.output.contains("  HeartRate: \((120 * 1_440).formatted())"))
        #expect(first.output.contains("  FlightsClimbed: 120") && first.output.contains("Refused 1 records with a value"))
        #expect(first.output.contains("export_cda.xml was left out"))
        let stored = try await Self.storedCount(thrive)
        #expect(stored.workouts == writer.expected["Workout"])
        #expect(stored.categories == writer.expected["SleepAnalysis"]! + writer.expected["MindfulSession"]!)
        #expect(stored.quantities + stored.categories + stored.workouts == expected)

        let again = try thrive.run(["import", "apple-health", zip.path, "--email", "alex@example.com"])
        #expect(again.status == 0 && again.output.contains("Imported 0 new records of \(expected.formatted())"))
        #expect(try await Self.storedCount(thrive) == stored)
    }

    @Test func aBrokenFileOrAWrongAccountIsACleanError() async throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        _ = try thrive.run(["user", "create", "--email", "alex@example.com", "--password-stdin"], input: "long-password-1\n")
        var writer = AppleHealthExportWriter(days: 2)
        let zip = thrive.dataDirectory.appendingPathComponent("export.zip")
        try writer.zip(to: zip)
        let nobody = try thrive.run(["import", "apple-health", zip.path, "--email", "sam@example.com"])
        #expect(nobody.status != 0 && nobody.errors.contains("No account has the e-mail sam@example.com."))
        // One file for two people: each gets every record, their own.
        _ = try thrive.run(["user", "create", "--email", "sam@example.com", "--password-stdin"], input: "long-password-2\n")
        let total = writer.expected.values.reduce(0, +)
        for email in ["alex@example.com", "sam@example.com"] {
            let imported = try thrive.run(["import", "apple-health", zip.path, "--email", email])
            #expect(imported.output.contains("Imported \(total) new records of \(total) read"), "\(imported.errors)")
        }
        let shared = try await Self.storedCount(thrive)
        #expect(shared.quantities + shared.categories + shared.workouts == 2 * total)
        let bytes = try Data(contentsOf: zip)
        try bytes.prefix(bytes.count - 200).write(to: zip)
        let cut = try thrive.run(["import", "apple-health", zip.path, "--email", "alex@example.com"])
        #expect(cut.status != 0 && cut.errors.contains("The ZIP is damaged or cut short; nothing was imported."))
        #expect(try await Self.storedCount(thrive) == shared)
    }
}
