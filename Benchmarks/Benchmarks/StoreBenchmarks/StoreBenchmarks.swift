import Benchmark
import Foundation
import Logging
import Synchronization
import ThriveCore
import ThriveStore
import ThriveWeb

/// Rows written or read per second, the figure the store's targets are stated in.
let rowsPerSecond = BenchmarkMetric.custom("rows/s", polarity: .prefersLarger, useScalingFactor: false)

/// A fresh store with one person in it.
struct Fixture: Sendable {
    let store: Store
    let owner: UserID
    let cleanup: @Sendable () async -> Void

    static func sqlite() async throws -> Fixture {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("thrive-bench-\(UUID().uuidString)")
        let store = try await Store.open(.sqlite(path: folder.appendingPathComponent("thrive.sqlite").path), logger: quiet)
        return try await Fixture(store: store) {
            await store.close()
            try? FileManager.default.removeItem(at: folder)
        }
    }

    /// PostgreSQL at `THRIVE_BENCH_DATABASE_URL`, a scratch database: its schema is dropped and recreated.
    static func postgres(_ url: String) async throws -> Fixture {
        let location = DatabaseLocation.postgres(try PostgresURL(url))
        let scratch = try await Database.open(location, logger: quiet)
        try await scratch.read { sql in
            try await sql.raw("DROP SCHEMA public CASCADE").run()
            try await sql.raw("CREATE SCHEMA public").run()
        }
        await scratch.close()
        let store = try await Store.open(location, logger: quiet)
        return try await Fixture(store: store) { await store.close() }
    }

    private init(store: Store, cleanup: @escaping @Sendable () async -> Void) async throws {
        let account = Account(
            id: UserID(UUID()), email: try EmailAddress("bench-\(UUID().uuidString.prefix(8))@example.com"),
            passwordHash: "-", createdAt: Date())
        try await store.write { try await $0.accounts.create(account) }
        self.store = store
        self.owner = account.id
        self.cleanup = cleanup
    }

    static var quiet: Logger {
        var logger = Logger(label: "bench")
        logger.logLevel = .error
        return logger
    }
}

/// `count` minute-by-minute heart-rate samples from `start`, each with its own sync identifier.
func heartRates(_ count: Int, from start: Date, tag: String) -> [QuantitySample] {
    let watch = SampleSource(name: "Apple Watch", kind: .device)
    return (0..<count).map { minute in
        let time = start.addingTimeInterval(Double(minute) * 60)
        return QuantitySample(
            id: IDGenerator.random.make(), type: .heartRate, value: Double(55 + minute % 60), start: time, end: time,
            source: watch,
            sync: SyncStamp(identifier: "\(tag)-\(minute)"))
    }
}

/// Times `body`, excluding everything before and after it, and records rows per second.
func measureRows(_ benchmark: Benchmark, rows: Int, _ body: () async throws -> Void) async throws {
    let clock = ContinuousClock()
    benchmark.startMeasurement()
    let elapsed = try await clock.measure { try await body() }
    benchmark.stopMeasurement()
    let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    benchmark.measurement(rowsPerSecond, Int(Double(rows) / seconds))
}

let insertBatch = 50_000

/// Time per day computed, the figure the engines' target is stated in.
let microsecondsPerDay = BenchmarkMetric.custom("µs/day", polarity: .prefersSmaller, useScalingFactor: false)

/// The demo person at the heavy scale (five years, minute-level heart rate around the clock) in a
/// fresh SQLite store, and the days whose overviews the benchmark computes: today, and 19 days
/// spread over the five years.
struct HeavyUser: Sendable {
    let fixture: Fixture
    let owner: UserID
    let engines: HealthEngineService
    let days: [LocalDate]

    static func make() async throws -> HeavyUser {
        let fixture = try await Fixture.sqlite()
        let zone = TimeZone(identifier: "Europe/London")!
        let seeded = try await DemoSeeder(store: fixture.store, hasher: BcryptPasswordHasher(cost: 4))
            .ensure(refresh: true, scale: .heavy, timeZone: zone)
        precondition(seeded.recordCount > 2_500_000, "five years with minute-level heart rate")
        let today = LocalDate(Date(), in: zone)
        let days = [today] + (1..<20).map { today.adding(days: -$0 * 91) }
        return HeavyUser(
            fixture: fixture, owner: seeded.account.id,
            engines: HealthEngineService(store: fixture.store, now: .system, ids: .random), days: days)
    }
}

/// A store with the food catalog loaded, and what people type while searching it: whole words,
/// partial last words, two-word searches, and words that match hundreds of foods.
final class FoodSearch: Sendable {
    let fixture: Fixture
    let queries: [FoodSearchQuery]
    private let next = Atomic<Int>(0)

    init(_ fixture: Fixture) async throws {
        try await FoodCatalogLoader.loadIfNeeded(fixture.store)
        self.fixture = fixture
        queries = try [
            "ch", "chi", "chick", "chicken", "chicken brea", "chicken breast roasted", "apple", "apple raw", "ban", "banana",
            "rice", "rice brown cooked", "oat", "oatmeal", "egg", "eggs scrambled", "milk", "milk 2%", "salmon", "beef ground",
            "bread whole wheat", "cheese ched", "yogurt greek", "potato baked", "broccoli", "pasta", "pea", "beans black",
        ].map(FoodSearchQuery.init)
    }

    func search() async throws {
        let query = queries[next.add(1, ordering: .relaxed).oldValue % queries.count]
        let foods = try await fixture.store.read { try await $0.foods.search(query, limit: 20) }
        blackHole(foods)
    }
}

let benchmarks: @Sendable () -> Void = {
    // Fixtures live in temporary folders; remove them all once the run is over.
    Benchmark.teardown = {
        let temporary = FileManager.default.temporaryDirectory
        for name in (try? FileManager.default.contentsOfDirectory(atPath: temporary.path)) ?? []
        where name.hasPrefix("thrive-bench-") {
            try? FileManager.default.removeItem(at: temporary.appendingPathComponent(name))
        }
    }
    Benchmark.defaultConfiguration = .init(
        metrics: [.wallClock, rowsPerSecond], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 10)

    Benchmark("SQLite: insert 50,000 samples (batched, one transaction)") {
        (benchmark: Benchmark, fixture: Fixture) async throws in
        let samples = heartRates(insertBatch, from: Date(), tag: UUID().uuidString)
        try await measureRows(benchmark, rows: samples.count) {
            try await fixture.store.write { try await $0.records(of: fixture.owner).quantitySamples.store(samples) }
        }
    } setup: {
        try await Fixture.sqlite()
    }

    Benchmark("SQLite: read a week of minute heart rate (10,080 rows) from a year") {
        (benchmark: Benchmark, fixture: Fixture) async throws in
        let start = Date(timeIntervalSince1970: 1_780_000_000 + 200 * 86_400)
        try await measureRows(benchmark, rows: 10_080) {
            let rows = try await fixture.store.read {
                try await $0.records(of: fixture.owner).quantitySamples.samples(
                    of: .heartRate, in: DateWindow(from: start, to: start + 7 * 86_400), limit: nil)
            }
            precondition(rows.count == 10_080)
        }
    } setup: {
        let fixture = try await Fixture.sqlite()
        let year = heartRates(365 * 1_440, from: Date(timeIntervalSince1970: 1_780_000_000), tag: "year")
        try await fixture.store.write { try await $0.records(of: fixture.owner).quantitySamples.store(year) }
        return fixture
    }

    Benchmark("SQLite: generate and store the demo year (~85,000 records)") {
        (benchmark: Benchmark, fixture: Fixture) async throws in
        let generator = DemoDataGenerator(
            lastDay: LocalDate(Date(), in: .current), timeZone: .current, ids: .random)
        var records = HealthRecords()
        for day in generator.days() { records.append(day.records) }
        let all = records
        let owner = try await fixture.store.write { repositories -> UserID in
            let account = Account(
                id: UserID(UUID()), email: try EmailAddress("demo-\(UUID().uuidString.prefix(8))@example.com"), passwordHash: "-",
                createdAt: Date())
            try await repositories.accounts.create(account)
            return account.id
        }
        try await measureRows(benchmark, rows: all.count) {
            try await fixture.store.write { try await $0.records(of: owner).store(all) }
        }
    } setup: {
        try await Fixture.sqlite()
    }

    if let url = ProcessInfo.processInfo.environment["THRIVE_BENCH_DATABASE_URL"] {
        Benchmark("PostgreSQL: insert 50,000 samples (batched, one transaction)") {
            (benchmark: Benchmark, fixture: Fixture) async throws in
            let samples = heartRates(insertBatch, from: Date(), tag: UUID().uuidString)
            try await measureRows(benchmark, rows: samples.count) {
                try await fixture.store.write { try await $0.records(of: fixture.owner).quantitySamples.store(samples) }
            }
        } setup: {
            try await Fixture.postgres(url)
        }
    }

    Benchmark(
        "SQLite: day overview (scores, KPI cards, alerts) for a heavy user, 20 days over 5 years",
        configuration: .init(
            metrics: [.wallClock, microsecondsPerDay], warmupIterations: 1, maxDuration: .seconds(30), maxIterations: 20)
    ) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
        let clock = ContinuousClock()
        benchmark.startMeasurement()
        let elapsed = try await clock.measure {
            for day in heavy.days {
                blackHole(try await heavy.engines.overview(heavy.owner, on: day))
            }
        }
        benchmark.stopMeasurement()
        let microseconds = Double(elapsed.components.seconds) * 1e6 + Double(elapsed.components.attoseconds) / 1e12
        benchmark.measurement(microsecondsPerDay, Int(microseconds / Double(heavy.days.count)))
    } setup: {
        try await HeavyUser.make()
    }

    Benchmark(
        "Dashboard for a heavy user through the router: HTML and JSON, Light and Deep",
        configuration: .init(
            metrics: [.wallClock, dashboardHTMLMicroseconds, dashboardJSONMicroseconds, dashboardPageBytes],
            warmupIterations: 1, maxDuration: .seconds(60), maxIterations: 3)
    ) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
        try await measureDashboard(benchmark, heavy: heavy, requests: 150)
    } setup: {
        try await HeavyUser.make()
    }

    Benchmark(
        "Sync: the offline snapshot (7 days of dashboard) for a heavy user through the router",
        configuration: .init(
            metrics: [.wallClock, syncServerMicroseconds, syncSnapshotBytes], warmupIterations: 1, maxDuration: .seconds(60),
            maxIterations: 3)
    ) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
        try await measureOfflineSnapshot(benchmark, heavy: heavy, requests: 60)
    } setup: {
        try await HeavyUser.make()
    }

    Benchmark(
        "Sync: 10,000 queued changes from the Swift client over HTTP on 127.0.0.1",
        configuration: .init(
            metrics: [syncMilliseconds, syncRequestMilliseconds, changesPerSecond], warmupIterations: 1,
            maxDuration: .seconds(120), maxIterations: 5)
    ) { (benchmark: Benchmark, fixture: QueuedChangesFixture) async throws in
        try await measureQueuedChanges(benchmark, fixture: fixture, count: 10_000)
    } setup: {
        try await QueuedChangesFixture.make()
    }

    let routerConfiguration = Benchmark.Configuration(
        metrics: [.wallClock, requestMicroseconds, answerBytes], warmupIterations: 1, maxDuration: .seconds(60),
        maxIterations: 2)
    for (name, path) in [
        ("Chart: 365 days of minute-level heart rate as SVG, heavy user", "/api/v1/charts/heart-rate?range=365&format=svg"),
        ("Chart: 365 days of resting heart rate as SVG, heavy user", "/api/v1/charts/resting-heart-rate?range=365&format=svg"),
        ("Chart: 365 days of steps (weekly bars) as SVG, heavy user", "/api/v1/charts/steps?range=365&format=svg"),
        ("Chart: 90 days of sleep exported as PNG, heavy user", "/api/v1/charts/sleep?range=90&format=png"),
        ("Habits: today's habits with streaks, heavy user (20 habits, 5 years of check-ins)", "/api/v1/habits"),
        ("Habits: progress (week, 30 days, 12-week calendar, insights), heavy user", "/api/v1/habits/progress"),
    ] {
        Benchmark(name, configuration: routerConfiguration) { (benchmark: Benchmark, heavy: HeavyUser) async throws in
            try await measureRequests(benchmark, heavy: heavy, path: path, requests: 60)
        } setup: {
            try await HeavyUser.make()
        }
    }

    let searchConfiguration = Benchmark.Configuration(
        metrics: [.wallClock], warmupIterations: 28, maxDuration: .seconds(15), maxIterations: 2_800)
    Benchmark("SQLite: food search, 20 results with portions, one query", configuration: searchConfiguration) {
        (benchmark: Benchmark, search: FoodSearch) async throws in
        try await search.search()
    } setup: {
        try await FoodSearch(try await Fixture.sqlite())
    }
    if let url = ProcessInfo.processInfo.environment["THRIVE_BENCH_DATABASE_URL"] {
        Benchmark("PostgreSQL: food search, 20 results with portions, one query", configuration: searchConfiguration) {
            (benchmark: Benchmark, search: FoodSearch) async throws in
            try await search.search()
        } setup: {
            try await FoodSearch(try await Fixture.postgres(url))
        }
    }

    Benchmark(
        "bcrypt: hash one password at the default cost (12)",
        configuration: .init(metrics: [.wallClock], warmupIterations: 1, maxDuration: .seconds(20), maxIterations: 10)
    ) { (benchmark: Benchmark) async in
        let hash = await BcryptPasswordHasher(cost: AppConfiguration().bcryptCost).hash("correct-horse-9")
        blackHole(hash)
    }

    jobBenchmarks()
    importBenchmarks()
    exportBenchmarks()
    labGraphQLBenchmarks()
    labCSVBenchmarks()
    partnerDashboardBenchmarks()
    thriveExportImportBenchmarks()
    reportBenchmarks()
    devicePullBenchmarks()
}
