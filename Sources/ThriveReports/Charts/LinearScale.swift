import Foundation

/// Maps values onto pixels, over a domain widened to round numbers, with the ticks a person reads on
/// an axis ("0, 2,000, 4,000 …" rather than "0, 1,837, 3,674 …").
public struct LinearScale: Sendable {
    public let lower: Double
    public let upper: Double
    public let step: Double
    /// The pixel range, `from` for `lower` and `to` for `upper` (an upward axis has `from > to`).
    public let from: Double
    public let to: Double

    /// - Parameter includeZero: start counts and sums at zero; measures like weight or heart rate do not.
    public init(values: [Double], from: Double, to: Double, targetTicks: Int = 5, includeZero: Bool = false) {
        var low = values.min() ?? 0
        var high = values.max() ?? 1
        if includeZero { low = min(low, 0) }
        if low == high {
            low -= low == 0 ? 0 : abs(low) * 0.1 + 1
            high += abs(high) * 0.1 + 1
        }
        let step = Self.niceNumber((high - low) / Double(max(targetTicks - 1, 1)), round: true)
        lower = (low / step).rounded(.down) * step
        upper = (high / step).rounded(.up) * step
        self.step = step
        self.from = from
        self.to = to
    }

    public func position(_ value: Double) -> Double {
        guard upper > lower else { return from }
        return from + (value - lower) / (upper - lower) * (to - from)
    }

    public var ticks: [Double] {
        let count = Int(((upper - lower) / step).rounded())
        return (0...count).map { lower + Double($0) * step }
    }

    /// Heckbert's "nice numbers" (Graphics Gems, 1990): 1, 2, 5 or 10 times a power of ten.
    static func niceNumber(_ value: Double, round: Bool) -> Double {
        guard value > 0, value.isFinite else { return 1 }
        let exponent = floor(log10(value))
        let fraction = value / pow(10, exponent)
        let nice: Double
        if round {
            nice = fraction < 1.5 ? 1 : fraction < 3 ? 2 : fraction < 7 ? 5 : 10
        } else {
            nice = fraction <= 1 ? 1 : fraction <= 2 ? 2 : fraction <= 5 ? 5 : 10
        }
        return nice * pow(10, exponent)
    }
}
