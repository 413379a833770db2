import Foundation
import ThriveCore

/// Fitbit's Web API: minute heart rate and steps (intraday, one day a request), resting heart rate,
/// sleep stages, minute SpO₂ at night and weigh-ins. Fitbit writes local times without an offset:
/// they are read in the zone of the person's Fitbit profile.
struct FitbitReader: DeviceReader {
    struct Profile: Decodable {
        struct User: Decodable { let timezone: String? }
        let user: User
    }

    struct Point: Decodable {
        let time: String
        let value: Double
    }

    struct HeartDay: Decodable {
        struct Summary: Decodable {
            struct Value: Decodable { let restingHeartRate: Double? }
            let dateTime: String
            let value: Value
        }
        struct Intraday: Decodable { let dataset: [Point] }
        let summary: [Summary]
        let intraday: Intraday?

        enum CodingKeys: String, CodingKey {
            case summary = "activities-heart"
            case intraday = "activities-heart-intraday"
        }
    }

    struct StepsDay: Decodable {
        struct Intraday: Decodable { let dataset: [Point] }
        let intraday: Intraday?
        enum CodingKeys: String, CodingKey { case intraday = "activities-steps-intraday" }
    }

    struct Sleep: Decodable {
        struct Log: Decodable {
            struct Levels: Decodable {
                struct Segment: Decodable {
                    let dateTime: String
                    let level: String
                    let seconds: Double
                }
                let data: [Segment]
            }
            let levels: Levels
        }
        let sleep: [Log]
    }

    struct OxygenDay: Decodable {
        struct Minute: Decodable {
            let value: Double
            let minute: String
        }
        let minutes: [Minute]?
    }

    struct Weights: Decodable {
        struct Weight: Decodable {
            let date: String
            let time: String?
            let weight: Double
        }
        let weight: [Weight]
    }

    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
    {
        let profile = try await api.get(Profile.self, "/1/user/-/profile.json")
        let zone = profile?.user.timezone.flatMap(TimeZone.init(identifier:)) ?? zone
        let days = ProviderDates.days(in: window, zone: zone)
        guard let first = days.first, let last = days.last else { return }

        let template = DeviceRecords(sharing: records)
        let perDay = try await api.each(days) { (day: String) async throws(ProviderError) -> DeviceRecords in
            var part = template
            guard let midnight = ProviderDates.day(day, zone: zone) else { return part }
            if let heart = try await api.get(HeartDay.self, "/1/user/-/activities/heart/date/\(day)/1d/1min.json") {
                for point in heart.intraday?.dataset ?? [] {
                    guard let seconds = ProviderDates.secondsIntoDay(point.time) else { continue }
                    part.add(.heartRate, point.value, start: midnight.addingTimeInterval(TimeInterval(seconds)))
                }
                for summary in heart.summary {
                    guard let resting = summary.value.restingHeartRate,
                        let start = ProviderDates.day(summary.dateTime, zone: zone)
                    else { continue }
                    part.add(.restingHeartRate, resting, start: start, end: start.addingTimeInterval(86_400))
                }
            }
            if let steps = try await api.get(StepsDay.self, "/1/user/-/activities/steps/date/\(day)/1d/1min.json") {
                for point in steps.intraday?.dataset ?? [] where point.value > 0 {
                    guard let seconds = ProviderDates.secondsIntoDay(point.time) else { continue }
                    let start = midnight.addingTimeInterval(TimeInterval(seconds))
                    part.add(.stepCount, point.value, start: start, end: start.addingTimeInterval(60))
                }
            }
            if let oxygen = try await api.get(OxygenDay.self, "/1/user/-/spo2/date/\(day)/all.json") {
                for minute in oxygen.minutes ?? [] {
                    guard let time = ProviderDates.local(minute.minute, zone: zone) else { continue }
                    part.add(.oxygenSaturation, minute.value / 100, start: time)
                }
            }
            return part
        }
        for part in perDay { records.append(part) }

        if let sleep = try await api.get(Sleep.self, "/1.2/user/-/sleep/date/\(first)/\(last).json") {
            for log in sleep.sleep {
                for segment in log.levels.data {
                    guard let start = ProviderDates.local(segment.dateTime, zone: zone), let stage = Self.stage(segment.level)
                    else { continue }
                    records.add(stage, start: start, end: start.addingTimeInterval(segment.seconds))
                }
            }
        }
        // The weight log answers at most 31 days a request.
        for chunk in stride(from: 0, to: days.count, by: 31) {
            let end = days[min(chunk + 30, days.count - 1)]
            guard let weights = try await api.get(Weights.self, "/1/user/-/body/log/weight/date/\(days[chunk])/\(end).json")
            else { break }
            for entry in weights.weight {
                guard let day = ProviderDates.day(entry.date, zone: zone) else { continue }
                let time = day.addingTimeInterval(TimeInterval(entry.time.flatMap(ProviderDates.secondsIntoDay) ?? 0))
                records.add(.bodyMass, entry.weight, start: time)
            }
        }
    }

    /// Fitbit's stage names (and the older "classic" levels).
    static func stage(_ level: String) -> SleepStage? {
        switch level {
        case "deep": .asleepDeep
        case "light": .asleepCore
        case "rem": .asleepREM
        case "wake", "awake", "restless": .awake
        case "asleep": .asleepUnspecified
        default: nil
        }
    }
}
