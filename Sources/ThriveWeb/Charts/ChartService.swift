import Foundation
import Hummingbird
import ThriveCore
import ThriveStore

/// Reads a metric's days for a range (and the same number of days before, for the comparison) in
/// one read of only the parts that metric needs.
struct ChartService: Sendable {
    let store: Store

    func trend(_ metric: ChartMetric, owner: UserID, range: ChartRange, person: PersonContext) async throws -> DailyTrend {
        let previous = range.previous
        let health = try await store.read {
            try await $0.records(of: owner).daily.days(metric.parts, from: previous.first, through: range.last, in: person.zone)
        }
        let policy = person.preferences.sources
        func days(_ span: ChartRange) -> [DailyTrend.Day] {
            span.dates.map { date in
                let day = health[date]
                return DailyTrend.Day(
                    date: date, value: day.flatMap { metric.value($0, policy) },
                    spread: day.flatMap { day in metric.spread?(day, policy) })
            }
        }
        // A bar is a day's total: today's is not a whole day's until the day is over.
        let inProgress = metric.shape == .bar && range.dates.contains(person.today) ? person.today : nil
        return DailyTrend(days: days(range), previous: days(previous), inProgress: inProgress)
    }

    /// Two metrics paired by day over the question's span, ending today (for the second of them).
    func correlation(_ question: CorrelationView.Question, owner: UserID, person: PersonContext) async throws
        -> CorrelationView
    {
        let last = person.today.adding(days: -question.lagDays)
        let first = last.adding(days: -(question.days - 1))
        let health = try await store.read {
            try await $0.records(of: owner).daily.days(
                ChartMetric.parts([question.x, question.y]), from: first, through: person.today, in: person.zone)
        }
        let policy = person.preferences.sources
        func values(_ metric: ChartMetric) -> [LocalDate: Double] {
            var values: [LocalDate: Double] = [:]
            for day in health.days { if let value = metric.value(day, policy) { values[day.date] = value } }
            return values
        }
        let x = values(question.x).filter { $0.key >= first && $0.key <= last }
        let pairs = DayPairs(x: x, y: values(question.y), lagDays: question.lagDays)
        return CorrelationView(question: question, pairs: pairs, person: person)
    }

    /// Steps by weekday and hour over the last four weeks, ending today.
    func rhythm(owner: UserID, person: PersonContext) async throws -> RhythmView {
        let first = person.today.adding(days: -(RhythmView.weeks * 7 - 1))
        let window = DateWindow(from: first.start(in: person.zone), to: person.today.adding(days: 1).start(in: person.zone))
        let samples = try await store.read {
            try await $0.records(of: owner).quantitySamples.samples(of: .stepCount, in: window, limit: nil)
        }
        return RhythmView(
            ActivityRhythm.average(
                samples, from: first, through: person.today, zone: person.zone, policy: person.preferences.sources))
    }

    /// The chart as a page shows it, at `path` (range links point back to it).
    func view(
        _ metric: ChartMetric, owner: UserID, person: PersonContext, request: ChartRequest, path: String
    ) async throws -> MetricChartView {
        let range =
            (try? ChartRange.parse(
                range: request.range, from: request.from, to: request.to, today: person.today, mode: request.mode))
            ?? .last(request.mode == .light ? 7 : 30, today: person.today)
        let trend = try await trend(metric, owner: owner, range: range, person: person)
        return MetricChartView(metric: metric, trend: trend, range: range, person: person, mode: request.mode, path: path)
    }
}

/// What a page request says about its charts: the range asked for, and Light or Deep mode.
struct ChartRequest: Sendable {
    let range: String?
    let from: String?
    let to: String?
    let mode: FlexibilityMode

    init(range: String?, from: String?, to: String?, mode: FlexibilityMode) {
        self.range = range
        self.from = from
        self.to = to
        self.mode = mode
    }

    init(_ request: Request, _ context: AppRequestContext) {
        let query = request.uri.queryParameters
        self.init(
            range: query.get("range").map { String($0) }, from: query.get("from").map { String($0) },
            to: query.get("to").map { String($0) }, mode: context.settings?.coaching.mode ?? .light)
    }
}
