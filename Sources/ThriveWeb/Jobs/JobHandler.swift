import Foundation
import ThriveCore

/// What a job's run came to.
enum JobOutcome: Sendable, Equatable {
    case done
    /// Not yet: run it again at this time (a reminder waiting out quiet hours).
    case later(Date)
    /// Not yet, remembering what it has done so far in its payload.
    case laterWith(Date, payload: String)
}

/// Runs one kind of job. A handler must be safe to run twice for the same job (a lease can lapse
/// while it runs): it writes through keys that make a second run change nothing.
protocol JobHandler: Sendable {
    var kind: String { get }
    /// Tries before the job stays failed (``JobRetry``'s five unless a kind says otherwise).
    var maximumAttempts: Int { get }
    /// A job that may run for minutes (an import): `thrive serve` runs it beside the others, keeping
    /// its lease while it runs, instead of making reminders wait behind it.
    var runsLong: Bool { get }
    func run(_ job: Job) async throws -> JobOutcome
}

extension JobHandler {
    var maximumAttempts: Int { JobRetry.maximumAttempts }
    var runsLong: Bool { false }
}
