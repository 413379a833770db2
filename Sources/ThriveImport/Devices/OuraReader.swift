import Foundation
import ThriveCore

/// Oura's API v2: heart-rate samples (every five minutes or so, paged by `nextToken`), sleep
/// periods with their five-minute stage string, daily steps and active energy, and the night's
/// average SpO₂.
struct OuraReader: DeviceReader {
    struct Page<Item: Decodable>: ProviderPage {
        let data: [Item]
        let nextToken: String?
        var items: [Item] { data }
    }

    private func pages<Item: Decodable>(_ type: Item.Type, _ path: String, _ query: [(String, String)], _ api: ProviderAPI)
        async throws(ProviderError) -> [Item]
    {
        try await api.pages(Page<Item>.self, path, query, tokenName: "next_token", limit: 1_000_000)
    }

    struct HeartRate: Decodable {
        let bpm: Double
        let timestamp: String
    }

    struct SleepPeriod: Decodable {
        let bedtimeStart: String
        let bedtimeEnd: String
        let sleepPhase5Min: String?
        let lowestHeartRate: Double?
    }

    struct DailyActivity: Decodable {
        let timestamp: String
        let steps: Double?
        let activeCalories: Double?
    }

    struct DailyOxygen: Decodable {
        struct Percentage: Decodable { let average: Double? }
        let day: String
        let spo2Percentage: Percentage?
    }

    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
    {
        let days = ProviderDates.days(in: window, zone: zone)
        guard let first = days.first, let last = days.last else { return }
        let dates = [("start_date", first), ("end_date", last)]

        for beat in try await pages(
            HeartRate.self, "/v2/usercollection/heartrate",
            [
                ("start_datetime", ProviderDates.text(window.start)), ("end_datetime", ProviderDates.text(window.end)),
            ], api)
        {
            guard let time = ProviderDates.instant(beat.timestamp) else { continue }
            records.add(.heartRate, beat.bpm, start: time)
        }
        for period in try await pages(SleepPeriod.self, "/v2/usercollection/sleep", dates, api) {
            guard let start = ProviderDates.instant(period.bedtimeStart), let end = ProviderDates.instant(period.bedtimeEnd)
            else { continue }
            records.add(.inBed, start: start, end: end)
            // One digit per five minutes from bedtime: 1 deep, 2 light, 3 REM, 4 awake.
            for (index, phase) in (period.sleepPhase5Min ?? "").enumerated() {
                let stage: SleepStage? =
                    switch phase {
                    case "1": .asleepDeep
                    case "2": .asleepCore
                    case "3": .asleepREM
                    case "4": .awake
                    default: nil
                    }
                guard let stage else { continue }
                let from = start.addingTimeInterval(TimeInterval(index * 300))
                records.add(stage, start: from, end: min(from.addingTimeInterval(300), end))
            }
            if let lowest = period.lowestHeartRate { records.add(.restingHeartRate, lowest, start: start, end: end) }
        }
        for day in try await pages(DailyActivity.self, "/v2/usercollection/daily_activity", dates, api) {
            guard let start = ProviderDates.instant(day.timestamp) else { continue }
            let end = start.addingTimeInterval(86_400)
            if let steps = day.steps { records.add(.stepCount, steps, start: start, end: end) }
            if let energy = day.activeCalories { records.add(.activeEnergyBurned, energy, start: start, end: end) }
        }
        for night in try await pages(DailyOxygen.self, "/v2/usercollection/daily_spo2", dates, api) {
            // The night's average, placed in the small hours of the morning it ends, where the
            // nightly SpO₂ rule reads it.
            guard let average = night.spo2Percentage?.average, let day = ProviderDates.day(night.day, zone: zone) else {
                continue
            }
            records.add(.oxygenSaturation, average / 100, start: day.addingTimeInterval(3 * 3_600))
        }
    }
}
