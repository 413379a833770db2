import Foundation
import Testing

@testable import ThriveCore

@Suite("Breathing symptom logs")
struct BreathingLogTests {
    static let today = LocalDate(iso8601: "2026-11-27")!

    /// Today and a year back are accepted; tomorrow and a year and a day back are not.
    @Test func aLogIsDatedTodayOrWithinThePastYear() {
        #expect(BreathingLog.check(day: Self.today, today: Self.today, note: nil) == nil)
        #expect(BreathingLog.check(day: Self.today.adding(days: 1), today: Self.today, note: nil) == .day)
        #expect(BreathingLog.check(day: Self.today.adding(days: -365), today: Self.today, note: nil) == nil)
        #expect(BreathingLog.check(day: Self.today.adding(days: -366), today: Self.today, note: nil) == .day)
        #expect(BreathingLog.check(day: Self.today, today: Self.today, note: String(repeating: "a", count: 500)) == nil)
        #expect(BreathingLog.check(day: Self.today, today: Self.today, note: String(repeating: "a", count: 501)) == .note)
    }

    @Test func whatWasFeltComesWorstFirstAndNoneIsLeftOut() {
        let log = BreathingLog(
            id: BreathingLogID(UUID()), day: Self.today, recordedAt: Date(),
            severities: [.wheeze: .mild, .cough: .severe, .breathlessness: .none], note: nil)
        #expect(log.felt.map(\.0) == [.cough, .wheeze])
        #expect(log.severity(.exerciseTolerance) == .none)
        #expect(SymptomSeverity(name: "Moderate") == .moderate && SymptomSeverity(name: "awful") == nil)
    }
}
