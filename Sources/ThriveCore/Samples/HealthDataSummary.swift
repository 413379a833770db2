import Foundation

/// How many records of one kind a person has, and the time they span.
public struct RecordSpan: Hashable, Sendable, Codable {
    public var count: Int
    public var first: Date?
    public var last: Date?

    public init(count: Int, first: Date?, last: Date?) {
        self.count = count
        self.first = first
        self.last = last
    }

    public static let empty = RecordSpan(count: 0, first: nil, last: nil)

    /// The span covering both.
    public func merged(with other: RecordSpan) -> RecordSpan {
        RecordSpan(
            count: count + other.count,
            first: [first, other.first].compactMap { $0 }.min(),
            last: [last, other.last].compactMap { $0 }.max())
    }
}

/// A kind of record a person can hold, across the record families.
public enum RecordKind: Hashable, Sendable, Comparable {
    case quantity(QuantityType)
    case category(CategoryType)
    case workout
    case food
    case moodCheckIn

    /// A stable machine name: the HealthKit identifier for samples, a short word otherwise.
    public var identifier: String {
        switch self {
        case .quantity(let type): type.rawValue
        case .category(let type): type.rawValue
        case .workout: "workout"
        case .food: "food"
        case .moodCheckIn: "moodCheckIn"
        }
    }

    /// Every kind, in the order pages list them.
    public static let all: [RecordKind] =
        QuantityType.allCases.map(RecordKind.quantity) + CategoryType.allCases.map(RecordKind.category)
        + [.workout, .food, .moodCheckIn]

    public static func < (lhs: RecordKind, rhs: RecordKind) -> Bool {
        (all.firstIndex(of: lhs) ?? 0) < (all.firstIndex(of: rhs) ?? 0)
    }
}

/// What a person has stored, kind by kind: the "a year of data" view before dashboards exist.
public struct HealthDataSummary: Hashable, Sendable {
    public var spans: [RecordKind: RecordSpan]

    public init(spans: [RecordKind: RecordSpan] = [:]) {
        self.spans = spans.filter { $0.value.count > 0 }
    }

    public var isEmpty: Bool { spans.isEmpty }

    public var total: RecordSpan {
        spans.values.reduce(RecordSpan.empty) { $0.merged(with: $1) }
    }

    /// Kinds with records, in display order.
    public var kinds: [(kind: RecordKind, span: RecordSpan)] {
        spans.sorted { $0.key < $1.key }.map { ($0.key, $0.value) }
    }

    /// Whole days from the first to the last record, counting both.
    public func daysCovered(in timeZone: TimeZone) -> Int {
        let total = total
        guard let first = total.first, let last = total.last else { return 0 }
        let start = LocalDate(first, in: timeZone).start(in: TimeZone(identifier: "UTC")!)
        let end = LocalDate(last, in: timeZone).start(in: TimeZone(identifier: "UTC")!)
        return Int((end.timeIntervalSince(start) / 86_400).rounded()) + 1
    }
}
