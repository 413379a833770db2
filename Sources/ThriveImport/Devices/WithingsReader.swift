import Foundation
import ThriveCore

/// Withings' API: weigh-ins, pulse and SpO₂ from `getmeas`, minute heart rate and steps from
/// `getintradayactivity` (a day a request), and sleep states. Withings answers HTTP 200 with its
/// own status in the body: 401 for a refused token, 601 for too many requests.
struct WithingsReader: DeviceReader {
    struct Envelope<Body: Decodable>: Decodable {
        let status: Int
        let body: Body?
    }

    struct Measures: Decodable {
        struct Group: Decodable {
            struct Measure: Decodable {
                let value: Double
                let type: Int
                let unit: Int
            }
            let date: TimeInterval
            let measures: [Measure]
        }
        let measuregrps: [Group]
        let more: Int?
        let offset: Int?
    }

    struct Intraday: Decodable {
        struct Entry: Decodable {
            let heartRate: Double?
            let steps: Double?
            let duration: Double?
        }
        let series: [String: Entry]
    }

    struct Sleep: Decodable {
        struct Segment: Decodable {
            let startdate: TimeInterval
            let enddate: TimeInterval
            let state: Int
        }
        let series: [Segment]
    }

    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
    {
        let start = String(Int(window.start.timeIntervalSince1970))
        let end = String(Int(window.end.timeIntervalSince1970))
        var offset = 0
        repeat {
            // 1 weight (kg), 11 heart pulse (bpm), 54 SpO₂ (%); each value is value × 10^unit.
            var query = [
                ("action", "getmeas"), ("meastypes", "1,11,54"), ("category", "1"), ("startdate", start), ("enddate", end),
            ]
            if offset > 0 { query.append(("offset", String(offset))) }
            guard let measures = try await body(Measures.self, "/measure", query, api) else { break }
            for group in measures.measuregrps {
                let time = Date(timeIntervalSince1970: group.date)
                for measure in group.measures {
                    let value = measure.value * pow(10, Double(measure.unit))
                    switch measure.type {
                    case 1: records.add(.bodyMass, value, start: time)
                    case 11: records.add(.heartRate, value, start: time)
                    case 54: records.add(.oxygenSaturation, value / 100, start: time)
                    default: continue
                    }
                }
            }
            offset = measures.more == 1 ? measures.offset ?? 0 : 0
        } while offset > 0

        // Intraday activity answers at most 24 hours a request.
        let daysStart = Int(window.start.timeIntervalSince1970)
        let daysEnd = Int(window.end.timeIntervalSince1970)
        let template = DeviceRecords(sharing: records)
        let parts = try await api.each(Array(stride(from: daysStart, to: daysEnd, by: 86_400))) {
            (from: Int) async throws(ProviderError) -> DeviceRecords in
            var part = template
            let query = [
                ("action", "getintradayactivity"), ("startdate", String(from)), ("enddate", String(min(from + 86_400, daysEnd))),
                ("data_fields", "heart_rate,steps"),
            ]
            guard let day = try await body(Intraday.self, "/v2/measure", query, api) else { return part }
            for (stamp, entry) in day.series {
                guard let seconds = TimeInterval(stamp) else { continue }
                let time = Date(timeIntervalSince1970: seconds)
                if let rate = entry.heartRate { part.add(.heartRate, rate, start: time) }
                if let steps = entry.steps, steps > 0 {
                    part.add(.stepCount, steps, start: time, end: time.addingTimeInterval(entry.duration ?? 60))
                }
            }
            return part
        }
        for part in parts { records.append(part) }

        // Sleep answers at most 7 days a request.
        for from in stride(from: daysStart, to: daysEnd, by: 7 * 86_400) {
            let query = [("action", "get"), ("startdate", String(from)), ("enddate", String(min(from + 7 * 86_400, daysEnd)))]
            guard let sleep = try await body(Sleep.self, "/v2/sleep", query, api) else { break }
            for segment in sleep.series {
                let stage: SleepStage? =
                    switch segment.state {
                    case 0: .awake
                    case 1: .asleepCore
                    case 2: .asleepDeep
                    case 3: .asleepREM
                    default: nil
                    }
                guard let stage else { continue }
                records.add(
                    stage, start: Date(timeIntervalSince1970: segment.startdate),
                    end: Date(timeIntervalSince1970: segment.enddate))
            }
        }
    }

    private func body<Body: Decodable>(_ type: Body.Type, _ path: String, _ query: [(String, String)], _ api: ProviderAPI)
        async throws(ProviderError) -> Body?
    {
        guard let envelope = try await api.get(Envelope<Body>.self, path, query) else { return nil }
        switch envelope.status {
        case 0: return envelope.body
        case 100, 101, 102, 200, 401: throw .expired
        case 601: throw .rateLimited(retryAfter: nil)
        default: throw .unavailable(status: envelope.status)
        }
    }
}
