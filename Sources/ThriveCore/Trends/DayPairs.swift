import Foundation

/// Two daily metrics side by side for "what affects what" (spec F4.3, E8): the days on which both
/// were recorded, the second read `lagDays` after the first (last night's sleep against the next
/// day's mood), and how strongly they move together.
public struct DayPairs: Sendable {
    public struct Pair: Sendable, Equatable {
        /// The day of the first metric; the second is from `lagDays` later.
        public let date: LocalDate
        public let x: Double
        public let y: Double
    }

    /// How strong a link is, by the size of Pearson's r (Cohen's conventional bands, 1988).
    public enum Strength: String, Sendable {
        case none, weak, moderate, strong

        public init(_ r: Double) {
            switch abs(r) {
            case ..<0.1: self = .none
            case ..<0.3: self = .weak
            case ..<0.5: self = .moderate
            default: self = .strong
            }
        }
    }

    /// Fewer days than this make a coefficient that means little; the chart says how many more it needs.
    public static let minimumPairs = 7

    public let pairs: [Pair]
    public let lagDays: Int

    public init(x: [LocalDate: Double], y: [LocalDate: Double], lagDays: Int) {
        self.lagDays = lagDays
        pairs = x.keys.sorted().compactMap { date in
            guard let first = x[date], let second = y[date.adding(days: lagDays)] else { return nil }
            return Pair(date: date, x: first, y: second)
        }
    }

    public var hasEnoughPairs: Bool { pairs.count >= Self.minimumPairs }

    /// Pearson's r over the pairs; nil with too few pairs or when either side never changes.
    public var correlation: Double? {
        guard hasEnoughPairs else { return nil }
        return Statistics.correlation(pairs.map(\.x), pairs.map(\.y))
    }
}
