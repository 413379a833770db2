import Benchmark
import Foundation
import Hummingbird
import HummingbirdTesting
import NIOCore
import ThriveCore
import ThriveStore
import ThriveWeb

/// Issue 27's targets for spec 001's GraphQL queries, through the router: `MobileDashboard` for a
/// person with ten years of quarterly results, p99 under 15 ms; a `TestResults` page of 20, p99
/// under 10 ms. The person is the demo person (two years of results) with eight more years added.
func labGraphQLBenchmarks() {
    let dashboard = #"""
        {"query":"query MobileDashboard($userId: ID!) { user(id: $userId) { id firstName latestTestResult { id testDate aatLevel status normalRange { min max } } testHistory(limit: 5) { id testDate aatLevel } pendingKits { id registeredAt status } } }","variables":{"userId":"USER"}}
        """#
    let results = #"""
        {"query":"query TestResults($userId: ID!, $cursor: String, $limit: Int = 20) { testResults(userId: $userId, after: $cursor, first: $limit) { edges { node { id testDate aatLevel genotype pdfUrl interpretationSummary } cursor } pageInfo { hasNextPage endCursor } } }","variables":{"userId":"USER"}}
        """#
    for (name, body) in [("MobileDashboard", dashboard), ("TestResults, a page of 20", results)] {
        Benchmark(
            "GraphQL: \(name) for ten years of quarterly lab results",
            configuration: .init(metrics: [requestMicroseconds, answerBytes], warmupIterations: 1, maxIterations: 3)
        ) { (benchmark: Benchmark, person: LabPerson) async throws in
            let app = try await person.application()
            let (times, bytes) = try await app.test(.router) { client -> ([Int], Int) in
                let (_, bearer) = try await logIn(client)
                let request = ByteBuffer(string: body.replacingOccurrences(of: "USER", with: person.owner.rawValue.uuidString))
                return try await timedRequests(200) {
                    let response = try await client.execute(
                        uri: "/api/v1/graphql", method: .post,
                        headers: [.authorization: "Bearer \(bearer)", .contentType: "application/json"], body: request)
                    precondition(
                        response.status == .ok && !String(buffer: response.body).contains("errors"), "\(response.status)")
                    return response
                }
            }
            for time in times { benchmark.measurement(requestMicroseconds, time) }
            benchmark.measurement(answerBytes, bytes)
        } setup: {
            try await LabPerson.make()
        }
    }
}

/// The demo person with forty quarterly AAT results.
struct LabPerson: Sendable {
    let fixture: Fixture
    let owner: UserID

    func application() async throws -> some ApplicationProtocol {
        try await benchmarkApplication(store: fixture.store)
    }

    static func make() async throws -> LabPerson {
        let fixture = try await Fixture.sqlite()
        let zone = TimeZone(identifier: "Europe/London")!
        let seeded = try await DemoSeeder(store: fixture.store, hasher: BcryptPasswordHasher(cost: 4))
            .ensure(refresh: true, scale: .standard, timeZone: zone)
        let owner = seeded.account.id
        let today = LocalDate(Date(), in: zone)
        try await fixture.store.write { repositories in
            let kits = try await repositories.testKits.issue(count: 32, batch: "bench", at: Date(), ids: .random)
            for (index, kit) in kits.enumerated() {
                _ = try await repositories.records(of: owner).labs.register(kit, at: Date(), photo: nil)
                try await repositories.testKits.post(
                    LabResult(
                        id: LabResultID(UUID()), owner: owner, kit: kit,
                        testDate: today.adding(days: -(2 * 365 + 91 * (index + 1))),
                        aat: AATLevel(milligramsPerDeciliter: 80 + Double(index % 7) * 4), genotype: Genotype("MZ"),
                        reportedAt: Date()),
                    report: nil, finding: false)
            }
        }
        return LabPerson(fixture: fixture, owner: owner)
    }
}
