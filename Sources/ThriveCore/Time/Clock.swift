import Foundation

/// The current time, injected. Rules never call `Date()` themselves.
public struct Now: Sendable {
    private let read: @Sendable () -> Date

    public init(_ read: @escaping @Sendable () -> Date) {
        self.read = read
    }

    public static let system = Now { Date() }

    /// A clock stopped at one instant, for tests and reproducible runs.
    public static func fixed(_ date: Date) -> Now { Now { date } }

    public func callAsFunction() -> Date { read() }
}
