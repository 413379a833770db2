import Foundation
import Testing

@testable import ThriveCore

@Suite("The week's rhythm (weekday × hour)")
struct ActivityRhythmTests {
    static let watch = SampleSource(name: "Apple Watch", kind: .device)
    static let phone = SampleSource(name: "iPhone", kind: .device)
    /// Monday 26 October to Sunday 22 November 2026: four of each weekday.
    static let first = LocalDate(year: 2026, month: 10, day: 26)!
    static let last = LocalDate(year: 2026, month: 11, day: 22)!

    static func steps(_ value: Double, _ start: String, minutes: Double = 60, source: SampleSource = watch) -> QuantitySample {
        let begin = ISO8601DateFormatter().date(from: start)!
        return QuantitySample(
            id: SampleID(UUID()), type: .stepCount, value: value, start: begin, end: begin + minutes * 60, source: source)
    }

    @Test func eachHourIsTheAverageOfItsWeekdaysFromOneSourceADay() throws {
        let saturdays = ["2026-10-31", "2026-11-07", "2026-11-14", "2026-11-21"]
        var samples = saturdays.map { Self.steps(4_000, "\($0)T09:00:00Z") }
        // The phone counted the same walks: the watch wins those days, so they are not added twice.
        samples += saturdays.map { Self.steps(3_000, "\($0)T09:00:00Z", source: Self.phone) }
        // One Tuesday with only the phone: it counts, for that day.
        samples.append(Self.steps(800, "2026-11-17T12:00:00Z", source: Self.phone))
        // A walk across the hour: 17:30 to 18:30, half in each hour.
        samples.append(Self.steps(1_000, "2026-11-16T17:30:00Z"))
        // Outside the span: ignored.
        samples.append(Self.steps(9_999, "2026-10-25T09:00:00Z"))

        let utc = TimeZone(identifier: "UTC")!
        let rhythm = ActivityRhythm.average(samples, from: Self.first, through: Self.last, zone: utc, policy: SourcePolicy())
        #expect(rhythm.weekdayCounts == [4, 4, 4, 4, 4, 4, 4])
        #expect(rhythm.cells[5][9] == 4_000, "Saturday 09:00, every week")
        #expect(rhythm.cells[1][12] == 200, "one Tuesday of four")
        #expect(rhythm.cells[0][17] == 125 && rhythm.cells[0][18] == 125, "500 in each hour, one Monday of four")
        #expect(rhythm.cells[6].allSatisfy { $0 == 0 })
        let busiest = try #require(rhythm.busiest)
        #expect(busiest.weekday == 5 && busiest.hour == 9 && busiest.value == 4_000)
        #expect(rhythm.dayTotals[5] == 4_000)
        #expect(!rhythm.isEmpty)
    }

    @Test func hoursAreTheLocalClocksAcrossADaylightSavingChange() {
        // New York fell back on Sunday 1 November 2026: 01:30 happened twice (05:30 and 06:30 UTC).
        let zone = TimeZone(identifier: "America/New_York")!
        let samples = [
            Self.steps(100, "2026-11-01T05:30:00Z", minutes: 10), Self.steps(100, "2026-11-01T06:30:00Z", minutes: 10),
            // 23:30 on Saturday 7 November local time is 04:30 UTC on the Sunday: it belongs to Saturday.
            Self.steps(400, "2026-11-08T04:30:00Z", minutes: 10),
        ]
        let rhythm = ActivityRhythm.average(samples, from: Self.first, through: Self.last, zone: zone, policy: SourcePolicy())
        #expect(rhythm.cells[6][1] == 50, "both 01:30s are Sunday 01:00–02:00: 200 over four Sundays")
        #expect(rhythm.cells[5][23] == 100)
        #expect(ActivityRhythm.row(LocalDate(year: 2026, month: 11, day: 23)!) == 0, "Monday is the first row")
    }

    @Test func nothingRecordedIsEmpty() {
        let rhythm = ActivityRhythm.average(
            [], from: Self.first, through: Self.last, zone: TimeZone(identifier: "UTC")!, policy: SourcePolicy())
        #expect(rhythm.isEmpty)
        #expect(rhythm.busiest == nil)
    }
}
