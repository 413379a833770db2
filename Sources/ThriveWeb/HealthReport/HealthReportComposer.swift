import Foundation
import ThriveCore
import ThriveReports

/// Puts a period's figures into the report's words, in the reader's language and the person's
/// units: spec 004's contents (sleep, protein and calories against their targets, workouts against
/// the plan, the adherence summary, safety flags, device sources) and the consent footer.
struct HealthReportComposer {
    let figures: HealthReportFigures
    let days: HealthDays
    let person: PersonContext
    let sections: Set<ReportSection>
    let alerts: [SafetyAlert]
    /// Names of the connected devices, for the sources section.
    let devices: [String]
    let madeOn: Date

    private var zone: TimeZone { person.zone }
    private var units: UnitSystem { person.profile.unitSystem }
    private var period: ReportPeriod { figures.period }

    func document() -> ReportDocument {
        let name = person.profile.displayName?.trimmingCharacters(in: .whitespaces).nilIfEmpty
        let subtitle = period.words(in: zone)
        return ReportDocument(
            title: t("report.title"), subtitle: name.map { "\($0) · \(subtitle)" } ?? subtitle,
            contentsTitle: t("report.contents"),
            sections: ReportSection.allCases.filter(sections.contains).map(section),
            footer: t("report.footer", ["date": DisplayFormat.date(madeOn, in: zone)]),
            pageLabel: { page, count in t("report.page", ["page": String(page), "count": String(count)]) },
            metadataTitle: t("report.title") + " · " + subtitle, author: name ?? Brand.name)
    }

    private func section(_ kind: ReportSection) -> ReportDocument.Section {
        let blocks: [ReportDocument.Block] =
            switch kind {
            case .summary: summary()
            case .sleep: sleep()
            case .protein: protein()
            case .calories: calories()
            case .training: training()
            case .weight: weight()
            case .safety: safety()
            case .sources: sources()
            }
        return ReportDocument.Section(title: t("report.section.\(kind.rawValue)"), blocks: blocks)
    }

    // MARK: Sections

    private func summary() -> [ReportDocument.Block] {
        var facts: [ReportDocument.Fact] = [
            .init(t("report.fact.sleep"), sleepLine()), .init(t("report.fact.protein"), proteinLine()),
            .init(t("report.fact.calories"), caloriesLine()), .init(t("report.fact.workouts"), workoutsLine()),
            .init(t("report.fact.weight"), weightLine()),
        ]
        facts.append(.init(t("report.fact.safety"), safetyLine()))
        return [
            .paragraph(t("report.summary.lead", ["days": String(period.dayCount)])),
            .facts(facts),
            .paragraph(adherence()),
            .note(t("report.summary.note", ["zone": zone.identifier])),
        ]
    }

    /// The high-level adherence summary: one sentence of what was kept to, part by part.
    private func adherence() -> String {
        var parts: [String] = []
        if !figures.nights.isEmpty {
            parts.append(
                t("report.adherence.sleep", ["at": String(figures.nightsAtTarget), "of": String(figures.nights.count)]))
        }
        if let met = figures.daysAtProteinGoal, !figures.completeFoodDays.isEmpty {
            parts.append(t("report.adherence.protein", ["at": String(met), "of": String(figures.completeFoodDays.count)]))
        }
        if let met = figures.daysOnCalorieTarget, !figures.completeFoodDays.isEmpty {
            parts.append(t("report.adherence.calories", ["at": String(met), "of": String(figures.completeFoodDays.count)]))
        }
        if let percent = figures.adherencePercent {
            parts.append(t("report.adherence.workouts", ["percent": DisplayFormat.percent(Double(percent) / 100)]))
        }
        guard !parts.isEmpty else { return t("report.adherence.none") }
        return t("report.adherence.lead", ["parts": listed(parts)])
    }

    private func sleep() -> [ReportDocument.Block] {
        guard !figures.nights.isEmpty else { return [.paragraph(t("report.sleep.none"))] }
        return [.facts([.init(t("report.fact.sleep"), sleepLine())])] + chart(.sleep)
    }

    private func protein() -> [ReportDocument.Block] {
        guard !figures.food.isEmpty else { return [.paragraph(t("report.food.none"))] }
        let goal = figures.targets.proteinGrams
        let rows = figures.food.map { food -> [String] in
            [
                ChartSummary.day(food.date, zone), DisplayFormat.grams(Double(food.proteinGrams)),
                goal.map { DisplayFormat.percent(Double(food.proteinGrams) / Double(max($0, 1))) } ?? "–",
                t(food.isComplete ? "report.log.complete" : "report.log.partial"),
            ]
        }
        return [.facts([.init(t("report.fact.protein"), proteinLine())])] + chart(.protein) + [
            .table(
                header: [t("report.column.day"), t("report.column.protein"), t("report.column.ofGoal"), t("report.column.log")],
                rows: rows),
            .note(t("report.food.note")),
        ]
    }

    private func calories() -> [ReportDocument.Block] {
        guard !figures.food.isEmpty else { return [.paragraph(t("report.food.none"))] }
        var facts: [ReportDocument.Fact] = [.init(t("report.fact.calories"), caloriesLine())]
        if let floor = figures.targets.calorieFloor, let below = figures.daysBelowFloor {
            facts.append(
                .init(
                    t("report.fact.floor", ["floor": DisplayFormat.kilocalories(Double(floor))]),
                    t("report.value.days", ["count": String(below), "of": String(figures.completeFoodDays.count)])))
        }
        return [.facts(facts)] + chart(.energyEaten)
    }

    private func training() -> [ReportDocument.Block] {
        let rows = figures.weeks.map { week in
            [
                t("report.week", ["first": ChartSummary.day(week.first, zone), "last": ChartSummary.day(week.last, zone)]),
                String(week.completed), String(week.planned),
            ]
        }
        return [
            .facts([.init(t("report.fact.workouts"), workoutsLine())]),
            .table(
                header: [t("report.column.week"), t("report.column.completed"), t("report.column.planned")], rows: rows),
            .note(t("report.training.note", ["count": String(figures.targets.sessionsPerWeek)])),
        ]
    }

    private func weight() -> [ReportDocument.Block] {
        guard !figures.weighings.isEmpty else { return [.paragraph(t("report.weight.none"))] }
        return [.facts([.init(t("report.fact.weight"), weightLine())])] + chart(.weight)
    }

    private func safety() -> [ReportDocument.Block] {
        guard !alerts.isEmpty else { return [.paragraph(t("report.safety.none"))] }
        let rows = alerts.map { alert in
            [
                t(alert.condition.title), DisplayFormat.date(alert.openedAt, in: zone),
                alert.resolvedAt.map { t("report.safety.resolved", ["date": DisplayFormat.date($0, in: zone)]) }
                    ?? t("report.safety.open"),
                t(alert.evidence),
            ]
        }
        return [
            .paragraph(Localizer.current.plural("report.safety.some", alerts.count)),
            .table(
                header: [
                    t("report.column.alert"), t("report.column.opened"), t("report.column.status"),
                    t("report.column.evidence"),
                ], rows: rows),
            .note(t("safety.emergencyAdvice")),
        ]
    }

    private func sources() -> [ReportDocument.Block] {
        func names(_ list: [String]) -> String { list.isEmpty ? t("report.sources.nothing") : listed(list) }
        var facts: [ReportDocument.Fact] = [
            .init(t("report.fact.sleep"), names(figures.sleepSources)),
            .init(t("report.fact.weight"), names(figures.weightSources)),
            .init(t("report.sources.food"), t("report.sources.loggedInThrive")),
            .init(t("report.sources.workouts"), t("report.sources.loggedInThrive")),
        ]
        if !devices.isEmpty { facts.append(.init(t("report.sources.connected"), listed(devices))) }
        return [.facts(facts), .note(t("report.sources.note"))]
    }

    // MARK: Lines shared by the summary and the sections

    private func sleepLine() -> String {
        guard let average = figures.averageMinutesAsleep else { return t("report.value.none") }
        return t(
            "report.value.sleep",
            [
                "average": DurationFormat.hoursAndMinutes(Double(average * 60)), "nights": String(figures.nights.count),
                "days": String(period.dayCount), "at": String(figures.nightsAtTarget),
                "target": DurationFormat.hoursAndMinutes(figures.targets.sleepHours * 3_600),
            ])
    }

    private func proteinLine() -> String {
        foodLine(
            "protein", average: figures.averageProtein, target: figures.targets.proteinGrams, met: figures.daysAtProteinGoal
        ) { DisplayFormat.grams(Double($0)) }
    }

    private func caloriesLine() -> String {
        foodLine(
            "calories", average: figures.averageCalories, target: figures.targets.calories, met: figures.daysOnCalorieTarget
        ) { DisplayFormat.kilocalories(Double($0)) }
    }

    /// "82 g a day on average over complete days, against 125 g; goal met on 12 of 20 of them".
    private func foodLine(
        _ kind: String, average: Int?, target: Int?, met: Int?, format: (Int) -> String
    ) -> String {
        guard let average else { return t("report.value.noCompleteDays") }
        guard let target, let met else { return t("report.value.\(kind)NoTarget", ["average": format(average)]) }
        return t(
            "report.value.\(kind)",
            [
                "average": format(average), "target": format(target), "at": String(met),
                "of": String(figures.completeFoodDays.count),
            ])
    }

    private func workoutsLine() -> String {
        guard let percent = figures.adherencePercent else {
            return t("report.value.workoutsNoPlan", ["count": String(figures.workoutsCompleted)])
        }
        return t(
            "report.value.workouts",
            [
                "done": String(figures.workoutsCompleted), "planned": String(figures.sessionsPlanned),
                "percent": DisplayFormat.percent(Double(percent) / 100),
            ])
    }

    private func weightLine() -> String {
        guard let first = figures.weighings.first, let last = figures.weighings.last else { return t("report.value.none") }
        guard let change = figures.weightChange else { return DisplayFormat.mass(Mass(kilograms: last.kilograms), units) }
        let amount = DisplayFormat.mass(Mass(kilograms: abs(change)), units)
        return t(
            "report.value.weight",
            [
                "first": DisplayFormat.mass(Mass(kilograms: first.kilograms), units),
                "last": DisplayFormat.mass(Mass(kilograms: last.kilograms), units),
                "change": change < 0 ? "−\(amount)" : "+\(amount)",
            ])
    }

    private func safetyLine() -> String {
        alerts.isEmpty ? t("report.safety.noneShort") : Localizer.current.plural("report.safety.some", alerts.count)
    }

    // MARK: Helpers

    /// "Oura Ring, Apple Watch and Withings" in the reader's language.
    private func listed(_ names: [String]) -> String {
        names.formatted(.list(type: .and, width: .standard).locale(Localizer.current.locale))
    }

    /// The metric's chart over the period, with its sentence; nothing with too few days to draw.
    private func chart(_ metric: ChartMetric) -> [ReportDocument.Block] {
        let range = ChartRange(first: period.first, last: period.last, preset: nil)
        let policy = person.preferences.sources
        let trend = DailyTrend(
            days: range.dates.map { date in DailyTrend.Day(date: date, value: days[date].flatMap { metric.value($0, policy) }) })
        guard trend.hasEnoughPoints else { return [] }
        let summary = ChartSummary.sentence(metric, trend, range: range, units: units, zone: zone)
        let chart = MetricChartView.chart(
            metric, trend: trend, range: range, id: "report-\(metric.id)", summary: summary, markers: [], person: person)
        return [.chart(svg: chart.svg(standalone: true), width: chart.width, height: chart.height), .note(summary)]
    }
}

extension String {
    fileprivate var nilIfEmpty: String? { isEmpty ? nil : self }
}
