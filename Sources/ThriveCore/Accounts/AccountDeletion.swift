import Foundation

/// Leaving Thrive (spec 000 F4.6): a person's deletion waits 14 days, in which signing in again
/// cancels it; two days before the end they are reminded; then every row and file of theirs goes.
/// The operator's `thrive user delete` deletes at once.
public struct AccountDeletion: Hashable, Sendable {
    public let requestedAt: Date

    public static let coolingOff: TimeInterval = 14 * 86_400
    public static let reminderBefore: TimeInterval = 2 * 86_400

    public init(requestedAt: Date) {
        self.requestedAt = requestedAt
    }

    public var dueAt: Date { requestedAt + Self.coolingOff }
    public var reminderAt: Date { dueAt - Self.reminderBefore }

    /// Whether the deletion may run at `now`: at the fourteen days exactly, it may.
    public func isDue(at now: Date) -> Bool { now >= dueAt }
}
