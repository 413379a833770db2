import Foundation

/// One weigh-in.
public struct WeighIn: Hashable, Sendable {
    public let date: Date
    public let kilograms: Double

    public init(date: Date, kilograms: Double) {
        self.date = date
        self.kilograms = kilograms
    }
}

/// The direction of body weight over a stretch of weigh-ins: the least-squares slope, so one heavy
/// morning does not read as a trend.
public enum WeightTrend {
    /// Kilograms per week (negative while losing); `nil` with fewer than two weigh-ins or less than a
    /// day between the first and the last.
    public static func kilogramsPerWeek(_ weighIns: [WeighIn]) -> Double? {
        guard weighIns.count >= 2, let first = weighIns.map(\.date).min(), let last = weighIns.map(\.date).max(),
            last.timeIntervalSince(first) >= 86_400
        else { return nil }
        let xs = weighIns.map { $0.date.timeIntervalSince(first) / (7 * 86_400) }
        let ys = weighIns.map(\.kilograms)
        return Statistics.slope(xs, ys)
    }
}
