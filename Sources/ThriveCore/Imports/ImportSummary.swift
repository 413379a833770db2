import Foundation

/// What an import held: records read per type, types Thrive does not use (counted, not dropped in
/// silence), records refused and why, the span and the sources.
public struct ImportSummary: Sendable, Equatable, Codable {
    public enum Refusal: String, Sendable, Codable, CodingKeyRepresentable, CaseIterable {
        /// A start or end that is not a date, or an end before the start.
        case badDate
        /// A value that is not a number (or not a known category value).
        case badValue
        /// A unit Thrive cannot convert to its own.
        case unknownUnit
        /// A value no body or device produces (a heart rate of 400).
        case outOfRange
    }

    /// Records read, by type ("HeartRate", "SleepAnalysis", "Workout").
    public var read: [String: Int] = [:]
    public var notUsed: [String: Int] = [:]
    public var refused: [Refusal: [String: Int]] = [:]
    public var first: Date?
    public var last: Date?
    public var sources: Set<String> = []
    public var bytesRead = 0

    public init() {}

    public var readCount: Int { read.values.reduce(0, +) }
    public var notUsedCount: Int { notUsed.values.reduce(0, +) }
    public var refusedCount: Int { refused.values.reduce(0) { $0 + $1.values.reduce(0, +) } }

    /// "2019–2026", or "2026" for a single year, in the person's time zone; empty with no records.
    public func years(in zone: TimeZone) -> String {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        guard let first, let last else { return "" }
        let (from, to) = (calendar.component(.year, from: first), calendar.component(.year, from: last))
        return from == to ? "\(from)" : "\(from)–\(to)"
    }
}
