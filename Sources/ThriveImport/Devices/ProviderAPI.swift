import Foundation

/// A provider's data API with one access token: GETs (and Google's POSTs) with the bearer token,
/// decoded as the provider documents, with its errors mapped onto ``ProviderError``.
public struct ProviderAPI: Sendable {
    let endpoints: ProviderEndpoints
    let transport: any ProviderTransport
    let token: SecretToken

    public init(endpoints: ProviderEndpoints, transport: any ProviderTransport, token: SecretToken) {
        self.endpoints = endpoints
        self.transport = transport
        self.token = token
    }

    /// The decoded answer; nil when the person did not grant the scope this path needs (403), so
    /// the rest is still read.
    func get<Answer: Decodable>(
        _ type: Answer.Type, _ path: String, _ query: [(String, String)] = [], method: String = "GET", body: Data? = nil
    ) async throws(ProviderError) -> Answer? {
        var headers = [("Authorization", "Bearer \(token.reveal())"), ("Accept", "application/json")]
        if body != nil { headers.append(("Content-Type", "application/json")) }
        let response: ProviderResponse
        do {
            response = try await transport.send(
                ProviderRequest(method: method, url: endpoints.data(path, query), headers: headers, body: body))
        } catch {
            throw .unavailable(status: 0)
        }
        switch response.status {
        case 200..<300: break
        case 401: throw .expired
        case 403: return nil
        case 429: throw .rateLimited(retryAfter: OAuthClient.retryAfter(response))
        default: throw .unavailable(status: response.status)
        }
        let decoder = JSONDecoder()
        // Oura, Withings and WHOOP write snake_case; Fitbit and Google camelCase, left as it is.
        decoder.keyDecodingStrategy = .convertFromSnakeCase
        do { return try decoder.decode(Answer.self, from: response.body) } catch { throw .unreadable }
    }

    /// Every page of a collection that pages by a token (Oura's `next_token`, WHOOP's `nextToken`),
    /// at most `limit` items.
    func pages<Page: ProviderPage>(
        _ type: Page.Type, _ path: String, _ query: [(String, String)], tokenName: String, limit: Int
    ) async throws(ProviderError) -> [Page.Item] {
        var items: [Page.Item] = []
        var token: String?
        repeat {
            guard let page = try await get(Page.self, path, query + (token.map { [(tokenName, $0)] } ?? [])) else {
                return items
            }
            items += page.items
            token = page.nextToken
        } while token != nil && items.count < limit
        return items
    }

    /// Runs `read` for each item, a few at a time (providers' per-day endpoints), keeping the order.
    func each<Item: Sendable, Part: Sendable>(
        _ items: [Item], width: Int = 6, _ read: @escaping @Sendable (Item) async throws(ProviderError) -> Part
    ) async throws(ProviderError) -> [Part] {
        do {
            return try await withThrowingTaskGroup(of: (Int, Part).self) { group in
                var parts = [Part?](repeating: nil, count: items.count)
                var next = 0
                func start() {
                    guard next < items.count else { return }
                    let (index, item) = (next, items[next])
                    group.addTask { (index, try await read(item)) }
                    next += 1
                }
                for _ in 0..<width { start() }
                while let (index, part) = try await group.next() {
                    parts[index] = part
                    start()
                }
                return parts.compactMap { $0 }
            }
        } catch let error as ProviderError {
            throw error
        } catch {
            throw .unavailable(status: 0)
        }
    }
}

/// One page of a collection: its items and the token of the next page, if any.
protocol ProviderPage: Decodable {
    associatedtype Item
    var items: [Item] { get }
    var nextToken: String? { get }
}

/// Dates as providers write them.
enum ProviderDates {
    /// "2026-11-20" in `zone`, the day's first moment.
    static func day(_ text: String, zone: TimeZone) -> Date? {
        let parts = text.split(separator: "-").compactMap { Int($0) }
        guard parts.count == 3 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(from: DateComponents(year: parts[0], month: parts[1], day: parts[2]))
    }

    /// The local days a window touches, as "yyyy-MM-dd".
    static func days(in window: DateInterval, zone: TimeZone) -> [String] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        var day = calendar.startOfDay(for: window.start)
        var days: [String] = []
        while day < window.end {
            let parts = calendar.dateComponents([.year, .month, .day], from: day)
            days.append(String(format: "%04d-%02d-%02d", parts.year!, parts.month!, parts.day!))
            day = calendar.date(byAdding: .day, value: 1, to: day)!
        }
        return days
    }

    /// ISO 8601 with an offset or Z, with or without fractional seconds.
    static func instant(_ text: String) -> Date? {
        if let date = try? Date(text, strategy: .iso8601) { return date }
        return try? Date(text, strategy: Date.ISO8601FormatStyle(includingFractionalSeconds: true))
    }

    /// "07:12:00" as seconds into the day.
    static func secondsIntoDay(_ text: String) -> Int? {
        let parts = text.split(separator: ":").compactMap { Int($0) }
        guard parts.count >= 2 else { return nil }
        return parts[0] * 3_600 + parts[1] * 60 + (parts.count > 2 ? parts[2] : 0)
    }

    /// "2026-11-20T23:30:00.000" or "2026-11-20" + "23:30:00": a local time in `zone`.
    static func local(_ text: String, zone: TimeZone) -> Date? {
        let digits = text.split(whereSeparator: { !$0.isNumber }).compactMap { Int($0) }
        guard digits.count >= 5 else { return nil }
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.date(
            from: DateComponents(
                year: digits[0], month: digits[1], day: digits[2], hour: digits[3], minute: digits[4],
                second: digits.count > 5 ? digits[5] : 0))
    }

    static func text(_ date: Date) -> String { date.formatted(.iso8601) }
}
