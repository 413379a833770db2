import Testing
import ThriveCore

@Suite("Durations in words")
struct DurationFormatTests {
    /// A whole hour says no "0 min" ("10 h", not "10 h 0 min"); under an hour, minutes alone.
    @Test(arguments: [
        (36_000.0, "10 h"), (36_060, "10 h 1 min"), (24_420, "6 h 47 min"), (3_599, "1 h"), (3_540, "59 min"),
        (1_080, "18 min"), (0, "0 min"),
    ])
    func hoursAndMinutes(seconds: Double, words: String) {
        #expect(DurationFormat.hoursAndMinutes(seconds) == words)
    }
}
