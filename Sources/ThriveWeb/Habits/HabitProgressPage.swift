import Foundation
import ThriveCore
import ThriveReports

/// Habits › Progress: completion rings for today, this week and 30 days; each habit's week, streaks
/// and month; the 30-day trend as bars; a twelve-week calendar; and the insights in words.
struct HabitProgressPage: Sendable {
    struct Ring: Sendable {
        let label: String
        let value: String
        let detail: String
        let svg: String
    }

    struct Cell: Sendable {
        /// done, skipped, missed, pending, rest or future.
        let outcome: String
        let symbol: String
        let word: String
    }

    struct Row: Sendable {
        let id: String
        let name: String
        let icon: String
        /// The name's first letter: shown instead of the emoji where the device draws none.
        let initial: String
        let cells: [Cell]
        let streak: String
        let best: String
        let month: String
        let percent: String
    }

    struct CalendarDay: Sendable {
        let level: Int
        /// "Mon 3 Nov: 75 %".
        let label: String
        let isFuture: Bool
    }

    struct CalendarRow: Sendable {
        let weekday: String
        let days: [CalendarDay]
    }

    struct Badge: Sendable {
        let icon: String
        /// "Early bird (7 days in a row)".
        let text: String
    }

    struct Weekday: Sendable {
        let letter: String
        let name: String
    }

    let rings: [Ring]
    let weekdays: [Weekday]
    let rows: [Row]
    let hasHabits: Bool
    let trendSVG: String
    let trendSummary: String
    let calendarRows: [CalendarRow]
    let calendarSummary: String
    let insights: [String]
    let hasInsights: Bool
    /// The level and the newest badges, linking to the gallery.
    let level: AchievementsPage.Level
    let recentBadges: [Badge]
    let hasBadges: Bool
    let base = HabitPagesController.base
    let achievementsPath = AchievementPagesController.path

    init(_ progress: HabitProgress, gallery: AchievementService.Gallery, zone: TimeZone) {
        level = AchievementsPage.Level(gallery.level)
        // The gallery's awards come oldest first, as the store keeps them.
        recentBadges = gallery.awards.reversed().prefix(3).map {
            Badge(
                icon: AchievementText.icon($0.achievement).svg,
                text: "\(AchievementText.name($0.achievement)) (\(AchievementText.tier($0.achievement, $0.tier)))")
        }
        hasBadges = !recentBadges.isEmpty
        rings = [
            ("today", progress.day), ("week", progress.week), ("last30", progress.month),
        ].map { key, completion in
            Self.ring(key, completion)
        }
        let names = DisplayFormat.weekdayNames()
        let short = DisplayFormat.weekdayNames(short: true)
        // One letter a day fits seven columns and a habit's name on a phone; the full name is there
        // for screen readers.
        weekdays = zip(DisplayFormat.weekdayNames(letter: true), names).map { Weekday(letter: $0, name: $1) }
        rows = progress.rows.map { row in
            let unit = row.inWeeks ? "weeks" : "days"
            let missedMeansOpen = row.habit.schedule.timesPerWeek != nil
            return Row(
                id: row.habit.id.description, name: row.habit.name, icon: row.habit.icon,
                initial: row.habit.name.first.map { String($0).uppercased() } ?? "",
                cells: row.week.map { Self.cell($0, open: missedMeansOpen) },
                streak: Localizer.current.plural("habitProgress.streak.\(unit)", row.current),
                best: Localizer.current.plural("habitProgress.best.\(unit)", row.best),
                month: t(
                    "habitProgress.month",
                    ["done": DisplayFormat.count(row.doneInMonth), "days": DisplayFormat.count(HabitProgress.trendDays)]),
                percent: row.month.rate.map { DisplayFormat.percent($0) } ?? "–")
        }
        hasHabits = !rows.isEmpty
        let values = progress.trend.map { $0.completion.rate.map { $0 * 100 } }
        let known = values.compactMap { $0 }
        trendSummary =
            known.isEmpty
            ? t("habitProgress.trendEmpty")
            : t(
                "habitProgress.trendSummary",
                [
                    "average": DisplayFormat.percent(known.reduce(0, +) / Double(known.count) / 100),
                    "full": DisplayFormat.count(known.filter { $0 >= 100 }.count),
                ])
        var chart = BarChart(
            id: "habit-trend", title: t("habitProgress.trendTitle"), summary: trendSummary, role: "wellbeing",
            values: values, barLabels: progress.trend.map { ChartSummary.day($0.date, zone) },
            axisLabels: progress.trend.enumerated().compactMap { index, day in
                index % 7 == 0 ? (index, ChartSummary.day(day.date, zone)) : nil
            }, goal: 80, formatValue: { DisplayFormat.percent($0 / 100) })
        chart.words = .localized
        trendSVG = chart.svg()
        let days = progress.calendar.map { day in
            CalendarDay(
                level: Self.level(day.completion.rate),
                label:
                    "\(ChartSummary.day(day.date, zone)): \(day.completion.rate.map { DisplayFormat.percent($0) } ?? t("habitProgress.nothingDue"))",
                isFuture: day.date > progress.today)
        }
        calendarRows = (0..<7).map { weekday in
            CalendarRow(weekday: short[weekday], days: stride(from: weekday, to: days.count, by: 7).map { days[$0] })
        }
        let full = progress.calendar.filter { ($0.completion.rate ?? 0) >= 1 }.count
        calendarSummary = Localizer.current.plural(
            "habitProgress.calendarSummary", full, ["weeks": DisplayFormat.count(HabitProgress.calendarWeeks)])
        insights = progress.insights.map(t)
        hasInsights = !insights.isEmpty
    }

    /// 0 nothing asked, 1 under 40 %, 2 under 70 %, 3 under 100 %, 4 everything done.
    static func level(_ rate: Double?) -> Int {
        guard let rate else { return 0 }
        switch rate {
        case ..<0.4: return 1
        case ..<0.7: return 2
        case ..<1: return 3
        default: return 4
        }
    }

    static func cell(_ outcome: HabitDayOutcome, open: Bool) -> Cell {
        // A times-a-week habit's undone day is one of its free days, not a miss.
        let shown = outcome == .missed && open ? HabitDayOutcome.rest : outcome
        let symbol =
            switch shown {
            case .done: "✓"
            case .skipped: "–"
            case .missed: "✗"
            case .pending: "○"
            case .rest: "·"
            case .future: ""
            }
        return Cell(outcome: shown.rawValue, symbol: symbol, word: t("habit.outcome.\(shown.rawValue)"))
    }

    static func ring(_ key: String, _ completion: HabitCompletion) -> Ring {
        let label = t("habitProgress.\(key)")
        let value = completion.rate.map { DisplayFormat.percent($0) } ?? "–"
        let done = DisplayFormat.decimal(completion.achieved, digits: 0)
        let due = DisplayFormat.decimal(completion.expected, digits: 0)
        var ring = ProgressRing(
            id: "habit-ring-\(key)", title: "\(label): \(value)", value: (completion.rate ?? 0) * 100, target: 100,
            targetText: t("habit.progress", ["amount": done, "target": due]))
        ring.words = .localized
        return Ring(
            label: label, value: value, detail: t("habitProgress.ringDetail", ["done": done, "due": due]), svg: ring.svg())
    }
}
