import Foundation
import ThriveCore

/// WHOOP's API v2: each morning's recovery (resting heart rate, SpO₂), sleeps and the body
/// measurement. WHOOP gives a sleep's stage totals but not when each stage happened, so a night is
/// stored as its time in bed and, from its start, the time actually asleep.
struct WhoopReader: DeviceReader {
    struct Page<Item: Decodable>: ProviderPage {
        let records: [Item]
        let nextToken: String?
        var items: [Item] { records }
    }

    private func pages<Item: Decodable>(_ type: Item.Type, _ path: String, _ query: [(String, String)], _ api: ProviderAPI)
        async throws(ProviderError) -> [Item]
    {
        try await api.pages(Page<Item>.self, path, query, tokenName: "nextToken", limit: 100_000)
    }

    struct Recovery: Decodable {
        struct Score: Decodable {
            let restingHeartRate: Double?
            let spo2Percentage: Double?
        }
        let createdAt: String
        let scoreState: String
        let score: Score?
    }

    struct Sleep: Decodable {
        struct Score: Decodable {
            struct Stages: Decodable {
                let totalInBedTimeMilli: Double
                let totalAwakeTimeMilli: Double
            }
            let stageSummary: Stages?
        }
        let start: String
        let end: String
        let nap: Bool?
        let scoreState: String
        let score: Score?
    }

    struct Body: Decodable {
        let weightKilogram: Double?
    }

    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
    {
        let range = [("start", ProviderDates.text(window.start)), ("end", ProviderDates.text(window.end)), ("limit", "25")]
        for recovery in try await pages(Recovery.self, "/developer/v2/recovery", range, api)
        where recovery.scoreState == "SCORED" {
            guard let time = ProviderDates.instant(recovery.createdAt), let score = recovery.score else { continue }
            if let resting = score.restingHeartRate { records.add(.restingHeartRate, resting, start: time) }
            if let oxygen = score.spo2Percentage { records.add(.oxygenSaturation, oxygen / 100, start: time) }
        }
        for sleep in try await pages(Sleep.self, "/developer/v2/activity/sleep", range, api) where sleep.scoreState == "SCORED" {
            guard let start = ProviderDates.instant(sleep.start), let end = ProviderDates.instant(sleep.end) else { continue }
            records.add(.inBed, start: start, end: end)
            if let stages = sleep.score?.stageSummary {
                let asleep = (stages.totalInBedTimeMilli - stages.totalAwakeTimeMilli) / 1_000
                records.add(.asleepUnspecified, start: start, end: min(end, start.addingTimeInterval(max(0, asleep))))
            }
        }
        if let body = try await api.get(Body.self, "/developer/v2/user/measurement/body"), let weight = body.weightKilogram {
            // Undated: kept as the day's reading, so pulls on the same day replace each other.
            var calendar = Calendar(identifier: .gregorian)
            calendar.timeZone = zone
            records.add(.bodyMass, weight, start: calendar.startOfDay(for: window.end))
        }
    }
}
