import AsyncHTTPClient
import Foundation
import ThriveCore

/// The operator's air-quality service, off unless `THRIVE_AIR_QUALITY_URL` names one. It speaks
/// Open-Meteo's Air Quality API (`GET /v1/air-quality?latitude&longitude&hourly=us_aqi`), which
/// needs no key; it is sent a rounded place and a time range, nothing about the person.
public struct AirQualityConfiguration: Sendable, Hashable {
    public var baseURL: String
    public var timeoutSeconds: Int

    public init(baseURL: String, timeoutSeconds: Int = 10) {
        self.baseURL = baseURL
        self.timeoutSeconds = timeoutSeconds
    }
}

protocol AirQualityProvider: Sendable {
    /// The hourly index at a place from `start` for `hours` hours.
    func forecast(latitude: Double, longitude: Double, from start: Date, hours: Int) async throws -> [AirQualityHour]
}

struct OpenMeteoAirQuality: AirQualityProvider {
    let configuration: AirQualityConfiguration
    let client: HTTPClient

    struct Answer: Decodable {
        struct Hourly: Decodable {
            let time: [String]
            let usAQI: [Int?]

            enum CodingKeys: String, CodingKey {
                case time
                case usAQI = "us_aqi"
            }
        }
        let hourly: Hourly
    }

    struct Unavailable: Error {}

    func forecast(latitude: Double, longitude: Double, from start: Date, hours: Int) async throws -> [AirQualityHour] {
        let format = Self.hourFormat
        var components = URLComponents(string: configuration.baseURL + "/v1/air-quality")
        components?.queryItems = [
            URLQueryItem(name: "latitude", value: "\(latitude)"), URLQueryItem(name: "longitude", value: "\(longitude)"),
            URLQueryItem(name: "hourly", value: "us_aqi"), URLQueryItem(name: "timezone", value: "GMT"),
            URLQueryItem(name: "start_hour", value: start.formatted(format)),
            URLQueryItem(name: "end_hour", value: start.addingTimeInterval(Double(hours - 1) * 3_600).formatted(format)),
        ]
        guard let url = components?.string else { throw Unavailable() }
        let response = try await client.execute(
            HTTPClientRequest(url: url), timeout: .seconds(Int64(configuration.timeoutSeconds)))
        let body = try await response.body.collect(upTo: 1 << 20)
        guard response.status == .ok else { throw Unavailable() }
        let answer = try JSONDecoder().decode(Answer.self, from: Data(buffer: body))
        return zip(answer.hourly.time, answer.hourly.usAQI).compactMap { time, index in
            guard let index, let date = try? Date(time + ":00Z", strategy: .iso8601) else { return nil }
            return AirQualityHour(time: date, index: index)
        }
    }

    /// `2026-11-27T07:00`, in GMT: the API's hour.
    static var hourFormat: Date.VerbatimFormatStyle {
        Date.VerbatimFormatStyle(
            format:
                "\(year: .defaultDigits)-\(month: .twoDigits)-\(day: .twoDigits)T\(hour: .twoDigits(clock: .twentyFourHour, hourCycle: .zeroBased)):\(minute: .twoDigits)",
            timeZone: .gmt, calendar: Calendar(identifier: .gregorian))
    }
}
