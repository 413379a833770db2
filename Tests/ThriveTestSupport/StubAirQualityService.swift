import Foundation
import Hummingbird

/// A local air-quality service speaking Open-Meteo's Air Quality API: `GET /v1/air-quality` with
/// `latitude`, `longitude`, `hourly=us_aqi`, `timezone=GMT`, `start_hour` and `end_hour`, answered
/// with `{"hourly": {"time": [...], "us_aqi": [...]}}` for each hour asked. Tests set the index per
/// hour (UTC) and read what was asked.
public actor StubAirQualityService {
    public private(set) var requests: [[String: String]] = []
    private var indices: [Int: Int] = [:]
    private var failing = false
    public nonisolated let port: Int

    init(port: Int) { self.port = port }

    public nonisolated var baseURL: String { "http://127.0.0.1:\(port)" }

    /// The US AQI at `hour` (0–23, UTC) from now on; other hours answer 20.
    public func set(_ index: Int, at hour: Int) { indices[hour] = index }
    /// Answer 503 from now on (or stop).
    public func fail(_ on: Bool = true) { failing = on }

    func answer(_ query: [String: String]) -> (Int, String) {
        requests.append(query)
        if failing { return (503, #"{"error":true,"reason":"unavailable"}"#) }
        guard query["hourly"] == "us_aqi", query["timezone"] == "GMT", let start = query["start_hour"].flatMap(Self.hour),
            let end = query["end_hour"].flatMap(Self.hour), start <= end
        else { return (400, #"{"error":true,"reason":"Parameter missing"}"#) }
        var times: [String] = []
        var values: [String] = []
        for step in stride(from: start, through: end, by: 3_600) {
            let date = Date(timeIntervalSince1970: step)
            times.append("\"\(String(date.formatted(.iso8601).prefix(16)))\"")
            let hour = Calendar(identifier: .gregorian).dateComponents(in: .gmt, from: date).hour ?? 0
            values.append("\(indices[hour] ?? 20)")
        }
        return (
            200,
            #"{"latitude":\#(query["latitude"] ?? "0"),"longitude":\#(query["longitude"] ?? "0"),"hourly_units":{"time":"iso8601","us_aqi":"USAQI"},"hourly":{"time":[\#(times.joined(separator: ","))],"us_aqi":[\#(values.joined(separator: ","))]}}"#
        )
    }

    static func hour(_ text: String) -> TimeInterval? {
        (try? Date(text + ":00Z", strategy: .iso8601))?.timeIntervalSince1970
    }

    /// Runs `body` with the service listening on 127.0.0.1.
    public static func run<T: Sendable>(_ body: @Sendable (StubAirQualityService) async throws -> T) async throws -> T {
        let box = AirBox()
        let router = Router()
        router.get("v1/air-quality") { request, _ -> Response in
            guard let service = box.service else { return Response(status: .serviceUnavailable) }
            var query: [String: String] = [:]
            for (key, value) in request.uri.queryParameters { query[String(key)] = String(value) }
            let (status, text) = await service.answer(query)
            return Response(
                status: .init(code: status), headers: [.contentType: "application/json"],
                body: .init(byteBuffer: ByteBuffer(string: text)))
        }
        return try await LocalServer.run(router: router) { port in
            let service = StubAirQualityService(port: port)
            box.service = service
            return try await body(service)
        }
    }
}

private final class AirBox: @unchecked Sendable {
    var service: StubAirQualityService?
}
