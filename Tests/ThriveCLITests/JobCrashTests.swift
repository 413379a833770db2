import Foundation
import Logging
import SQLKit
import Testing
import ThriveCore
import ThriveStore

/// The job runner inside a real `thrive serve`, killed with SIGKILL in the middle of a batch of
/// reminders and started again: every reminder is in the notification center exactly once, and
/// no job is left undone or failed.
@Suite("Background jobs across a crash")
struct JobCrashTests {
    static let people = 400
    static let habitsEach = 5

    @Test func aRunnerKilledMidBatchSendsEveryReminderExactlyOnce() async throws {
        let thrive = Thrive()
        defer { thrive.cleanUp() }
        let server = ServerProcess(dataDirectory: thrive.dataDirectory)
        defer { server.cleanUp() }
        try FileManager.default.createDirectory(at: thrive.dataDirectory, withIntermediateDirectories: true)
        var quiet = Logger(label: "test")
        quiet.logLevel = .error
        let store = try await Store.open(
            try .resolve(databaseURL: nil, dataDirectory: thrive.dataDirectory.path), logger: quiet)
        let day = try await Self.seed(store, now: Date())

        // A short lease, so the restarted server takes up what the killed one held.
        let environment = ["THRIVE_JOB_LEASE_SECONDS": "5"]
        // Watched from its own thread from before the start: the runner begins at once.
        let killSwitch = KillSwitch(
            server: server, database: thrive.dataDirectory.appendingPathComponent("thrive.sqlite").path,
            query: "SELECT COUNT(*) FROM notifications WHERE kind = 'habitReminder'")
        do { try await server.start(environment: environment) } catch {
            // Killed before it answered its first health check: that is the point.
        }
        await killSwitch.wait()
        let before = try await Self.count(store, "SELECT COUNT(*) AS n FROM notifications WHERE kind = 'habitReminder'")
        let total = Self.people * Self.habitsEach
        #expect(before > 0 && before < total, "killed mid-batch: \(before) of \(total) sent")

        try await server.start(environment: environment)
        var waiting = total
        for _ in 0..<1_200 where waiting > 0 {
            // Today's: the server also plans tomorrow's reminders, which wait.
            waiting = try await Self.count(
                store,
                "SELECT COUNT(*) AS n FROM jobs WHERE idempotency_key LIKE 'habitReminder:%:\(day.iso8601)' AND done_at IS NULL")
            if waiting > 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        #expect(waiting == 0, "every reminder job done after the restart")
        #expect(try await Self.count(store, "SELECT COUNT(*) AS n FROM jobs WHERE last_error IS NOT NULL") == 0)
        #expect(server.stop() == 0)
        let after = try await Self.count(store, "SELECT COUNT(*) AS n FROM notifications WHERE kind = 'habitReminder'")
        let distinct = try await Self.count(
            store, "SELECT COUNT(DISTINCT notification_key) AS n FROM notifications WHERE kind = 'habitReminder'")
        let perPerson = try await store.database.read { sql in
            try await sql.raw("SELECT COUNT(*) AS n FROM notifications WHERE kind = 'habitReminder' GROUP BY owner_id").all()
                .map { try $0.decode(column: "n", as: Int.self) }
        }
        #expect(after == total && distinct == total, "each reminder exactly once")
        #expect(perPerson.count == Self.people && perPerson.allSatisfy { $0 == Self.habitsEach })
        await store.close()
    }

    static func count(_ store: Store, _ query: String) async throws -> Int {
        try await store.database.read { sql in
            try await sql.raw(SQLQueryString(query)).first()?.decode(column: "n", as: Int.self) ?? 0
        }
    }

    /// People whose clocks read midday (outside quiet hours), each with habits whose reminders are
    /// due a minute ago, as the planner would have left them.
    static func seed(_ store: Store, now: Date, people: Int = people) async throws -> LocalDate {
        let hour = Calendar(identifier: .gregorian).dateComponents(in: TimeZone(identifier: "UTC")!, from: now).hour ?? 0
        var offset = 12 - hour
        if offset > 14 { offset -= 24 }
        if offset < -12 { offset += 24 }
        // Etc/GMT zones name their offset with the sign reversed.
        let zone = offset == 0 ? "UTC" : "Etc/GMT\(offset > 0 ? "-" : "+")\(abs(offset))"
        let day = LocalDate(now, in: TimeZone(identifier: zone)!)
        let encoder = JSONEncoder()
        struct Payload: Encodable {
            let habit: HabitID
            let day: LocalDate
        }
        try await store.write { repositories in
            var jobs: [Job] = []
            for person in 0..<people {
                let owner = UserID(UUID())
                try await repositories.accounts.create(
                    Account(id: owner, email: try EmailAddress("crash-\(person)@example.com"), passwordHash: "-", createdAt: now))
                let records = repositories.records(of: owner)
                try await records.profile.save(Profile(timeZoneIdentifier: zone), at: now)
                for index in 0..<habitsEach {
                    let habit = Habit(
                        id: HabitID(UUID()), name: "Habit \(index)", reminderMinutes: 12 * 60, startedOn: day.adding(days: -1),
                        createdAt: now)
                    try await records.habits.save(TrackedHabit(habit: habit, streak: HabitStreak()))
                    jobs.append(
                        Job(
                            id: JobID(UUID()), kind: "habitReminder", owner: owner, dueAt: now - 60,
                            payload: String(decoding: try encoder.encode(Payload(habit: habit.id, day: day)), as: UTF8.self),
                            idempotencyKey: "habitReminder:\(habit.id):\(day.iso8601)"))
                }
            }
            try await repositories.jobs.enqueue(jobs)
        }
        return day
    }
}

/// Two `thrive serve` processes on one PostgreSQL, both running jobs: claims lock rows with
/// `FOR UPDATE SKIP LOCKED`, so every reminder is made exactly once between them.
@Suite("Background jobs on two servers")
struct TwoServersTests {
    @Test func twoServersOnOnePostgreSQLRunEachJobOnce() async throws {
        guard let server = ProcessInfo.processInfo.environment["THRIVE_TEST_DATABASE_URL"] else {
            if ProcessInfo.processInfo.environment["THRIVE_SKIP_POSTGRES"] == "1" { return }
            Issue.record("THRIVE_TEST_DATABASE_URL is not set: run ./scripts/test, which starts PostgreSQL")
            return
        }
        var quiet = Logger(label: "test")
        quiet.logLevel = .error
        let name = "t_" + UUID().uuidString.lowercased().replacingOccurrences(of: "-", with: "").prefix(16)
        let admin = try await Database.open(.postgres(try PostgresURL(server)), logger: quiet)
        try await admin.read { try await $0.raw("CREATE DATABASE \(unsafeRaw: String(name))").run() }
        let url = String(server[..<server.lastIndex(of: "/")!]) + "/" + name
        let store = try await Store.open(.postgres(try PostgresURL(url)), logger: quiet)
        let people = 150
        let day = try await JobCrashTests.seed(store, now: Date(), people: people)
        let servers = (0..<2).map { index in
            ServerProcess(dataDirectory: Thrive().dataDirectory.appendingPathComponent("server-\(index)"))
        }
        for process in servers { try await process.start(environment: ["THRIVE_DATABASE_URL": url]) }
        let total = people * JobCrashTests.habitsEach
        var waiting = total
        let deadline = Date() + 120
        while waiting > 0 && Date() < deadline {
            waiting = try await JobCrashTests.count(
                store,
                "SELECT COUNT(*) AS n FROM jobs WHERE idempotency_key LIKE 'habitReminder:%:\(day.iso8601)' AND done_at IS NULL")
            if waiting > 0 { try await Task.sleep(for: .milliseconds(100)) }
        }
        for process in servers { #expect(process.stop() == 0) }
        #expect(waiting == 0)
        let sent = try await JobCrashTests.count(
            store, "SELECT COUNT(*) AS n FROM notifications WHERE kind = 'habitReminder'")
        let attempts = try await JobCrashTests.count(
            store,
            "SELECT COALESCE(MAX(attempts), 0) AS n FROM jobs WHERE idempotency_key LIKE 'habitReminder:%:\(day.iso8601)'")
        #expect(sent == total, "each reminder exactly once")
        #expect(attempts == 1, "no job was claimed twice")
        await store.close()
        for process in servers { process.cleanUp() }
        try await admin.read { try await $0.raw("DROP DATABASE IF EXISTS \(unsafeRaw: String(name)) WITH (FORCE)").run() }
        await admin.close()
    }
}
