import Foundation
import Testing
import ThriveCore

/// An import's years are the person's: a reading at 23:30 UTC on New Year's Eve is already next
/// year in Berlin and still this year in New York.
struct ImportSummaryTests {
    @Test func theYearsAreCountedInThePersonsZone() {
        var summary = ImportSummary()
        #expect(summary.years(in: .gmt) == "", "no records, no years")
        summary.first = ISO8601DateFormatter().date(from: "2024-12-31T23:30:00Z")
        summary.last = ISO8601DateFormatter().date(from: "2026-06-01T12:00:00Z")
        #expect(summary.years(in: TimeZone(identifier: "Europe/Berlin")!) == "2025–2026")
        #expect(summary.years(in: TimeZone(identifier: "America/New_York")!) == "2024–2026")
        summary.last = summary.first
        #expect(summary.years(in: TimeZone(identifier: "Europe/Berlin")!) == "2025")
    }
}
