import Foundation

/// Days from registering a kit to its result, from a count of kits per whole day.
public struct TurnaroundDays: Hashable, Sendable {
    public let median: Int
    /// 90 in 100 results came within this many days.
    public let ninetieth: Int

    /// Nil without any kit.
    public init?(_ histogram: [Int: Int]) {
        let total = histogram.values.reduce(0, +)
        guard total > 0 else { return nil }
        median = Self.rank((total + 1) / 2, histogram)
        ninetieth = Self.rank(Int((Double(total) * 0.9).rounded(.up)), histogram)
    }

    /// The day of the kit at `rank` (1-based) in day order: the nearest-rank percentile.
    private static func rank(_ rank: Int, _ histogram: [Int: Int]) -> Int {
        var seen = 0
        for day in histogram.keys.sorted() {
            seen += histogram[day] ?? 0
            if seen >= rank { return day }
        }
        return histogram.keys.max() ?? 0
    }

    public static func merged(_ histograms: [[Int: Int]]) -> [Int: Int] {
        histograms.reduce(into: [:]) { all, one in all.merge(one, uniquingKeysWith: +) }
    }
}
