import Foundation

/// One metric's value on each day of a range (nil where nothing was recorded), and what a person
/// wants to know about it: the average, how it moved against the period before, its best and worst
/// day, and the days far outside the usual.
public struct DailyTrend: Hashable, Sendable {
    public struct Day: Hashable, Sendable {
        public let date: LocalDate
        public let value: Double?
        /// The day's lowest to highest reading, for measures read many times a day (heart rate).
        public let spread: ClosedRange<Double>?

        public init(date: LocalDate, value: Double?, spread: ClosedRange<Double>? = nil) {
            self.date = date
            self.value = value
            self.spread = spread
        }
    }

    public struct Extreme: Hashable, Sendable {
        public let date: LocalDate
        public let value: Double
    }

    public let days: [Day]
    /// Days with a value.
    public let count: Int
    public let average: Double?
    /// The average over the same number of days just before the range, when it had values.
    public let previousAverage: Double?
    public let lowest: Extreme?
    public let highest: Extreme?
    /// Days far outside the others (spec F4.3's "more than 3 standard deviations", as
    /// ``Statistics/isOutlier(_:among:)`` reads it, with the period before helping judge the spread).
    public let anomalies: [Extreme]
    /// Least-squares change per day over the range.
    public let slopePerDay: Double?
    /// A day still under way whose value is drawn but not yet judged (today's steps or meals).
    public let inProgress: LocalDate?

    /// The fewest days with values for a trend to be worth drawing (spec F4.3: fewer than 3 points is an empty state).
    public static let minimumPoints = 3

    /// - Parameter inProgress: a day whose total is not a whole day's yet: it is drawn, but kept out
    ///   of the average, the extremes, the outliers and the slope.
    public init(days: [Day], previous: [Day] = [], inProgress: LocalDate? = nil) {
        self.days = days
        self.inProgress = inProgress
        let known = days.compactMap { day in
            day.date == inProgress ? nil : day.value.map { Extreme(date: day.date, value: $0) }
        }
        count = known.count
        average = Statistics.mean(known.map(\.value))
        previousAverage = Statistics.mean(previous.compactMap(\.value))
        lowest = known.min { $0.value < $1.value }
        highest = known.max { $0.value < $1.value }
        anomalies = Statistics.outliers(known.map(\.value), baseline: previous.compactMap(\.value)).map { known[$0] }
        let first = days.first?.date
        slopePerDay = first.flatMap { first in
            Statistics.slope(known.map { Double($0.date.days(since: first)) }, known.map(\.value))
        }
    }

    public var hasEnoughPoints: Bool { count >= Self.minimumPoints }

    /// How many more days with values a chart needs.
    public var missingPoints: Int { max(0, Self.minimumPoints - count) }

    /// The change of the average against the period before, when both are known.
    public var change: Double? {
        guard let average, let previousAverage else { return nil }
        return average - previousAverage
    }
}
