import Foundation
import ThriveCore

/// Google Fit's REST API: the merged data sources Google Fit itself shows (heart rate, step
/// deltas, weight, SpO₂, sleep segments), each read as a dataset between two nanosecond times and
/// paged by `nextPageToken`. (Google has announced the Fit APIs' end in 2026; Health Connect, its
/// successor, has no web API.)
struct GoogleFitReader: DeviceReader {
    struct Dataset: Decodable {
        struct Point: Decodable {
            struct Value: Decodable {
                let fpVal: Double?
                let intVal: Int?
            }
            let startTimeNanos: String
            let endTimeNanos: String
            let value: [Value]
        }
        let point: [Point]?
        let nextPageToken: String?
    }

    enum Stream: String, CaseIterable {
        case heartRate = "derived:com.google.heart_rate.bpm:com.google.android.gms:merge_heart_rate_bpm"
        case steps = "derived:com.google.step_count.delta:com.google.android.gms:estimated_steps"
        case weight = "derived:com.google.weight:com.google.android.gms:merge_weight"
        case oxygen = "derived:com.google.oxygen_saturation:com.google.android.gms:merged"
        case sleep = "derived:com.google.sleep.segment:com.google.android.gms:merged"
    }

    func read(_ window: DateInterval, zone: TimeZone, into records: inout DeviceRecords, api: ProviderAPI)
        async throws(ProviderError)
    {
        let range = "\(Self.nanos(window.start))-\(Self.nanos(window.end))"
        for stream in Stream.allCases {
            var token: String?
            repeat {
                let path = "/fitness/v1/users/me/dataSources/\(stream.rawValue)/datasets/\(range)"
                guard let dataset = try await api.get(Dataset.self, path, token.map { [("pageToken", $0)] } ?? []) else { break }
                for point in dataset.point ?? [] {
                    guard let start = Self.date(point.startTimeNanos), let end = Self.date(point.endTimeNanos),
                        let value = point.value.first
                    else { continue }
                    switch stream {
                    case .heartRate: value.fpVal.map { records.add(.heartRate, $0, start: start, end: end) }
                    case .steps: value.intVal.map { records.add(.stepCount, Double($0), start: start, end: end) }
                    case .weight: value.fpVal.map { records.add(.bodyMass, $0, start: start, end: end) }
                    case .oxygen: value.fpVal.map { records.add(.oxygenSaturation, $0 / 100, start: start, end: end) }
                    case .sleep:
                        // 1 awake, 2 asleep, 3 out of bed, 4 light, 5 deep, 6 REM.
                        let stage: SleepStage? =
                            switch value.intVal {
                            case 1: .awake
                            case 2: .asleepUnspecified
                            case 4: .asleepCore
                            case 5: .asleepDeep
                            case 6: .asleepREM
                            default: nil
                            }
                        stage.map { records.add($0, start: start, end: end) }
                    }
                }
                token = dataset.nextPageToken
            } while token != nil
        }
    }

    static func nanos(_ date: Date) -> String { String(Int64(date.timeIntervalSince1970 * 1_000) * 1_000_000) }

    static func date(_ nanos: String) -> Date? {
        Int64(nanos).map { Date(timeIntervalSince1970: TimeInterval($0 / 1_000_000) / 1_000) }
    }
}
