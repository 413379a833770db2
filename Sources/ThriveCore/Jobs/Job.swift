import Foundation

public typealias JobID = Identifier<Job>

/// A piece of background work due at a time: sending a reminder, evaluating alerts after an upload,
/// planning tomorrow. The idempotency key makes a job exist once (a person, a kind and a local day,
/// say), so a restart, a crash mid-batch or a second server cannot do it twice.
public struct Job: Hashable, Sendable {
    public let id: JobID
    /// What to do: the name of the handler that runs it ("habitReminder").
    public let kind: String
    public let owner: UserID?
    public let dueAt: Date
    /// Small JSON the handler reads (a habit's id); never health values.
    public let payload: String
    public let idempotencyKey: String
    /// Tries so far, this one included once claimed.
    public var attempts: Int
    public var lastError: String?

    public init(
        id: JobID, kind: String, owner: UserID?, dueAt: Date, payload: String = "{}", idempotencyKey: String,
        attempts: Int = 0, lastError: String? = nil
    ) {
        self.id = id
        self.kind = kind
        self.owner = owner
        self.dueAt = dueAt
        self.payload = payload
        self.idempotencyKey = idempotencyKey
        self.attempts = attempts
        self.lastError = lastError
    }
}

/// When a failed job is tried again: after 30 seconds, then 2, 8 and 32 minutes; after 5 tries it
/// stays failed, with its last error, for an operator to see (`thrive jobs list`).
public enum JobRetry {
    public static let maximumAttempts = 5

    public static func delay(afterAttempt attempt: Int, maximum: Int = maximumAttempts) -> TimeInterval? {
        guard attempt < maximum else { return nil }
        return 30 * pow(4, Double(max(attempt - 1, 0)))
    }
}
