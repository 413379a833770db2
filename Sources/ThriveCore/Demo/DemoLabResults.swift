import Foundation

/// The demo person's lab history (spec 001): an MZ carrier tested every quarter for two years,
/// AAT a little under the usual range as carriers' often is, one kit at the lab now, and the kit
/// numbers the demo lab issued that nobody has registered yet (for trying registration).
public struct DemoLabResults: Sendable {
    public struct Test: Sendable {
        public let date: LocalDate
        public let milligramsPerDeciliter: Double
    }

    /// Oldest first, a quarter apart, the last one about two weeks ago.
    public let tests: [Test]
    public let genotype = Genotype("MZ")!
    /// Unregistered kits the demo lab keeps on its shelf.
    public static let spareKits = 5

    public init(lastDay: LocalDate) {
        // Carriers' levels move with colds and seasons: a fixed wave, not randomness, so every demo is the same.
        let levels = [92.0, 88.5, 97.0, 84.0, 90.5, 101.0, 86.5, 93.0]
        tests = levels.enumerated().map { index, level in
            Test(date: lastDay.adding(days: -14 - (levels.count - 1 - index) * 91), milligramsPerDeciliter: level)
        }
    }
}
