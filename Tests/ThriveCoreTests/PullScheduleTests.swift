import Foundation
import Testing
import ThriveCore

/// When a connected device is pulled again, and when its data counts as stale (spec 000: older than
/// 24 hours), on both sides of each edge.
struct PullScheduleTests {
    static let now = Date(timeIntervalSince1970: 1_795_000_000)

    @Test(
        arguments: [
            (0, nil, 1_800.0), (1, nil, 1_800), (2, nil, 3_600), (3, nil, 7_200), (5, nil, 28_800), (6, nil, 43_200),
            (40, nil, 43_200), (1, 30, 60), (1, 59, 60), (1, 61, 61), (3, 120, 120), (1, 86_400, 43_200),
        ] as [(Int, Double?, Double)])
    func theNextPullWaitsLongerAfterEachFailureAndAsLongAsTheProviderAsks(
        failures: Int, retryAfter: Double?, wait: Double
    ) {
        #expect(PullSchedule.next(after: Self.now, failures: failures, retryAfter: retryAfter) == Self.now + wait)
    }

    @Test func dataIsStaleAfterTwentyFourHoursToTheSecond() {
        let synced = DeviceConnection(
            id: DeviceConnectionID(UUID()), provider: .oura, scopes: [.sleep], connectedAt: Self.now - 10 * 86_400,
            lastSyncAt: Self.now - 86_400)
        #expect(!synced.isStale(at: Self.now), "exactly a day old is not yet stale")
        #expect(synced.isStale(at: Self.now + 1))
        let never = DeviceConnection(id: DeviceConnectionID(UUID()), provider: .whoop, scopes: [.sleep], connectedAt: Self.now)
        #expect(!never.isStale(at: Self.now + 86_400) && never.isStale(at: Self.now + 86_401))
    }

    @Test func eachPullReachesBackOverTheLastSyncButNeverBeyondThirtyDays() {
        #expect(PullSchedule.windowStart(lastSyncAt: nil, now: Self.now) == Self.now - 30 * 86_400)
        #expect(PullSchedule.windowStart(lastSyncAt: Self.now - 1_800, now: Self.now) == Self.now - 1_800 - 36 * 3_600)
        #expect(PullSchedule.windowStart(lastSyncAt: Self.now - 90 * 86_400, now: Self.now) == Self.now - 30 * 86_400)
    }
}
