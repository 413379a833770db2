import Foundation
import Logging
import ServiceLifecycle
import Synchronization
import ThriveCore
import ThriveStore

/// The background worker inside `thrive serve`: every second it plans what is coming (habit
/// reminders for the next day, every ten minutes) and runs the jobs that are due, each under a lease
/// so that several servers on one PostgreSQL never run a job twice. Stops with the server.
struct JobRunner: Service {
    let store: Store
    let now: Now
    let ids: IDGenerator
    let handlers: [String: any JobHandler]
    let planners: [any JobPlanner]
    let logger: Logger
    /// This process, in the leases it takes.
    let holder: String
    var tick: Duration = .seconds(1)
    var planEvery: TimeInterval = 600
    static let batch = 50
    static let longJobLimit = 2
    /// How long a claimed job is this process's: after that a crashed runner's jobs are taken up again.
    var lease: TimeInterval = 120
    /// How often a long job's lease is renewed: a third of it unless set, so two renewals may be late.
    var renewEvery: TimeInterval?

    init(
        store: Store, now: Now, ids: IDGenerator, handlers: [any JobHandler], planners: [any JobPlanner], logger: Logger,
        holder: String = "\(ProcessInfo.processInfo.hostName):\(ProcessInfo.processInfo.processIdentifier)"
    ) {
        self.store = store
        self.now = now
        self.ids = ids
        self.handlers = Dictionary(uniqueKeysWithValues: handlers.map { ($0.kind, $0) })
        self.planners = planners
        self.logger = logger
        self.holder = holder
    }

    func run() async throws {
        let longJobs = LongJobCount(limit: Self.longJobLimit)
        await withDiscardingTaskGroup { group in
            var planned = Date.distantPast
            while !Task.isShuttingDownGracefully && !Task.isCancelled {
                do {
                    if now().timeIntervalSince(planned) >= planEvery {
                        try await plan()
                        planned = now()
                    }
                    try await runDue { job, handler in
                        guard longJobs.begin() else { return false }
                        group.addTask {
                            await self.run(job, handler)
                            longJobs.end()
                        }
                        return true
                    }
                } catch {
                    // Only what kind of failure: never a person's data.
                    logger.error("job runner pass failed", metadata: ["error": "\(failureKind(error))"])
                }
                try? await cancelWhenGracefulShutdown { try await Task.sleep(for: tick) }
            }
        }
    }

    /// Asks every planner for the jobs coming up and adds those not there yet.
    func plan() async throws {
        let time = now()
        let (store, ids) = (self.store, self.ids)
        // Together: one planner's reading and writing in the database overlaps another's work here.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for planner in planners {
                group.addTask {
                    let jobs = try await planner.upcoming(at: time, ids: ids)
                    _ = try await store.write { try await $0.jobs.enqueue(jobs) }
                }
            }
            try await group.waitForAll()
        }
    }

    /// Runs every job due now, batch by batch, long ones too; returns how many ran.
    @discardableResult
    func runDue() async throws -> Int { try await runDue { _, _ in nil } }

    /// Runs every job due now; a long job is handed to `startLong`, which starts it elsewhere (true),
    /// says as many run as this process takes (false: the job waits 30 seconds) or declines (nil:
    /// it runs here like the others).
    @discardableResult
    func runDue(startLong: (Job, any JobHandler) -> Bool?) async throws -> Int {
        var ran = 0
        while true {
            let time = now()
            let holder = self.holder
            let claimed = try await store.write {
                try await $0.jobs.claim(limit: Self.batch, now: time, holder: holder, leaseUntil: time + lease)
            }
            if claimed.isEmpty { return ran }
            for job in claimed {
                ran += 1
                guard let handler = handlers[job.kind] else {
                    try? await store.write { try await $0.jobs.fail(job.id, error: "no handler for \(job.kind)", retryAt: nil) }
                    continue
                }
                if handler.runsLong, let started = startLong(job, handler) {
                    if !started {
                        try await store.write { try await $0.jobs.reschedule(job.id, to: time + 30, payload: nil) }
                    }
                    continue
                }
                await run(job, handler)
            }
        }
    }

    private func run(_ job: Job, _ handler: any JobHandler) async {
        let time = now()
        do {
            let outcome =
                handler.runsLong ? try await keepingLease(job) { try await handler.run(job) } : try await handler.run(job)
            switch outcome {
            case .done: try await store.write { try await $0.jobs.complete(job.id, at: time) }
            case .later(let date): try await store.write { try await $0.jobs.reschedule(job.id, to: date, payload: nil) }
            case .laterWith(let date, let payload):
                try await store.write { try await $0.jobs.reschedule(job.id, to: date, payload: payload) }
            }
        } catch {
            let retry = JobRetry.delay(afterAttempt: job.attempts, maximum: handler.maximumAttempts).map { time + $0 }
            logger.warning("job failed", metadata: ["kind": "\(job.kind)", "attempt": "\(job.attempts)"])
            try? await store.write { try await $0.jobs.fail(job.id, error: failureKind(error), retryAt: retry) }
        }
    }

    /// Runs `body` while renewing the job's lease every third of it, so that no other runner takes
    /// up a job that is still running; if this process dies, the lease lapses and another finishes it.
    private func keepingLease(_ job: Job, _ body: @escaping @Sendable () async throws -> JobOutcome) async throws
        -> JobOutcome
    {
        let (store, now, lease, holder) = (self.store, self.now, self.lease, self.holder)
        let renewEvery = self.renewEvery ?? lease / 3
        return try await withThrowingTaskGroup(of: JobOutcome?.self) { group in
            group.addTask { try await body() }
            group.addTask {
                while true {
                    do { try await Task.sleep(for: .seconds(renewEvery)) } catch { return nil }
                    _ = try? await store.write { try await $0.jobs.extendLease(job.id, holder: holder, until: now() + lease) }
                }
            }
            while let finished = try await group.next() {
                if let outcome = finished {
                    group.cancelAll()
                    return outcome
                }
            }
            return .done
        }
    }
}

/// How many long jobs (imports) this process runs at once: each holds a file open and some memory.
final class LongJobCount: Sendable {
    private let running = Mutex(0)
    let limit: Int

    init(limit: Int) { self.limit = limit }

    func begin() -> Bool {
        running.withLock {
            guard $0 < limit else { return false }
            $0 += 1
            return true
        }
    }

    func end() { running.withLock { $0 -= 1 } }
}

/// Makes the jobs of what is coming (tomorrow's reminders), keyed so that planning twice adds nothing.
protocol JobPlanner: Sendable {
    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job]
}
