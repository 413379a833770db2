import Foundation

public typealias DeviceConnectionID = Identifier<DeviceConnection>

/// A person's link to one provider: what they consented to, when Thrive last pulled, and what went
/// wrong last. The provider's refresh token is kept sealed beside it by the store; this value never
/// holds a token.
public struct DeviceConnection: Equatable, Sendable, Identifiable {
    public enum State: String, Sendable, Codable, CaseIterable {
        /// Pulled every 30 minutes.
        case active
        /// The provider no longer accepts Thrive's authorization (the person revoked it there, or
        /// the refresh token expired): nothing is pulled until the person connects again.
        case needsReconnect
    }

    /// Why the last pull did not finish, in words the settings page can explain.
    public enum Problem: String, Sendable, Codable, CaseIterable {
        /// The provider asked Thrive to wait (HTTP 429); it pulls again when the provider allows.
        case rateLimited
        /// The provider answered with an error or could not be reached.
        case unavailable
        /// The authorization was withdrawn or has expired.
        case revoked
    }

    public let id: DeviceConnectionID
    public let provider: DeviceProvider
    public var scopes: [DeviceScope]
    public var state: State
    public let connectedAt: Date
    /// The end of the last pull that stored everything it fetched.
    public var lastSyncAt: Date?
    public var problem: Problem?
    /// Pulls in a row that failed; each waits longer (``PullSchedule``).
    public var failures: Int
    /// Records stored from this provider so far (those already there count too).
    public var recordsStored: Int

    public init(
        id: DeviceConnectionID, provider: DeviceProvider, scopes: [DeviceScope], state: State = .active, connectedAt: Date,
        lastSyncAt: Date? = nil, problem: Problem? = nil, failures: Int = 0, recordsStored: Int = 0
    ) {
        self.id = id
        self.provider = provider
        self.scopes = scopes
        self.state = state
        self.connectedAt = connectedAt
        self.lastSyncAt = lastSyncAt
        self.problem = problem
        self.failures = failures
        self.recordsStored = recordsStored
    }

    /// Spec 000: data more than 24 hours old is shown as stale, with the device's name. A
    /// connection that has never synced is stale once it is a day old.
    public func isStale(at now: Date) -> Bool {
        now.timeIntervalSince(lastSyncAt ?? connectedAt) > PullSchedule.staleAfter
    }
}
