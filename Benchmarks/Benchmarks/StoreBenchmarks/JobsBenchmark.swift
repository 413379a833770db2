import Benchmark
import Crypto
import Foundation
import ThriveCore
import ThriveNotify
import ThriveStore
import ThriveWeb

/// Jobs per second, the runner's claiming target.
let jobsPerSecond = BenchmarkMetric.custom("jobs/s", polarity: .prefersLarger, useScalingFactor: false)

/// 10,000 people with 5 habits each, all with a reminder, in their own zones: what the runner
/// plans a day for.
func seedReminders(_ store: Store, people: Int = 10_000, habits: Int = 5) async throws {
    let now = Date()
    let zones = ["Europe/Lisbon", "America/New_York", "Asia/Tokyo", "Australia/Sydney", "UTC"]
    for start in stride(from: 0, to: people, by: 1_000) {
        try await store.write { repositories in
            for person in start..<min(start + 1_000, people) {
                let owner = UserID(UUID())
                try await repositories.accounts.create(
                    Account(id: owner, email: try EmailAddress("plan-\(person)@example.com"), passwordHash: "-", createdAt: now))
                let records = repositories.records(of: owner)
                let zone = zones[person % zones.count]
                try await records.profile.save(Profile(timeZoneIdentifier: zone), at: now)
                let today = LocalDate(now, in: TimeZone(identifier: zone)!)
                for index in 0..<habits {
                    let habit = Habit(
                        id: HabitID(UUID()), name: "Habit \(index)", reminderMinutes: 7 * 60 + index * 180,
                        startedOn: today.adding(days: -30), createdAt: now)
                    try await records.habits.save(TrackedHabit(habit: habit, streak: HabitStreak()))
                }
            }
        }
    }
}

func jobBenchmarks() {
    // Planning a day: every habit's reminders for today and tomorrow, and every person's day of
    // prompts, into an empty jobs table (the first plan of a day; later ones add nothing).
    func planning(_ name: String, _ fixture: @escaping @Sendable () async throws -> Fixture) {
        Benchmark(
            "Jobs (\(name)): plan a day of reminders for 10,000 people with 5 habits",
            configuration: .init(metrics: [.wallClock], warmupIterations: 0, maxDuration: .seconds(60), maxIterations: 3)
        ) { (benchmark: Benchmark, fixture: Fixture) async throws in
            try await fixture.store.database.read { try await $0.raw("DELETE FROM jobs").run() }
            let jobs = BackgroundJobs(store: fixture.store, logger: Fixture.quiet)
            benchmark.startMeasurement()
            try await jobs.plan()
            benchmark.stopMeasurement()
        } setup: {
            let fixture = try await fixture()
            try await seedReminders(fixture.store)
            return fixture
        }
    }
    planning("SQLite") { try await Fixture.sqlite() }
    if let url = ProcessInfo.processInfo.environment["THRIVE_BENCH_DATABASE_URL"] {
        planning("PostgreSQL") { try await Fixture.postgres(url) }
    }

    // Claiming and completing as the runner does: 50 at a time under a lease, each completed in
    // its own transaction.
    Benchmark(
        "Jobs (SQLite): claim and complete 10,000 jobs",
        configuration: .init(
            metrics: [.wallClock, jobsPerSecond], warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 5)
    ) { (benchmark: Benchmark, fixture: Fixture) async throws in
        let now = Date()
        let jobs = (0..<10_000).map { index in
            Job(id: JobID(UUID()), kind: "bench", owner: nil, dueAt: now - 1, idempotencyKey: "bench:\(UUID()):\(index)")
        }
        try await fixture.store.write { try await $0.jobs.enqueue(jobs) }
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let elapsed = try await clock.measure {
            while true {
                let claimed = try await fixture.store.write {
                    try await $0.jobs.claim(limit: 50, now: now, holder: "bench", leaseUntil: now + 120)
                }
                if claimed.isEmpty { break }
                for job in claimed { try await fixture.store.write { try await $0.jobs.complete(job.id, at: now) } }
            }
        }
        benchmark.stopMeasurement()
        benchmark.measurement(jobsPerSecond, Int(10_000 / (Double(elapsed / .milliseconds(1)) / 1_000)))
    } setup: {
        try await Fixture.sqlite()
    }

    // One Web Push message: the RFC 8291 encryption (a fresh key pair, ECDH, HKDF, AES-GCM) and the
    // RFC 8292 VAPID signature.
    Benchmark(
        "Web Push: encrypt and sign one message",
        configuration: .init(metrics: [.wallClock], warmupIterations: 10, maxDuration: .seconds(10), maxIterations: 2_000)
    ) { (benchmark: Benchmark) async throws in
        let browser = P256.KeyAgreement.PrivateKey()
        let subscription = WebPushSubscription(
            endpoint: URL(string: "https://push.example.net/wpush/v2/abc")!, p256dh: browser.publicKey.x963Representation,
            auth: Data(repeating: 7, count: 16))
        let sender = WebPushSender(key: VAPIDKey(), subject: "mailto:ops@example.org", client: .shared)
        let message = PushMessage(
            title: "Thrive", body: "Important health alert — open Thrive", url: "/#alert-1", tag: "thrive-1",
            kind: "criticalAlert", urgency: .high, timeToLive: 86_400)
        for _ in benchmark.scaledIterations { blackHole(try sender.request(message, to: subscription)) }
    }

    // What leaving an evaluation job adds to an upload's transaction: 500 samples stored alone,
    // and stored with the job row beside them.
    for withJob in [false, true] {
        Benchmark(
            "Upload: store 500 samples \(withJob ? "and leave the safety evaluation job" : "alone")",
            configuration: .init(metrics: [.wallClock], warmupIterations: 3, maxDuration: .seconds(20), maxIterations: 200)
        ) { (benchmark: Benchmark, fixture: Fixture) async throws in
            let samples = heartRates(500, from: Date(), tag: UUID().uuidString)
            let owner = fixture.owner
            benchmark.startMeasurement()
            try await fixture.store.write { repositories in
                try await repositories.records(of: owner).quantitySamples.store(samples)
                if withJob {
                    try await repositories.jobs.enqueue(
                        Job(
                            id: JobID(UUID()), kind: "evaluateAlerts", owner: owner, dueAt: Date(),
                            idempotencyKey: "evaluateAlerts:\(UUID())"))
                }
            }
            benchmark.stopMeasurement()
        } setup: {
            try await Fixture.sqlite()
        }
    }
}
