import Foundation
import SQLKit
import ThriveCore

/// The jobs table as a queue: enqueue once per idempotency key, claim what is due with a lease,
/// then complete or fail with a retry time.
public protocol JobQueue: Sendable {
    /// Adds a job unless one with its idempotency key exists; true when it was added.
    @discardableResult func enqueue(_ job: Job) async throws -> Bool
    /// Adds many, a few hundred to a statement, skipping keys already there; returns how many were added.
    @discardableResult func enqueue(_ jobs: [Job]) async throws -> Int
    /// Takes up to `limit` jobs due at `now` that nobody holds (or whose holder's lease lapsed),
    /// oldest first, leasing them to `holder` until `leaseUntil`. On PostgreSQL the rows are locked
    /// and skipped by other servers (`FOR UPDATE SKIP LOCKED`); SQLite has one writer at a time.
    func claim(limit: Int, now: Date, holder: String, leaseUntil: Date) async throws -> [Job]
    func complete(_ id: JobID, at time: Date) async throws
    /// Keeps a long job (an import) this holder's until `until`; false when the lease lapsed and
    /// another holder took the job.
    func extendLease(_ id: JobID, holder: String, until: Date) async throws -> Bool
    /// Moves a job to a later time without counting a failure (a reminder waiting out quiet hours),
    /// with a new payload when given (what the job has done so far).
    func reschedule(_ id: JobID, to time: Date, payload: String?) async throws
    /// Brings the job with this key forward to `time` ("Sync now"), running it again if it had
    /// ended; false when there is no such job, or it is running now.
    @discardableResult func bringForward(idempotencyKey: String, to time: Date) async throws -> Bool
    /// Records the error; with a retry time the job waits for it, without one it stays failed.
    func fail(_ id: JobID, error: String, retryAt: Date?) async throws
    /// Jobs not done, due by `time`, oldest first (for operators).
    func waiting(dueBy time: Date, limit: Int) async throws -> [Job]
    /// Jobs that gave up (out of tries).
    func failed(limit: Int) async throws -> [Job]
    /// The due time of the oldest job waiting to run at `now`: the runner's lag.
    func oldestDue(at now: Date) async throws -> Date?
    /// Forgets jobs done before `time`; returns how many.
    @discardableResult func purgeDone(before time: Date) async throws -> Int
}

struct SQLJobQueue: JobQueue {
    let session: DatabaseSession
    var sql: any SQLDatabase { session.sql }

    func enqueue(_ job: Job) async throws -> Bool {
        try await sql.insert(into: "jobs")
            .columns("id", "kind", "owner_id", "due_at", "payload", "idempotency_key", "attempts", "last_error")
            .values(
                job.id.rawValue, job.kind, job.owner?.rawValue, job.dueAt, job.payload, job.idempotencyKey, job.attempts,
                job.lastError
            ).ignoringConflicts(with: ["idempotency_key"]).run()
        let stored = try await sql.select().column("id").from("jobs").where("idempotency_key", .equal, job.idempotencyKey)
            .first()
        return try stored?.uuid("id") == job.id.rawValue
    }

    func enqueue(_ jobs: [Job]) async throws -> Int {
        if session.kind == .postgres, jobs.allSatisfy({ $0.lastError == nil }) { return try await enqueueColumns(jobs) }
        var added = 0
        // 8 values a row: 400 rows stay far below SQLite's and PostgreSQL's limits on binds.
        for start in stride(from: 0, to: jobs.count, by: 400) {
            var insert = sql.insert(into: "jobs")
                .columns("id", "kind", "owner_id", "due_at", "payload", "idempotency_key", "attempts", "last_error")
            for job in jobs[start..<min(start + 400, jobs.count)] {
                insert = insert.values(
                    job.id.rawValue, job.kind, job.owner?.rawValue, job.dueAt, job.payload, job.idempotencyKey, job.attempts,
                    job.lastError)
            }
            added += try await insert.ignoringConflicts(with: ["idempotency_key"]).returning("id").all().count
        }
        return added
    }

    /// PostgreSQL takes each column as one array: thousands of jobs in a statement of six binds,
    /// where a row of values costs eight binds to build, send and parse (a day's plan is 70,000 jobs).
    private func enqueueColumns(_ jobs: [Job]) async throws -> Int {
        // No owner travels as the nil UUID, which no account has, and is stored as NULL.
        let nobody = UUID(uuid: (0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0))
        var added = 0
        for start in stride(from: 0, to: jobs.count, by: 10_000) {
            let batch = jobs[start..<min(start + 10_000, jobs.count)]
            added += try await sql.raw(
                """
                INSERT INTO jobs (id, kind, owner_id, due_at, payload, idempotency_key, attempts)
                SELECT id, kind, NULLIF(owner_id, \(bind: nobody)), due_at, payload, idempotency_key, attempts
                FROM unnest(\(bind: batch.map(\.id.rawValue)), \(bind: batch.map(\.kind)), \
                \(bind: batch.map { $0.owner?.rawValue ?? nobody }), \(bind: batch.map(\.dueAt)), \(bind: batch.map(\.payload)), \
                \(bind: batch.map(\.idempotencyKey)), \(bind: batch.map(\.attempts)))
                AS planned (id, kind, owner_id, due_at, payload, idempotency_key, attempts)
                ON CONFLICT (idempotency_key) DO NOTHING RETURNING id
                """
            ).all().count
        }
        return added
    }

    func claim(limit: Int, now: Date, holder: String, leaseUntil: Date) async throws -> [Job] {
        var due = sql.select().column("id").from("jobs").where("done_at", .is, SQLLiteral.null)
            .where("due_at", .lessThanOrEqual, now)
            .where { $0.where("lease_until", .is, SQLLiteral.null).orWhere("lease_until", .lessThan, now) }
            .orderBy("due_at").limit(limit)
        if session.kind == .postgres { due = due.lockingClause(SQLRaw("FOR UPDATE SKIP LOCKED")) }
        let ids = try await due.all().map { try $0.uuid("id") }
        guard !ids.isEmpty else { return [] }
        try await sql.update("jobs").set("lease_holder", to: holder).set("lease_until", to: leaseUntil)
            .set(SQLIdentifier("attempts"), to: SQLRaw("attempts + 1"))
            .where("id", .in, ids).run()
        return try await sql.select().column("*").from("jobs").where("id", .in, ids).orderBy("due_at").all().map(decode)
    }

    func complete(_ id: JobID, at time: Date) async throws {
        try await sql.update("jobs").set("done_at", to: time).set("lease_holder", to: SQLLiteral.null)
            .set("lease_until", to: SQLLiteral.null).where("id", .equal, id.rawValue).run()
    }

    func extendLease(_ id: JobID, holder: String, until: Date) async throws -> Bool {
        try await sql.update("jobs").set("lease_until", to: until).where("id", .equal, id.rawValue)
            .where("lease_holder", .equal, holder).where("done_at", .is, SQLLiteral.null).returning("id").first() != nil
    }

    func reschedule(_ id: JobID, to time: Date, payload: String?) async throws {
        var update = sql.update("jobs").set("due_at", to: time).set("lease_holder", to: SQLLiteral.null)
            .set("lease_until", to: SQLLiteral.null).set("attempts", to: 0)
        if let payload { update = update.set("payload", to: payload) }
        try await update.where("id", .equal, id.rawValue).run()
    }

    func bringForward(idempotencyKey: String, to time: Date) async throws -> Bool {
        try await sql.update("jobs").set("due_at", to: time).set("attempts", to: 0).set("done_at", to: SQLLiteral.null)
            .set("last_error", to: SQLLiteral.null).where("idempotency_key", .equal, idempotencyKey)
            .where { $0.where("lease_until", .is, SQLLiteral.null).orWhere("lease_until", .lessThan, time) }
            .returning("id").first() != nil
    }

    func fail(_ id: JobID, error: String, retryAt: Date?) async throws {
        // Out of tries: parked far in the future, so it is never claimed again but still listed.
        try await sql.update("jobs").set("last_error", to: String(error.prefix(500)))
            .set("lease_holder", to: SQLLiteral.null).set("lease_until", to: SQLLiteral.null)
            .set("due_at", to: retryAt ?? Date.distantFuture).where("id", .equal, id.rawValue).run()
    }

    func waiting(dueBy time: Date, limit: Int) async throws -> [Job] {
        try await sql.select().column("*").from("jobs").where("done_at", .is, SQLLiteral.null)
            .where("due_at", .lessThanOrEqual, time).orderBy("due_at").limit(limit).all().map(decode)
    }

    func failed(limit: Int) async throws -> [Job] {
        try await sql.select().column("*").from("jobs").where("done_at", .is, SQLLiteral.null)
            .where("due_at", .equal, Date.distantFuture).orderBy("kind").limit(limit).all().map(decode)
    }

    func oldestDue(at now: Date) async throws -> Date? {
        try await sql.select().column("due_at").from("jobs").where("done_at", .is, SQLLiteral.null)
            .where("due_at", .lessThanOrEqual, now).orderBy("due_at").limit(1).first()?.date("due_at")
    }

    func purgeDone(before time: Date) async throws -> Int {
        try await sql.delete(from: "jobs").where("done_at", .lessThan, time).returning("id").all().count
    }

    private func decode(_ row: any SQLRow) throws -> Job {
        Job(
            id: JobID(try row.uuid("id")), kind: try row.string("kind"),
            owner: try row.decode(column: "owner_id", as: UUID?.self).map(UserID.init), dueAt: try row.date("due_at"),
            payload: try row.string("payload"), idempotencyKey: try row.string("idempotency_key"),
            attempts: try row.decode(column: "attempts", as: Int.self),
            lastError: try row.decode(column: "last_error", as: String?.self))
    }
}
