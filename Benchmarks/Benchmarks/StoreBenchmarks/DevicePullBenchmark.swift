import Benchmark
import Foundation
import ThriveCore
import ThriveImport
import ThriveStore
import ThriveTestSupport

/// A connected device's first pull, as the relay does it: a fresh access token from the refresh
/// token, 30 days of Fitbit's minute heart rate, steps and SpO₂ with sleep and weigh-ins read over
/// real HTTP from the local stub (94 requests, 6 at a time), mapped and stored for a new person.
/// Issue 25's target: under 2 seconds.
/// Milliseconds the pull itself took.
let pullMilliseconds = BenchmarkMetric.custom("pull ms", polarity: .prefersSmaller, useScalingFactor: false)

func devicePullBenchmarks() {
    Benchmark(
        "Devices: first pull of 30 days of minute data from Fitbit (stub), refresh + read + store, 48,577 records",
        configuration: .init(
            metrics: [pullMilliseconds, recordsPerSecond, .peakMemoryResident], warmupIterations: 1, maxDuration: .seconds(60),
            maxIterations: 5)
    ) { (benchmark: Benchmark, fixture: Fixture) async throws in
        let (elapsed, stored) = try await StubDeviceProviders.run { stub -> (Duration, Int) in
            let app = ProviderApp(
                provider: .fitbit, clientID: stub.clientID, clientSecret: stub.clientSecret,
                endpoints: .rebased(.fitbit, on: stub.baseURL))
            let client = OAuthClient(app: app, transport: HTTPProviderTransport())
            let verifier = PKCE.newVerifier()
            let redirect = "http://127.0.0.1:9/oauth/callback"
            let back = try await StubDeviceProviders.consent(
                at: client.authorizationURL(redirectURI: redirect, state: "bench", challenge: PKCE.challenge(for: verifier))
                    .absoluteString)
            let code = back.queryItems?.first { $0.name == "code" }?.value ?? ""
            let first = try await client.exchange(code: code, verifier: verifier, redirectURI: redirect)
            let owner = try await fixture.store.write { repositories -> UserID in
                let account = Account(
                    id: UserID(UUID()), email: try EmailAddress("pull-\(UUID().uuidString.prefix(8))@example.com"),
                    passwordHash: "-", createdAt: Date())
                try await repositories.accounts.create(account)
                return account.id
            }
            let clock = ContinuousClock()
            var stored = 0
            let elapsed = try await clock.measure {
                let grant = try await client.refresh(first.refresh!)
                defer { grant.wipe() }
                let now = Date()
                var records = DeviceRecords(owner: owner, provider: .fitbit, pulledAt: now)
                try await DeviceReaders.reader(for: .fitbit).read(
                    DateInterval(start: PullSchedule.windowStart(lastSyncAt: nil, now: now), end: now), zone: .gmt,
                    into: &records,
                    api: ProviderAPI(endpoints: app.endpoints, transport: HTTPProviderTransport(), token: grant.access))
                records.removeDuplicates()
                let pulled = records
                try await fixture.store.write { repositories in
                    let personal = repositories.records(of: owner)
                    try await personal.quantitySamples.store(pulled.quantities)
                    try await personal.categorySamples.store(pulled.categories)
                }
                stored = pulled.count
            }
            return (elapsed, stored)
        }
        // 31 days touched: 1,440 heart rates, a resting rate, 60 steps and 60 SpO₂ minutes, 5 sleep stages, a weigh-in.
        precondition(stored == 31 * 1_567, "\(stored) records")
        // The pull alone: the stub's start, the consent and the person's account are not in it.
        benchmark.measurement(pullMilliseconds, Int(elapsed / .milliseconds(1)))
        benchmark.measurement(recordsPerSecond, Int(Double(stored) / (Double(elapsed / .milliseconds(1)) / 1_000)))
    } setup: {
        try await Fixture.sqlite()
    }
}
