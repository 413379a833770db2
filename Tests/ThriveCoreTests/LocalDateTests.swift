import Foundation
import PropertyBased
import Testing
import ThriveCore

@Suite("Calendar dates")
struct LocalDateTests {
    @Test(arguments: [
        ("2026-02-28", true), ("2024-02-29", true), ("2026-02-29", false), ("2026-04-31", false),
        ("2026-13-01", false), ("26-01-01", false), ("2026-1-01", false), ("", false), ("2026-01-01T00:00", false),
    ])
    func parsesOnlyRealDays(text: String, valid: Bool) {
        #expect((LocalDate(iso8601: text) != nil) == valid)
    }

    @Test func ageCountsBirthdaysInThePersonsOwnZone() throws {
        let profile = Profile(dateOfBirth: LocalDate(year: 1990, month: 3, day: 14), timeZoneIdentifier: "Pacific/Auckland")
        // 13 March 2026 23:30 UTC is already 14 March (12:30) in Auckland: the birthday has come.
        let instant = try #require(ISO8601DateFormatter().date(from: "2026-03-13T23:30:00Z"))
        #expect(profile.age(at: instant) == 36)
        var westward = profile
        westward.timeZoneIdentifier = "America/Los_Angeles"
        #expect(westward.age(at: instant) == 35)
    }

    @Test func weekdaysFollowTheCalendar() {
        // 22 November 2026 is a Sunday; 1 January 2000 was a Saturday.
        #expect(LocalDate(year: 2026, month: 11, day: 22)!.weekday == 1)
        #expect(LocalDate(year: 2000, month: 1, day: 1)!.weekday == 7)
    }

    @Test func addingDaysCrossesMonthsAndLeapDays() {
        #expect(LocalDate(year: 2024, month: 2, day: 28)!.adding(days: 1).iso8601 == "2024-02-29")
        #expect(LocalDate(year: 2026, month: 12, day: 31)!.adding(days: 1).iso8601 == "2027-01-01")
        #expect(LocalDate(year: 2026, month: 3, day: 1)!.adding(days: -365).iso8601 == "2025-03-01")
        #expect(LocalDate(year: 2000, month: 1, day: 1)!.days(since: LocalDate(year: 1900, month: 1, day: 1)!) == 36_524)
        #expect(LocalDate(daysSinceEpoch: 0).iso8601 == "1970-01-01")
        #expect(LocalDate(daysSinceEpoch: -1).iso8601 == "1969-12-31")
        #expect(LocalDate(year: 1, month: 1, day: 1)!.iso8601 == "0001-01-01")
    }

    /// Zones with clock changes at midnight (São Paulo until 2019, Havana, Santiago), a skipped day
    /// (Apia, 30 December 2011), half and quarter hours (Kolkata, Kathmandu, Lord Howe's half-hour
    /// summer time, Chatham) and the date line.
    static let zones = [
        "UTC", "Europe/London", "America/Sao_Paulo", "America/Havana", "America/Santiago", "Pacific/Apia",
        "Asia/Kolkata", "Asia/Kathmandu", "Australia/Lord_Howe", "Pacific/Chatham", "Pacific/Kiritimati",
        "Pacific/Pago_Pago", "America/St_Johns", "Asia/Tehran",
    ].map { TimeZone(identifier: $0)! }

    /// The arithmetic agrees with Foundation's `Calendar` on the day an instant falls on and the
    /// instant a day starts, across a century and a half of every kind of clock change.
    @Test func arithmeticAgreesWithTheCalendar() async {
        await propertyCheck(
            input: Gen.int(in: -25_000...40_000), Gen.int(in: 0...(Self.zones.count - 1)), Gen.int(in: 0...86_399)
        ) {
            day, zoneIndex, second in
            let zone = Self.zones[zoneIndex]
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            let date = LocalDate(daysSinceEpoch: day)
            #expect(
                date.start(in: zone) == calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day)))
            let instant = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(second))
            let expected = calendar.dateComponents([.year, .month, .day, .weekday], from: instant)
            let actual = LocalDate(instant, in: zone)
            #expect(
                [actual.year, actual.month, actual.day, actual.weekday] == [
                    expected.year, expected.month, expected.day, expected.weekday,
                ])
        }
    }

    @Test func everyZoneOnEveryClockChangeOfTwoYears() {
        for zone in Self.zones {
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            var date = LocalDate(year: 2010, month: 1, day: 1)!
            while date.year < 2012 {
                let expected = calendar.date(from: DateComponents(year: date.year, month: date.month, day: date.day))!
                #expect(date.start(in: zone) == expected, "\(zone.identifier) \(date)")
                date = date.adding(days: 1)
            }
        }
    }
}

@Suite("Units")
struct UnitTests {
    @Test func poundIsExactlyTheInternationalPound() {
        // The 1959 international yard and pound agreement: 1 lb = 0.45359237 kg.
        #expect(Mass(pounds: 1).kilograms == 0.453_592_37)
        #expect(abs(Mass(kilograms: 100).pounds - 220.462_262) < 1e-6)
    }

    @Test func lengthsConvertThroughTheExactInch() {
        #expect(abs(Length(feet: 5, inches: 10).metres - 1.778) < 1e-12)
        #expect(abs(Length(centimetres: 254).totalInches - 100) < 1e-9)
    }

    /// Masses are formatted by the web layer, in the reader's locale (`DisplayFormat.mass`).
    @Test(arguments: [(UnitSystem.metric, "178 cm"), (UnitSystem.imperial, "5 ft 10 in")])
    func formatsInTheChosenUnits(system: UnitSystem, length: String) {
        #expect(system.format(Length(metres: 1.778)) == length)
    }
}

@Suite("Division that rounds down")
struct FloorDivisionTests {
    /// Hours before 1970 belong to the day before: −1 and −24 to day −1, −25 to day −2.
    @Test(arguments: [
        (0, 0, 0), (23, 0, 23), (24, 1, 0), (-1, -1, 23), (-14, -1, 10), (-24, -1, 0), (-25, -2, 23), (-48, -2, 0),
    ])
    func hoursFallInTheDayThatHoldsThem(hour: Int, day: Int, hourOfDay: Int) {
        #expect(hour.floorDivided(by: 24) == day)
        #expect(hour.floorModulo(24) == hourOfDay)
    }
}
