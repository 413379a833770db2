import AsyncHTTPClient
import Crypto
import Foundation
import HTTPTypes
import Hummingbird
import ThriveCore

/// Fitbit, Oura, Withings, Google Fit and WHOOP on 127.0.0.1, each under `/<provider>` with the
/// paths of its real API, speaking its OAuth 2.0 dialect and answering its data endpoints with its
/// JSON shapes, filled from ``StubDeviceWorld``. The authorization page consents at once (or
/// refuses, when told to) and redirects back with a code; the token endpoint checks the client's
/// credentials, the redirect URI and the PKCE verifier, and rotates refresh tokens as the real
/// ones do (Google keeps its one). Tests can make the next data calls answer 429 with Retry-After,
/// expire every access token, or revoke the person's consent.
public actor StubDeviceProviders {
    public nonisolated let port: Int
    public nonisolated let clientID = "thrive-client"
    public nonisolated let clientSecret = "stub-secret-\(UUID().uuidString.prefix(8))"
    public nonisolated var baseURL: URL { URL(string: "http://127.0.0.1:\(port)")! }

    struct Grant {
        let provider: String
        let challenge: String
        let redirectURI: String
    }

    private var codes: [String: Grant] = [:]
    private var accessTokens: Set<String> = []
    private var refreshTokens: Set<String> = []
    private var counter = 0
    private var throttled = 0
    private var throttleSeconds = 0
    public private(set) var revoked = false
    public var refusesConsent = false
    /// Records served per metric ("heartRate", "steps", …) and provider.
    public private(set) var served: [String: Int] = [:]
    /// Every request's method, path and, for token calls, grant type: never a token.
    public private(set) var log: [String] = []
    public private(set) var revocations = 0
    public private(set) var refreshes = 0
    /// The PKCE verifiers the token endpoint refused.
    public private(set) var refusedVerifiers = 0

    init(port: Int) { self.port = port }

    public func refuseConsent(_ refuses: Bool) { refusesConsent = refuses }

    /// The next `count` data calls answer 429 (Withings: status 601) with `Retry-After: seconds`.
    public func throttle(next count: Int, retryAfter seconds: Int) {
        throttled = count
        throttleSeconds = seconds
    }

    /// Every access token stops working, as after their hour.
    public func expireAccessTokens() { accessTokens.removeAll() }

    /// The person withdrew consent at the provider: every token stops working.
    public func revokeConsent() {
        revoked = true
        accessTokens.removeAll()
        refreshTokens.removeAll()
    }

    public func servedCount(_ metric: String) -> Int { served[metric] ?? 0 }

    /// The provider's consent page, as the person's browser meets it: where it redirects back to
    /// (the app's callback, with a code or an error).
    public static func consent(at url: String) async throws -> URLComponents {
        let client = HTTPClient(eventLoopGroupProvider: .singleton, configuration: .init(redirectConfiguration: .disallow))
        defer { _ = client.shutdown() }
        let response = try await client.execute(HTTPClientRequest(url: url), timeout: .seconds(10))
        guard response.status.code == 302, let location = response.headers.first(name: "Location"),
            let components = URLComponents(string: location)
        else { throw StubError.noRedirect(Int(response.status.code)) }
        return components
    }

    public enum StubError: Error { case noRedirect(Int) }
    public func resetCounts() { served = [:] }

    /// Runs `body` with the providers listening on 127.0.0.1.
    public static func run<T: Sendable>(_ body: @Sendable (StubDeviceProviders) async throws -> T) async throws -> T {
        try await LocalServer.runStub(
            make: { StubDeviceProviders(port: $0) },
            handle: { stub, request in
                await stub.handle(
                    method: request.method, path: request.path, query: request.query, authorization: request.authorization,
                    body: request.body)
            }, body)
    }

    typealias Answer = StubAnswer

    func handle(method: String, path: String, query: [String: String], authorization: String?, body: String) -> Answer {
        let parts = path.split(separator: "/", maxSplits: 1).map(String.init)
        guard parts.count == 2 else { return Answer(status: 404, body: "{}") }
        let (provider, rest) = (parts[0], "/" + parts[1])
        let form = Self.form(body)
        log.append("\(method) \(path)" + (form["grant_type"].map { " \($0)" } ?? ""))
        switch (provider, rest) {
        case ("fitbit", "/oauth2/authorize"), ("oura", "/oauth/authorize"), ("withings", "/oauth2_user/authorize2"),
            ("google-fit", "/o/oauth2/v2/auth"), ("whoop", "/oauth/oauth2/auth"):
            return authorize(provider, query)
        case ("fitbit", "/oauth2/token"), ("oura", "/oauth/token"), ("google-fit", "/token"), ("whoop", "/oauth/oauth2/token"):
            return token(provider, form: form, authorization: authorization)
        case ("withings", "/v2/oauth2"):
            if form["action"] == "requesttoken" { return token(provider, form: form, authorization: authorization) }
            return Answer(body: #"{"status":503,"error":"Invalid action"}"#)
        case ("fitbit", "/oauth2/revoke"), ("google-fit", "/revoke"):
            return revoke(form["token"])
        case ("oura", "/oauth/revoke"):
            return revoke(query["access_token"])
        case ("whoop", "/developer/v2/user/access") where method == "DELETE":
            let answer = revoke(Self.bearer(authorization))
            return answer.status == 200 ? Answer(status: 204, body: "") : answer
        default:
            return data(provider, rest, query: query, authorization: authorization)
        }
    }

    // MARK: OAuth

    private func authorize(_ provider: String, _ query: [String: String]) -> Answer {
        guard query["client_id"] == clientID, query["response_type"] == "code", let redirect = query["redirect_uri"],
            let state = query["state"], let challenge = query["code_challenge"], query["code_challenge_method"] == "S256",
            query["scope"]?.isEmpty == false
        else { return Answer(status: 400, body: #"{"error":"invalid_request"}"#) }
        let separator = redirect.contains("?") ? "&" : "?"
        let escapedState = state.addingPercentEncoding(withAllowedCharacters: .alphanumerics) ?? state
        if refusesConsent {
            return Answer(
                status: 302, headers: [("Location", "\(redirect)\(separator)error=access_denied&state=\(escapedState)")])
        }
        counter += 1
        let code = "code-\(provider)-\(counter)"
        codes[code] = Grant(provider: provider, challenge: challenge, redirectURI: redirect)
        return Answer(status: 302, headers: [("Location", "\(redirect)\(separator)code=\(code)&state=\(escapedState)")])
    }

    private func token(_ provider: String, form: [String: String], authorization: String?) -> Answer {
        // Fitbit authenticates the client with Basic; the others with form fields.
        let clientOK: Bool =
            if provider == "fitbit" {
                authorization == "Basic " + Data("\(clientID):\(clientSecret)".utf8).base64EncodedString()
            } else {
                form["client_id"] == clientID && form["client_secret"] == clientSecret
            }
        guard clientOK else { return refusal(provider, status: 401, error: "invalid_client") }
        switch form["grant_type"] {
        case "authorization_code":
            guard let code = form["code"], let grant = codes.removeValue(forKey: code), grant.provider == provider,
                grant.redirectURI == form["redirect_uri"]
            else { return refusal(provider, status: 400, error: "invalid_grant") }
            let made = Data(SHA256.hash(data: Data((form["code_verifier"] ?? "").utf8))).base64URLEncoded
            guard made == grant.challenge else {
                refusedVerifiers += 1
                return refusal(provider, status: 400, error: "invalid_grant")
            }
            return tokens(provider, newRefresh: true)
        case "refresh_token":
            refreshes += 1
            guard let refresh = form["refresh_token"], refreshTokens.contains(refresh), !revoked else {
                return refusal(provider, status: 400, error: "invalid_grant")
            }
            // Google keeps its refresh token; the others spend it and issue a new one.
            if provider != "google-fit" { refreshTokens.remove(refresh) }
            return tokens(provider, newRefresh: provider != "google-fit")
        default:
            return refusal(provider, status: 400, error: "unsupported_grant_type")
        }
    }

    private func tokens(_ provider: String, newRefresh: Bool) -> Answer {
        counter += 1
        let access = "access-\(provider)-\(counter)-\(UUID().uuidString)"
        accessTokens.insert(access)
        var object: [String: Any] = ["access_token": access, "token_type": "Bearer", "expires_in": 3_600, "scope": "granted"]
        if newRefresh {
            let refresh = "refresh-\(provider)-\(counter)-\(UUID().uuidString)"
            refreshTokens.insert(refresh)
            object["refresh_token"] = refresh
        }
        if provider == "withings" {
            object["userid"] = "363"
            return Answer(body: Self.json(["status": 0, "body": object]))
        }
        return Answer(body: Self.json(object))
    }

    /// Each provider's way of saying no.
    private func refusal(_ provider: String, status: Int, error: String) -> Answer {
        switch provider {
        case "withings": Answer(body: Self.json(["status": 503, "error": error]))
        case "fitbit":
            Answer(
                status: status, body: Self.json(["success": false, "errors": [["errorType": error, "message": "refused"]]]))
        default: Answer(status: status, body: Self.json(["error": error]))
        }
    }

    private func revoke(_ token: String?) -> Answer {
        guard let token else { return Answer(status: 400, body: #"{"error":"invalid_request"}"#) }
        revocations += 1
        accessTokens.remove(token)
        refreshTokens.remove(token)
        return Answer(body: "{}")
    }

    // MARK: Data

    private func data(_ provider: String, _ path: String, query: [String: String], authorization: String?) -> Answer {
        guard let token = Self.bearer(authorization), accessTokens.contains(token) else {
            if provider == "withings" { return Answer(body: #"{"status":401,"error":"invalid_token"}"#) }
            return Answer(status: 401, body: Self.json(["errors": [["errorType": "expired_token"]]]))
        }
        if throttled > 0 {
            throttled -= 1
            if provider == "withings" { return Answer(body: #"{"status":601,"error":"Too many requests"}"#) }
            return Answer(status: 429, headers: [("Retry-After", String(throttleSeconds))], body: "{}")
        }
        let body: Any? =
            switch provider {
            case "fitbit": fitbit(path)
            case "oura": oura(path, query)
            case "withings": withings(path, query)
            case "google-fit": googleFit(path, query)
            case "whoop": whoop(path, query)
            default: nil
            }
        guard let body else { return Answer(status: 404, body: #"{"error":"not_found"}"#) }
        return Answer(body: Self.json(body))
    }

    private func count(_ metric: String, _ n: Int) { served[metric, default: 0] += n }

    private func fitbit(_ path: String) -> Any? {
        let parts = path.split(separator: "/").map(String.init)
        if path == "/1/user/-/profile.json" { return ["user": ["timezone": "UTC", "offsetFromUTCMillis": 0]] }
        if path.hasPrefix("/1/user/-/activities/heart/date/"), parts.count == 9 {
            count("heartRate", 1_440)
            count("restingHeartRate", 1)
            return [
                "activities-heart": [
                    [
                        "dateTime": parts[6],
                        "value": ["restingHeartRate": StubDeviceWorld.restingHeartRate, "heartRateZones": []],
                    ]
                ],
                "activities-heart-intraday": [
                    "dataset": (0..<1_440).map {
                        ["time": StubDeviceWorld.clock($0 * 60), "value": StubDeviceWorld.heartRate(minute: $0)]
                    },
                    "datasetInterval": 1, "datasetType": "minute",
                ],
            ]
        }
        if path.hasPrefix("/1/user/-/activities/steps/date/"), parts.count == 9 {
            count("steps", 60)
            return [
                "activities-steps": [["dateTime": parts[6], "value": "6000"]],
                "activities-steps-intraday": [
                    "dataset": (0..<1_440).map {
                        ["time": StubDeviceWorld.clock($0 * 60), "value": (420..<480).contains($0) ? 100 : 0]
                    },
                    "datasetInterval": 1, "datasetType": "minute",
                ],
            ]
        }
        if path.hasPrefix("/1/user/-/spo2/date/"), parts.count == 7, let day = StubDeviceWorld.day(parts[5]) {
            count("oxygen", 60)
            return [
                "dateTime": parts[5],
                "minutes": (0..<60).map { minute in
                    [
                        "value": StubDeviceWorld.oxygenPercent,
                        "minute": Self.localTime(day.addingTimeInterval(TimeInterval(7_200 + minute * 60))),
                    ]
                },
            ]
        }
        if path.hasPrefix("/1.2/user/-/sleep/date/"), parts.count == 7, let first = StubDeviceWorld.day(parts[5]),
            let last = StubDeviceWorld.day(String(parts[6].dropLast(5)))
        {
            let days = StubDeviceWorld.days(from: first, to: last.addingTimeInterval(86_400))
            count("sleep", days.count * 5)
            return [
                "sleep": days.map { day in
                    [
                        "dateOfSleep": StubDeviceWorld.dayText(day), "isMainSleep": true, "type": "stages",
                        "levels": [
                            "data": StubDeviceWorld.night(endingOn: day).map {
                                ["dateTime": Self.localTime($0.1) + ".000", "level": $0.0, "seconds": $0.2]
                            }
                        ],
                    ] as [String: Any]
                }
            ]
        }
        if path.hasPrefix("/1/user/-/body/log/weight/date/"), parts.count == 9, let first = StubDeviceWorld.day(parts[7]),
            let last = StubDeviceWorld.day(String(parts[8].dropLast(5)))
        {
            let days = StubDeviceWorld.days(from: first, to: last.addingTimeInterval(86_400))
            count("weight", days.count)
            return [
                "weight": days.enumerated().map { index, day in
                    [
                        "date": StubDeviceWorld.dayText(day), "time": "07:00:00", "weight": StubDeviceWorld.weight,
                        "logId": 1_000 + index, "bmi": 22.9, "source": "Aria",
                    ] as [String: Any]
                }
            ]
        }
        return nil
    }

    private func oura(_ path: String, _ query: [String: String]) -> Any? {
        if path == "/v2/usercollection/heartrate" {
            guard let start = query["start_datetime"].flatMap(Self.instant), let end = query["end_datetime"].flatMap(Self.instant)
            else { return nil }
            // A page a day, as Oura pages long ranges.
            let days = StubDeviceWorld.days(from: start, to: end)
            let page = Int(query["next_token"] ?? "0") ?? 0
            guard page < days.count else { return ["data": [], "next_token": NSNull()] }
            let day = days[page]
            let beats = (0..<288).map { day.addingTimeInterval(TimeInterval($0 * 300)) }.filter { $0 >= start && $0 < end }
            count("heartRate", beats.count)
            return [
                "data": beats.map {
                    [
                        "bpm": StubDeviceWorld.heartRate(minute: Int($0.timeIntervalSince(day)) / 60), "source": "awake",
                        "timestamp": StubDeviceWorld.iso($0),
                    ] as [String: Any]
                },
                "next_token": page + 1 < days.count ? String(page + 1) as Any : NSNull(),
            ]
        }
        guard let first = query["start_date"].flatMap(StubDeviceWorld.day),
            let last = query["end_date"].flatMap(StubDeviceWorld.day)
        else { return nil }
        let days = StubDeviceWorld.days(from: first, to: last.addingTimeInterval(86_400))
        switch path {
        case "/v2/usercollection/sleep":
            count("sleep", days.count * 97)
            count("restingHeartRate", days.count)
            return [
                "data": days.map { day in
                    [
                        "id": "sleep-\(StubDeviceWorld.dayText(day))", "day": StubDeviceWorld.dayText(day), "type": "long_sleep",
                        "bedtime_start": StubDeviceWorld.iso(day.addingTimeInterval(-3_600)),
                        "bedtime_end": StubDeviceWorld.iso(day.addingTimeInterval(25_200)),
                        // 96 five-minute phases: 24 light, 18 deep, 12 REM, 40 light, 2 awake.
                        "sleep_phase_5_min": String(repeating: "2", count: 24) + String(repeating: "1", count: 18)
                            + String(repeating: "3", count: 12) + String(repeating: "2", count: 40) + "44",
                        "lowest_heart_rate": StubDeviceWorld.restingHeartRate, "average_hrv": 48,
                    ] as [String: Any]
                }, "next_token": NSNull(),
            ]
        case "/v2/usercollection/daily_activity":
            count("steps", days.count)
            count("activeEnergy", days.count)
            return [
                "data": days.map {
                    [
                        "id": "act-\(StubDeviceWorld.dayText($0))", "day": StubDeviceWorld.dayText($0), "steps": 6_000,
                        "active_calories": 450, "timestamp": StubDeviceWorld.iso($0),
                    ] as [String: Any]
                }, "next_token": NSNull(),
            ]
        case "/v2/usercollection/daily_spo2":
            count("oxygen", days.count)
            return [
                "data": days.map {
                    [
                        "id": "spo2-\(StubDeviceWorld.dayText($0))", "day": StubDeviceWorld.dayText($0),
                        "spo2_percentage": ["average": 96.5],
                    ] as [String: Any]
                }, "next_token": NSNull(),
            ]
        default: return nil
        }
    }

    private func withings(_ path: String, _ query: [String: String]) -> Any? {
        guard let start = query["startdate"].flatMap(TimeInterval.init), let end = query["enddate"].flatMap(TimeInterval.init)
        else { return nil }
        let (from, to) = (Date(timeIntervalSince1970: start), Date(timeIntervalSince1970: end))
        switch (path, query["action"]) {
        case ("/measure", "getmeas"):
            let days = StubDeviceWorld.days(from: from, to: to).filter { $0.addingTimeInterval(25_200) >= from }
            count("weight", days.count)
            count("heartRate", days.count)
            count("oxygen", days.count)
            let groups: [[String: Any]] = days.flatMap { day -> [[String: Any]] in
                let time = Int(day.timeIntervalSince1970) + 25_200
                return [
                    [
                        "grpid": time, "attrib": 0, "date": time, "category": 1,
                        "measures": [["value": 70_300, "type": 1, "unit": -3]],
                    ],
                    [
                        "grpid": time + 1, "attrib": 0, "date": time + 30, "category": 1,
                        "measures": [["value": 62, "type": 11, "unit": 0]],
                    ],
                    [
                        "grpid": time + 2, "attrib": 0, "date": time + 60, "category": 1,
                        "measures": [["value": 970, "type": 54, "unit": -1]],
                    ],
                ]
            }
            return [
                "status": 0,
                "body": [
                    "updatetime": Int(to.timeIntervalSince1970), "timezone": "UTC", "measuregrps": groups, "more": 0, "offset": 0,
                ],
            ]
        case ("/v2/measure", "getintradayactivity"):
            var series: [String: Any] = [:]
            var minute = from
            while minute < to {
                let ofDay = Int(minute.timeIntervalSince1970) % 86_400 / 60
                var entry: [String: Any] = ["heart_rate": StubDeviceWorld.heartRate(minute: ofDay), "duration": 60]
                if (420..<480).contains(ofDay) {
                    entry["steps"] = 100
                    count("steps", 1)
                }
                series[String(Int(minute.timeIntervalSince1970))] = entry
                count("heartRate", 1)
                minute = minute.addingTimeInterval(60)
            }
            return ["status": 0, "body": ["series": series]]
        case ("/v2/sleep", "get"):
            let days = StubDeviceWorld.days(from: from, to: to.addingTimeInterval(86_400)).filter {
                $0 > from && $0 <= to.addingTimeInterval(3_600)
            }
            let states = ["light": 1, "deep": 2, "rem": 3, "wake": 0]
            count("sleep", days.count * 5)
            return [
                "status": 0,
                "body": [
                    "series": days.flatMap { day in
                        StubDeviceWorld.night(endingOn: day).map {
                            [
                                "startdate": Int($0.1.timeIntervalSince1970), "enddate": Int($0.1.timeIntervalSince1970) + $0.2,
                                "state": states[$0.0]!,
                            ]
                        }
                    }, "more": false, "offset": 0,
                ] as [String: Any],
            ]
        default: return nil
        }
    }

    private func googleFit(_ path: String, _ query: [String: String]) -> Any? {
        let prefix = "/fitness/v1/users/me/dataSources/"
        guard path.hasPrefix(prefix) else { return nil }
        let rest = path.dropFirst(prefix.count).split(separator: "/").map(String.init)
        guard rest.count == 3, rest[1] == "datasets" else { return nil }
        let range = rest[2].split(separator: "-").compactMap { Int64($0) }
        guard range.count == 2 else { return nil }
        let (from, to) = (
            Date(timeIntervalSince1970: TimeInterval(range[0] / 1_000_000_000)),
            Date(timeIntervalSince1970: TimeInterval(range[1] / 1_000_000_000))
        )
        let days = StubDeviceWorld.days(from: from, to: to)
        let page = Int(query["pageToken"] ?? "0") ?? 0
        guard page < days.count else { return ["point": []] }
        let day = days[page]
        func nanos(_ date: Date) -> String { String(Int64(date.timeIntervalSince1970) * 1_000_000_000) }
        func point(_ start: Date, _ end: Date, _ value: [String: Any]) -> [String: Any] {
            ["startTimeNanos": nanos(start), "endTimeNanos": nanos(end), "value": [value]]
        }
        var points: [[String: Any]] = []
        switch rest[0] {
        case let id where id.contains("heart_rate"):
            points = (0..<1_440).map { day.addingTimeInterval(TimeInterval($0 * 60)) }.filter { $0 >= from && $0 < to }.map {
                point($0, $0, ["fpVal": Double(StubDeviceWorld.heartRate(minute: Int($0.timeIntervalSince(day)) / 60))])
            }
            count("heartRate", points.count)
        case let id where id.contains("step_count"):
            points = (420..<480).map { day.addingTimeInterval(TimeInterval($0 * 60)) }.filter { $0 >= from && $0 < to }.map {
                point($0, $0.addingTimeInterval(60), ["intVal": 100])
            }
            count("steps", points.count)
        case let id where id.contains("weight"):
            let time = day.addingTimeInterval(25_200)
            points = time >= from && time < to ? [point(time, time, ["fpVal": StubDeviceWorld.weight])] : []
            count("weight", points.count)
        case let id where id.contains("oxygen"):
            points = (0..<60).map { day.addingTimeInterval(TimeInterval(7_200 + $0 * 60)) }.filter { $0 >= from && $0 < to }.map {
                point($0, $0, ["fpVal": StubDeviceWorld.oxygenPercent])
            }
            count("oxygen", points.count)
        case let id where id.contains("sleep"):
            let stages = ["light": 4, "deep": 5, "rem": 6, "wake": 1]
            points = StubDeviceWorld.night(endingOn: day).filter { $0.1 >= from && $0.1 < to }.map {
                point($0.1, $0.1.addingTimeInterval(TimeInterval($0.2)), ["intVal": stages[$0.0]!])
            }
            count("sleep", points.count)
        default: return nil
        }
        var answer: [String: Any] = [
            "minStartTimeNs": String(range[0]), "maxEndTimeNs": String(range[1]), "dataSourceId": rest[0], "point": points,
        ]
        if page + 1 < days.count { answer["nextPageToken"] = String(page + 1) }
        return answer
    }

    private func whoop(_ path: String, _ query: [String: String]) -> Any? {
        if path == "/developer/v2/user/measurement/body" {
            count("weight", 1)
            return ["height_meter": 1.75, "weight_kilogram": StubDeviceWorld.weight, "max_heart_rate": 190]
        }
        guard let start = query["start"].flatMap(Self.instant), let end = query["end"].flatMap(Self.instant) else { return nil }
        // Mornings in the window, 25 to a page.
        let mornings = StubDeviceWorld.days(from: start, to: end).map { $0.addingTimeInterval(25_200) }.filter {
            $0 >= start && $0 < end
        }
        let offset = Int(query["nextToken"] ?? "0") ?? 0
        let page = Array(mornings.dropFirst(offset).prefix(25))
        let next: Any = offset + 25 < mornings.count ? String(offset + 25) : NSNull()
        switch path {
        case "/developer/v2/recovery":
            count("restingHeartRate", page.count)
            count("oxygen", page.count)
            return [
                "records": page.map { morning in
                    [
                        "cycle_id": Int(morning.timeIntervalSince1970), "sleep_id": UUID().uuidString, "user_id": 10_129,
                        "created_at": StubDeviceWorld.iso(morning), "updated_at": StubDeviceWorld.iso(morning),
                        "score_state": "SCORED",
                        "score": [
                            "user_calibrating": false, "recovery_score": 70,
                            "resting_heart_rate": StubDeviceWorld.restingHeartRate,
                            "hrv_rmssd_milli": 45.2, "spo2_percentage": 95.0, "skin_temp_celsius": 33.7,
                        ],
                    ] as [String: Any]
                }, "next_token": next,
            ]
        case "/developer/v2/activity/sleep":
            count("sleep", page.count * 2)
            return [
                "records": page.map { morning in
                    [
                        "id": UUID().uuidString, "user_id": 10_129,
                        "start": StubDeviceWorld.iso(morning.addingTimeInterval(-28_800)),
                        "end": StubDeviceWorld.iso(morning), "timezone_offset": "+00:00", "nap": false, "score_state": "SCORED",
                        "score": [
                            "stage_summary": [
                                "total_in_bed_time_milli": 28_800_000, "total_awake_time_milli": 600_000,
                                "total_light_sleep_time_milli": 19_200_000, "total_slow_wave_sleep_time_milli": 5_400_000,
                                "total_rem_sleep_time_milli": 3_600_000,
                            ]
                        ],
                    ] as [String: Any]
                }, "next_token": next,
            ]
        default: return nil
        }
    }

    // MARK: Helpers

    static func form(_ body: String) -> [String: String] {
        var fields: [String: String] = [:]
        for pair in body.split(separator: "&") {
            let parts = pair.split(separator: "=", maxSplits: 1).map { String($0).replacingOccurrences(of: "+", with: " ") }
            guard let name = parts.first?.removingPercentEncoding else { continue }
            fields[name] = parts.count > 1 ? parts[1].removingPercentEncoding ?? parts[1] : ""
        }
        return fields
    }

    static func bearer(_ header: String?) -> String? {
        guard let header, header.hasPrefix("Bearer ") else { return nil }
        return String(header.dropFirst(7))
    }

    static func instant(_ text: String) -> Date? { try? Date(text, strategy: .iso8601) }

    /// A local time without offset, as Fitbit writes them (the stub's person lives in UTC).
    static func localTime(_ date: Date) -> String {
        String(StubDeviceWorld.iso(date).dropLast())
    }

    static func json(_ value: Any) -> String {
        String(
            decoding: (try? JSONSerialization.data(withJSONObject: value, options: [.sortedKeys])) ?? Data("{}".utf8),
            as: UTF8.self)
    }
}

/// Hands the stub, made once the port is known, to the router's handler.
final class StubBox<Value: Sendable>: @unchecked Sendable {
    private let lock = NSLock()
    private var stored: Value?
    var value: Value? {
        get { lock.withLock { stored } }
        set { lock.withLock { stored = newValue } }
    }
}
