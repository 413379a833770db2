import Foundation
import Synchronization
import Testing
import ThriveCore
import ThriveStore

@testable import ThriveWeb

/// A long job (an import) in `thrive serve`'s runner: it runs beside the others, so a reminder due
/// meanwhile is not kept waiting, and its lease is renewed while it runs, so no other server takes
/// it up as if its runner had died.
@Suite("Long jobs beside the others")
struct LongJobTests {
    final class Flags: Sendable {
        let running = Mutex(false)
        let released = Mutex(false)
        let quickRuns = Mutex(0)
    }

    struct Slow: JobHandler {
        let flags: Flags
        var kind: String { "slow" }
        var runsLong: Bool { true }
        func run(_ job: Job) async throws -> JobOutcome {
            flags.running.withLock { $0 = true }
            while !flags.released.withLock({ $0 }) { try await Task.sleep(for: .milliseconds(20)) }
            return .done
        }
    }

    struct Quick: JobHandler {
        let flags: Flags
        var kind: String { "quick" }
        func run(_ job: Job) async throws -> JobOutcome {
            flags.quickRuns.withLock { $0 += 1 }
            return .done
        }
    }

    /// Waits for `condition`, giving up after `seconds` worth of 20 ms turns: turns, not the wall
    /// clock, so a machine busy with other suites (the tasks here waiting their turn) fails nothing.
    static func until(_ seconds: Double, _ condition: () async throws -> Bool) async throws -> Bool {
        for _ in 0..<Int(seconds * 50) {
            if try await condition() { return true }
            try await Task.sleep(for: .milliseconds(20))
        }
        return try await condition()
    }

    static func leaseEnd(_ app: TestApp, _ id: JobID) async throws -> Date? {
        try await app.store.database.read { sql in
            try await sql.select().column("lease_until").from("jobs").where("id", .equal, id.rawValue).first()?
                .decode(column: "lease_until", as: Date?.self)
        }
    }

    @Test func aLongJobRunsBesideTheOthersAndKeepsItsLease() async throws {
        let app = try await TestApp.make()
        let flags = Flags()
        var runner = JobRunner(
            store: app.store, now: .system, ids: .random, handlers: [Slow(flags: flags), Quick(flags: flags)], planners: [],
            logger: app.logs.logger(), holder: "this")
        // A lease no busy machine outlasts (a CI run once starved a 9-second one), renewed often enough
        // to be seen renewing.
        runner.lease = 600
        runner.renewEvery = 0.5
        runner.tick = .milliseconds(20)
        let slow = Job(id: JobID(UUID()), kind: "slow", owner: nil, dueAt: Date() - 1, idempotencyKey: "slow")
        try await app.store.write { try await $0.jobs.enqueue(slow) }
        let service = runner
        let running = Task { try await service.run() }
        #expect(try await Self.until(30) { flags.running.withLock { $0 } }, "\(app.logs.text)")
        let claimedUntil = try #require(try await Self.leaseEnd(app, slow.id))

        let quick = Job(id: JobID(UUID()), kind: "quick", owner: nil, dueAt: Date() - 1, idempotencyKey: "quick")
        try await app.store.write { try await $0.jobs.enqueue(quick) }
        #expect(try await Self.until(30) { flags.quickRuns.withLock { $0 } == 1 }, "not kept waiting behind the long job")

        // While it runs, its runner renews the lease, and nobody else may claim it.
        #expect(try await Self.until(30) { try await Self.leaseEnd(app, slow.id).map { $0 > claimedUntil } ?? false })
        let claimed = try await app.store.write {
            try await $0.jobs.claim(limit: 5, now: Date(), holder: "another", leaseUntil: Date() + 60)
        }
        #expect(claimed.isEmpty, "the lease is this runner's")

        flags.released.withLock { $0 = true }
        let finished = try await Self.until(30) {
            try await app.store.read { try await $0.jobs.waiting(dueBy: Date() + 3_600, limit: 5) }.isEmpty
        }
        let left = try await app.store.read { try await $0.jobs.waiting(dueBy: Date() + 3_600, limit: 5) }
        #expect(finished, "done once it returns; left: \(left); log: \(app.logs.text.suffix(3_000))")
        running.cancel()
        _ = try? await running.value
        await app.cleanup()
    }
}
