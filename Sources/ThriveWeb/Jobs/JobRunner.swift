import Foundation
import Logging
import ServiceLifecycle
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
    /// How long a claimed job is this process's: after that a crashed runner's jobs are taken up again.
    var lease: TimeInterval = 120

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
        var planned = Date.distantPast
        while !Task.isShuttingDownGracefully && !Task.isCancelled {
            do {
                if now().timeIntervalSince(planned) >= planEvery {
                    try await plan()
                    planned = now()
                }
                try await runDue()
            } catch {
                // Only what kind of failure: never a person's data.
                logger.error("job runner pass failed", metadata: ["error": "\(type(of: error))"])
            }
            try? await cancelWhenGracefulShutdown { try await Task.sleep(for: tick) }
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

    /// Runs every job due now, batch by batch; returns how many ran.
    @discardableResult
    func runDue() async throws -> Int {
        var ran = 0
        while true {
            let time = now()
            let holder = self.holder
            let claimed = try await store.write {
                try await $0.jobs.claim(limit: Self.batch, now: time, holder: holder, leaseUntil: time + lease)
            }
            if claimed.isEmpty { return ran }
            for job in claimed {
                await run(job)
                ran += 1
            }
        }
    }

    private func run(_ job: Job) async {
        let time = now()
        guard let handler = handlers[job.kind] else {
            try? await store.write { try await $0.jobs.fail(job.id, error: "no handler for \(job.kind)", retryAt: nil) }
            return
        }
        do {
            switch try await handler.run(job) {
            case .done: try await store.write { try await $0.jobs.complete(job.id, at: time) }
            case .later(let date): try await store.write { try await $0.jobs.reschedule(job.id, to: date, payload: nil) }
            case .laterWith(let date, let payload):
                try await store.write { try await $0.jobs.reschedule(job.id, to: date, payload: payload) }
            }
        } catch {
            let retry = JobRetry.delay(afterAttempt: job.attempts, maximum: handler.maximumAttempts).map { time + $0 }
            logger.warning("job failed", metadata: ["kind": "\(job.kind)", "attempt": "\(job.attempts)"])
            try? await store.write { try await $0.jobs.fail(job.id, error: "\(type(of: error))", retryAt: retry) }
        }
    }
}

/// Makes the jobs of what is coming (tomorrow's reminders), keyed so that planning twice adds nothing.
protocol JobPlanner: Sendable {
    func upcoming(at time: Date, ids: IDGenerator) async throws -> [Job]
}
