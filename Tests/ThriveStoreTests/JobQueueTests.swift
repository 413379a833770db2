import Foundation
import Testing
import ThriveCore
import ThriveStore

/// The jobs table as a queue, on SQLite and PostgreSQL: once per key, claimed under a lease, every
/// due job to exactly one of several claimers at once, a lapsed lease taken up again, retries and
/// the jobs that gave up kept for operators.
struct JobQueueTests {
    private static let start = Date(timeIntervalSince1970: 1_795_000_000)

    private static func job(_ n: Int, due offset: TimeInterval = 0, key: Int? = nil) -> Job {
        Job(
            id: JobID(UUID(uuidString: String(format: "00000000-0000-0000-0000-%012d", n))!), kind: "test", owner: nil,
            dueAt: start.addingTimeInterval(offset), idempotencyKey: "test:\(key ?? n)")
    }

    @Test(arguments: TestStores.kinds)
    func jobsAreMadeOnceClaimedUnderALeaseAndRetried(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let added = try await store.write { repositories in
                [
                    try await repositories.jobs.enqueue(Self.job(1)), try await repositories.jobs.enqueue(Self.job(2, due: 60)),
                    try await repositories.jobs.enqueue(Self.job(9, due: 5, key: 1)),
                ]
            }
            #expect(added == [true, true, false], "one job per idempotency key")
            let now = Self.start.addingTimeInterval(1)
            let first = try await store.write {
                try await $0.jobs.claim(limit: 10, now: now, holder: "a", leaseUntil: now + 120)
            }
            #expect(first.map(\.idempotencyKey) == ["test:1"] && first[0].attempts == 1, "only what is due")
            let held = try await store.write {
                try await $0.jobs.claim(limit: 10, now: now + 30, holder: "b", leaseUntil: now + 150)
            }
            #expect(held.isEmpty, "a leased job is not claimed again")
            let lapsed = try await store.write {
                try await $0.jobs.claim(limit: 10, now: now + 121, holder: "b", leaseUntil: now + 241)
            }
            #expect(
                lapsed.map(\.idempotencyKey) == ["test:1", "test:2"] && lapsed[0].attempts == 2, "a lapsed lease is taken up")
            try await store.write { repositories in
                try await repositories.jobs.complete(lapsed[0].id, at: now + 122)
                try await repositories.jobs.fail(lapsed[1].id, error: "TimeoutError", retryAt: now + 400)
            }
            let (lag, waiting) = try await store.read {
                (try await $0.jobs.oldestDue(at: now + 500), try await $0.jobs.waiting(dueBy: now + 500, limit: 10))
            }
            #expect(lag == now + 400 && waiting.map(\.lastError) == ["TimeoutError"])
            try await store.write { try await $0.jobs.fail(lapsed[1].id, error: "TimeoutError", retryAt: nil) }
            let (failed, none, purged) = try await store.write { repositories in
                (
                    try await repositories.jobs.failed(limit: 10), try await repositories.jobs.oldestDue(at: now + 10_000),
                    try await repositories.jobs.purgeDone(before: now + 200)
                )
            }
            #expect(failed.map(\.idempotencyKey) == ["test:2"] && none == nil && purged == 1)
            #expect(try await store.write { try await $0.jobs.enqueue(Self.job(9, key: 1)) }, "a purged key may come again")
        }
    }

    /// A long job keeps its lease while its holder renews it; once it lapsed and another holder
    /// took the job, the first holder's renewal is refused.
    @Test(arguments: TestStores.kinds)
    func aHolderRenewsItsLeaseUntilAnotherTookTheJob(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            try await store.write { try await $0.jobs.enqueue(Self.job(1)) }
            let now = Self.start
            let job = try #require(
                try await store.write { try await $0.jobs.claim(limit: 1, now: now, holder: "a", leaseUntil: now + 120) }.first)
            #expect(try await store.write { try await $0.jobs.extendLease(job.id, holder: "a", until: now + 240) })
            let early = try await store.write {
                try await $0.jobs.claim(limit: 1, now: now + 200, holder: "b", leaseUntil: now + 320)
            }
            #expect(early.isEmpty, "renewed: still a's at 200 s")
            let taken = try await store.write {
                try await $0.jobs.claim(limit: 1, now: now + 241, holder: "b", leaseUntil: now + 361)
            }
            #expect(taken.map(\.id) == [job.id])
            #expect(try await !store.write { try await $0.jobs.extendLease(job.id, holder: "a", until: now + 400) })
            try await store.write { try await $0.jobs.complete(job.id, at: now + 300) }
            #expect(try await !store.write { try await $0.jobs.extendLease(job.id, holder: "b", until: now + 400) }, "done")
        }
    }

    /// A plan's jobs in one call, past one statement's worth on either engine: each key once (those
    /// there already skipped), owners and their absence kept, due times to the millisecond.
    @Test(arguments: TestStores.kinds)
    func manyJobsAreAddedAtOnceEachKeyOnce(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            let owner = UserID(UUID())
            let due = Self.start.addingTimeInterval(0.25)
            let planned = (1...12_001).map { n in
                Job(
                    id: JobID(UUID()), kind: n.isMultiple(of: 2) ? "even" : "odd", owner: n == 1 ? nil : owner, dueAt: due,
                    payload: #"{"n":\#(n)}"#, idempotencyKey: "plan:\(n)")
            }
            let (first, second) = try await store.write { repositories in
                try await repositories.accounts.create(
                    Account(id: owner, email: try EmailAddress("planned@example.com"), passwordHash: "-", createdAt: Self.start))
                let first = try await repositories.jobs.enqueue(Array(planned[0..<10]))
                return (first, try await repositories.jobs.enqueue(planned))
            }
            #expect(first == 10 && second == 12_001 - 10, "plan:1…10 were there")
            let waiting = try await store.read { try await $0.jobs.waiting(dueBy: due, limit: 20_000) }
            #expect(waiting.count == 12_001)
            let one = try #require(waiting.first { $0.idempotencyKey == "plan:1" })
            let two = try #require(waiting.first { $0.idempotencyKey == "plan:2" })
            #expect(one.owner == nil && one.kind == "odd" && one.payload == #"{"n":1}"# && one.attempts == 0)
            #expect(two.owner == owner && two.kind == "even" && abs(two.dueAt.timeIntervalSince(due)) < 0.001)
        }
    }

    /// Four claimers at once over 120 due jobs: every job claimed exactly once (PostgreSQL skips
    /// locked rows; SQLite has one writer at a time).
    @Test(arguments: TestStores.kinds)
    func concurrentClaimersShareTheJobsWithoutOverlap(kind: DatabaseKind) async throws {
        try await TestStores.withStore(kind) { store in
            try await store.write { repositories in
                for n in 1...120 { try await repositories.jobs.enqueue(Self.job(n)) }
            }
            let now = Self.start.addingTimeInterval(1)
            let claimed = try await withThrowingTaskGroup(of: [String].self) { group in
                for holder in ["a", "b", "c", "d"] {
                    group.addTask {
                        var mine: [String] = []
                        while true {
                            let batch = try await store.write {
                                try await $0.jobs.claim(limit: 7, now: now, holder: holder, leaseUntil: now + 120)
                            }
                            if batch.isEmpty { return mine }
                            mine += batch.map(\.idempotencyKey)
                        }
                    }
                }
                var all: [String] = []
                for try await mine in group { all += mine }
                return all
            }
            #expect(claimed.count == 120 && Set(claimed).count == 120)
        }
    }
}
