import Foundation
import ThriveCore
import ThriveStore
import ThriveSync

/// Assembles the dashboard from the day overview (scores, KPI cards, alerts, and the two weeks of
/// day aggregates behind them), the day's cached insights and, in Deep mode, the last day's entries.
struct DashboardService: Sendable {
    let store: Store
    let now: Now
    let engines: HealthEngineService
    let settings: SettingsService

    static var quickActions: [Dashboard.Action] {
        [
            ("logMeal", "/pillars/nutrition/meals/add"), ("logMood", "/pillars/wellbeing/mood"),
            ("logWorkout", WorkoutPagesController.base), ("insights", "/insights"), ("coach", "/coach"),
            ("library", LibraryPagesController.base),
        ].map { Dashboard.Action(id: $0.0, label: t("action.\($0.0)"), href: $0.1) }
    }

    func dashboard(_ owner: UserID, mode requested: FlexibilityMode?) async throws -> Dashboard {
        try await assemble(owner, mode: requested).dashboard
    }

    /// What a device keeps to show offline: the Deep dashboard, the figures of each of the last 7
    /// days, and the day's insights (up to 20); one day overview for all of it.
    func offlineSnapshot(_ owner: UserID) async throws -> OfflineSnapshot {
        let (dashboard, week, insights, policy) = try await assemble(owner, mode: .deep)
        return OfflineSnapshot(
            generatedAt: dashboard.generatedAt, dashboard: try JSONValue(encoding: dashboard),
            days: try week.map { date, day in
                OfflineSnapshot.Day(
                    date: date.iso8601, figures: try Self.figures(day, policy: policy).map { try JSONValue(encoding: $0) })
            },
            insights: try insights.prefix(20).map { try JSONValue(encoding: InsightBody($0)) })
    }

    private func assemble(_ owner: UserID, mode requested: FlexibilityMode?) async throws -> (
        dashboard: Dashboard, week: [(LocalDate, DayMetrics?)], insights: [Insight], policy: SourcePolicy
    ) {
        let time = now()
        let person = try await engines.context(owner)
        let mode: FlexibilityMode
        if let requested { mode = requested } else { mode = try await settings.settings(owner).coaching.mode }
        let overview = try await engines.overview(owner, context: person)
        let policy = person.preferences.sources
        let zone = person.zone
        let week = overview.days.window(endingOn: overview.date, count: 7)
        let today = overview.days[overview.date]
        let insights = try await insights(owner, today: overview.date)
        let deep = mode == .deep
        let reads = try await store.read { repositories in
            let records = repositories.records(of: owner)
            let latestDevice = try await records.quantitySamples.latest(of: .stepCount)
            let timeline =
                deep
                ? try await Self.timeline(records, since: time.addingTimeInterval(-86_400), until: time.addingTimeInterval(60))
                : []
            return (latestDevice, timeline, try await records.devices.all())
        }
        let hour = Self.hour(time, in: zone)
        let history = overview.scoreHistory(person.scoreInputs(clock: overview.clock))
        let dashboard = Dashboard(
            mode: mode, date: overview.date, generatedAt: time, timeZone: person.profile.timeZoneIdentifier,
            greeting: Greeting.text(partOfDay: Self.partOfDay(hour), name: person.profile.displayName),
            partOfDay: Self.partOfDay(hour),
            isNewPerson: week.allSatisfy(Self.isEmpty) && reads.0 == nil,
            staleNotice: Self.staleNotice(connections: reads.2, now: time, zone: zone)
                ?? Self.staleNotice(reads.0, now: time, zone: zone),
            focus: Self.focus(hour: hour, today: today, plan: person.nutritionPlan(), policy: policy),
            alerts: overview.alerts.filter(\.isOpen).map(AlertBody.init),
            scores: overview.scores.map { score in
                Dashboard.Score(
                    pillar: score.pillar, name: score.pillar.title, score: score.score,
                    band: score.band?.rawValue ?? "noData", label: t("band.\(score.band?.rawValue ?? "noData")"),
                    explanation: score.sentences, stale: score.state == .stale, href: score.pillar.path,
                    history: history[score.pillar] ?? [],
                    trend: deep ? Self.trend(score.pillar, week: week, policy: policy) : nil)
            },
            today: Self.figures(today, policy: policy),
            cards: overview.cards.map(KPIResponse.Card.init),
            featuredInsight: insights.first.map(InsightBody.init),
            insights: deep ? insights.prefix(5).map(InsightBody.init) : [],
            quickActions: Self.quickActions,
            timeline: reads.1,
            progress: deep ? Self.progress(week: week, person: person, today: overview.date, zone: zone) : [])
        let days = (0..<7).reversed().map { back in
            let date = overview.date.adding(days: -back)
            return (date, overview.days[date])
        }
        return (dashboard, days, insights, policy)
    }

    /// Today's insights, computed at most once a day per person.
    func insights(_ owner: UserID, today: LocalDate) async throws -> [Insight] {
        let cached = try await store.read { try await $0.records(of: owner).documents.get(InsightCache.self) }
        if let cached, cached.date == today { return cached.insights }
        let fresh = try await engines.insights(owner).sorted { $0.priority > $1.priority }
        var cache = InsightCache()
        cache.date = today
        cache.insights = fresh
        let time = now()
        try await store.write { [cache] in try await $0.records(of: owner).documents.save(cache, at: time) }
        return fresh
    }

    static func isEmpty(_ day: DayMetrics) -> Bool {
        day.quantities.isEmpty && day.sleep.isEmpty && day.food == nil && day.mood == nil && day.workouts.isEmpty
    }

    static func hour(_ time: Date, in zone: TimeZone) -> Int {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        return calendar.component(.hour, from: time)
    }

    static func partOfDay(_ hour: Int) -> String {
        switch hour {
        case 5..<12: "morning"
        case 12..<17: "afternoon"
        case 17..<23: "evening"
        default: "night"
        }
    }

    /// A device that has not synced for a day: its data is shown with its age (spec F4.1).
    static func staleNotice(_ latest: QuantitySample?, now: Date, zone: TimeZone) -> String? {
        guard let latest, latest.source.kind != .manual, now.timeIntervalSince(latest.end) > 86_400 else { return nil }
        return t("dashboard.stale", ["date": DisplayFormat.date(latest.end, in: zone), "source": latest.source.name])
    }

    /// A connected device silent for more than a day, named (spec 000: stale data over 24 h).
    static func staleNotice(connections: [DeviceConnection], now: Date, zone: TimeZone) -> String? {
        guard let silent = connections.first(where: { $0.state == .active && $0.isStale(at: now) }) else { return nil }
        let since = silent.lastSyncAt ?? silent.connectedAt
        return t(
            "dashboard.staleDevice",
            [
                "source": silent.provider.brand, "date": DisplayFormat.date(since, in: zone),
                "time": DisplayFormat.time(since, in: zone),
            ])
    }

    static func figures(_ day: DayMetrics?, policy: SourcePolicy) -> [Dashboard.Figure] {
        let steps = day?.quantity(.stepCount, policy: policy)?.sum
        let active = day?.quantity(.appleExerciseTime, policy: policy)?.sum
        let sleep = day?.sleep(policy: policy)
        let mood = day?.mood
        let meals = day?.food?.entries ?? 0
        return [
            .init(
                kind: "steps", label: t("figure.steps"), value: steps.map { DisplayFormat.count(Int($0.rounded())) } ?? "–",
                amount: steps.map { $0.rounded() }, unit: "count",
                detail: steps == nil
                    ? t("figure.noSteps") : t("chart.goal", ["value": DisplayFormat.count(Int(PillarScoreEngine.stepsTarget))])),
            .init(
                kind: "activeMinutes", label: t("metric.active-minutes"),
                value: active.map { DurationFormat.hoursAndMinutes($0 * 60) } ?? "–", amount: active.map { $0.rounded() },
                unit: "min", detail: nil),
            .init(
                kind: "sleep", label: t("metric.sleep"),
                value: sleep.map { DurationFormat.hoursAndMinutes($0.asleepSeconds) } ?? "–",
                amount: sleep.map { $0.asleepSeconds.rounded() }, unit: "s",
                detail: sleep.map { Localizer.current.plural("figure.awakenings", $0.awakenings) }),
            .init(
                kind: "meals", label: t("figure.meals"), value: DisplayFormat.count(meals), amount: Double(meals), unit: "count",
                detail: day?.food.map { DisplayFormat.kilocalories($0.energyKilocalories) }),
            .init(
                kind: "mood", label: t("metric.mood"), value: mood.map { "\(DisplayFormat.decimal($0.mood))/5" } ?? "–",
                amount: mood.map(\.mood), unit: "score", detail: mood == nil ? t("figure.noMood") : nil),
            .init(
                kind: "energy", label: t("entry.mood.energy"),
                value: mood?.energy.map { "\(DisplayFormat.decimal($0))/5" } ?? "–", amount: mood?.energy, unit: "score",
                detail: nil),
        ]
    }

    static func focus(hour: Int, today: DayMetrics?, plan: NutritionPlan?, policy: SourcePolicy) -> Dashboard.Focus? {
        switch hour {
        case 5..<12:
            var lines: [String] = []
            if let night = today?.sleep(policy: policy) {
                lines.append(t("focus.slept", ["duration": DurationFormat.hoursAndMinutes(night.asleepSeconds)]))
            } else {
                lines.append(t("focus.noSleep"))
            }
            if let resting = today?.quantity(.restingHeartRate, policy: policy)?.mean {
                lines.append(t("focus.resting", ["bpm": String(Int(resting.rounded()))]))
            }
            return Dashboard.Focus(title: t("focus.morning"), lines: lines)
        case 17..<24:
            var lines: [String] = []
            if let steps = today?.quantity(.stepCount, policy: policy)?.sum {
                lines.append(t("focus.steps", ["steps": Localizer.current.plural("unit.steps", Int(steps.rounded()))]))
            }
            let eaten = today?.food?.energyKilocalories ?? 0
            let meals = today?.food?.entries ?? 0
            if let target = plan?.calories {
                lines.append(
                    Localizer.current.plural(
                        "focus.eaten", meals,
                        ["eaten": DisplayFormat.kilocalories(eaten), "target": DisplayFormat.kilocalories(Double(target))])
                )
            } else {
                lines.append(Localizer.current.plural("focus.meals", meals))
            }
            if let mood = today?.mood { lines.append(t("focus.mood", ["mood": DisplayFormat.decimal(mood.mood)])) }
            return Dashboard.Focus(title: t("focus.day"), lines: lines)
        default:
            return nil
        }
    }

    /// Each pillar's key metric over the week (the last value is today's): steps, energy eaten, hours asleep.
    static func trend(_ pillar: Pillar, week: [DayMetrics], policy: SourcePolicy) -> Dashboard.Trend {
        let (metric, unit, code, values): (String, String, String, [Double?]) =
            switch pillar {
            case .fitness:
                (t("metric.steps"), t("trend.unit.steps"), "count", week.map { $0.quantity(.stepCount, policy: policy)?.sum })
            case .nutrition: (t("metric.calories"), "kcal", "kcal", week.map { $0.food?.energyKilocalories })
            case .wellbeing: (t("metric.sleep"), t("trend.unit.hours"), "h", week.map { $0.sleep(policy: policy)?.asleepHours })
            }
        // Steps and energy eaten are a day's totals: today's, still growing, is drawn but not compared
        // with whole days (sleep is last night's, and whole).
        let judged = pillar == .wellbeing ? values : values.dropLast()
        let known = judged.compactMap { $0 }
        let summary: String
        if let first = known.first, let last = known.last, known.count >= 2 {
            let direction = t(last > first * 1.05 ? "trend.up" : last < first * 0.95 ? "trend.down" : "trend.steady")
            summary =
                t(
                    "trend.summary",
                    [
                        "metric": metric, "direction": direction, "unit": unit,
                        "first": DisplayFormat.decimal(first, digits: pillar == .wellbeing ? 1 : 0),
                        "last": DisplayFormat.decimal(last, digits: pillar == .wellbeing ? 1 : 0),
                    ])
        } else {
            summary = t("trend.notEnough", ["metric": metric])
        }
        return Dashboard.Trend(metric: metric, unit: unit, unitCode: code, values: values, summary: summary)
    }

    static func progress(week: [DayMetrics], person: PersonContext, today: LocalDate, zone: TimeZone) -> [Dashboard.Progress] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        calendar.firstWeekday = 2
        let weekStart = calendar.dateInterval(of: .weekOfYear, for: today.start(in: zone))?.start ?? today.start(in: zone)
        let sessions = week.filter { $0.date.start(in: zone) >= weekStart }.map(\.workouts.count).reduce(0, +)
        let target = person.preferences.training.sessionsPerWeek
        func streak(_ logged: (DayMetrics) -> Bool) -> Int {
            // Today counts once it has an entry; an empty today does not break yesterday's streak.
            var days = week.reversed().drop { $0.date == today && !logged($0) }
            var count = 0
            while let day = days.first, logged(day) {
                count += 1
                days = days.dropFirst()
            }
            return count
        }
        let meals = streak { ($0.food?.entries ?? 0) > 0 }
        let checkIns = streak { ($0.mood?.checkIns ?? 0) > 0 }
        let units = person.profile.unitSystem
        let policy = person.preferences.sources
        let day = week.last { $0.date == today }
        let steps = day?.quantity(.stepCount, policy: policy)?.sum ?? 0
        let stepGoal = PillarScoreEngine.stepsTarget
        let water = day?.quantity(.dietaryWater, policy: policy)?.sum ?? 0
        let waterGoal = PillarScoreEngine.waterTargetLitres(person.profile.sex)
        func percent(_ value: Double, _ goal: Double) -> Int { min(100, Int((value / goal * 100).rounded(.down))) }
        return [
            .init(
                kind: "stepsToday", label: t("goal.stepsToday"),
                value: t(
                    "goal.of", ["value": DisplayFormat.count(Int(steps.rounded())), "goal": DisplayFormat.count(Int(stepGoal))]),
                amount: steps.rounded(), goalAmount: stepGoal, unit: "count", percent: percent(steps, stepGoal),
                goal: Localizer.current.plural("unit.steps", Int(stepGoal))),
            .init(
                kind: "waterToday", label: t("goal.waterToday"),
                value: t(
                    "goal.of",
                    ["value": ChartMetric.water.format(water, units), "goal": ChartMetric.water.format(waterGoal, units)]),
                amount: water, goalAmount: waterGoal, unit: "l", percent: percent(water, waterGoal),
                goal: ChartMetric.water.format(waterGoal, units)),
            .init(
                kind: "workoutsThisWeek", label: t("goal.workoutsThisWeek"),
                value: t("goal.of", ["value": DisplayFormat.count(sessions), "goal": DisplayFormat.count(target)]),
                amount: Double(sessions), goalAmount: Double(target), unit: "count",
                percent: target > 0 ? min(100, sessions * 100 / target) : nil,
                goal: Localizer.current.plural("unit.workouts", target)),
            .init(
                kind: "mealStreak", label: t("goal.mealStreak"), value: Self.days(meals, of: week.count),
                amount: Double(meals), goalAmount: nil, unit: "days", percent: nil),
            .init(
                kind: "checkInStreak", label: t("goal.checkInStreak"), value: Self.days(checkIns, of: week.count),
                amount: Double(checkIns), goalAmount: nil, unit: "days", percent: nil),
        ]
    }

    private static func days(_ count: Int, of window: Int) -> String {
        count >= window ? t("goal.daysPlus", ["days": String(window)]) : Localizer.current.plural("unit.days", count)
    }

    /// What was logged or recorded in the last day, newest first.
    static func timeline(_ records: PersonalRecords, since start: Date, until end: Date) async throws -> [Dashboard.Moment] {
        let window = DateWindow(from: start, to: end)
        var moments: [Dashboard.Moment] = []
        moments += try await records.foodLog.entries(in: window, limit: 20).map {
            .init(time: $0.consumedAt, kind: "meal", title: "\($0.meal.title): \($0.name)")
        }
        moments += try await records.moodCheckIns.checkIns(in: window, limit: 10).map {
            .init(time: $0.recordedAt, kind: "mood", title: t("timeline.mood", ["mood": String($0.mood)]))
        }
        moments += try await records.workouts.workouts(in: window, limit: 10).map {
            .init(time: $0.start, kind: "workout", title: $0.activityType.title)
        }
        moments += try await records.quantitySamples.samples(of: .bodyMass, in: window, limit: 5).map {
            .init(time: $0.start, kind: "weight", title: t("timeline.weight"))
        }
        return Array(moments.sorted { $0.time > $1.time }.prefix(8))
    }
}
