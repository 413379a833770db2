import Foundation
import ThriveCore
import ThriveReports

/// The home page's view of a ``Dashboard``: the same values, with the strings and shapes the
/// template needs (icons for states, sparkline points, times in the person's zone).
struct DashboardPage: Sendable {
    struct Score: Sendable {
        let pillar: String
        let name: String
        let score: String
        let band: String
        let label: String
        let icon: String
        let explanation: String
        let stale: Bool
        let href: String
        /// The last 7 days' scores as a 40 px line coloured by direction, with the direction in words.
        let sparkline: String?
        let direction: String?
        let trendSummary: String?
    }

    struct Card: Sendable {
        let title: String
        let value: String
        let status: String
        let statusLabel: String
        let icon: String
        let detail: String
        let href: String
        let actions: [KPIResponse.Card.QuickAction]
    }

    struct Alert: Sendable {
        let id: String
        let title: String
        let message: String
        let acknowledged: Bool
    }

    /// A goal as a ring (percentage and goal in its centre) or a streak as a line of text.
    struct Progress: Sendable {
        let label: String
        let value: String
        let ring: String?
    }

    struct Moment: Sendable {
        let time: String
        let kind: String
        let title: String
    }

    let greeting: String
    let today: String
    let deep: Bool
    let isNewPerson: Bool
    let staleNotice: String?
    let focus: Dashboard.Focus?
    let alerts: [Alert]
    let hasAlerts: Bool
    let emergencyAdvice = t(SafetyCondition.emergencyAdvice)
    let scores: [Score]
    let figures: [Dashboard.Figure]
    let cards: [Card]
    let featuredInsight: String?
    let insights: [String]
    let hasInsights: Bool
    let actions: [Dashboard.Action]
    let timeline: [Moment]
    let hasTimeline: Bool
    let progress: [Progress]
    let rings: [Progress]
    let welcomed: Bool
    let unavailable: Bool
    /// Today's habits, due ones first, with one-tap check-ins.
    var habits: HomeHabits?
    /// The programs the person is in, each with today's day to go on with.
    var programs: HomePrograms?
    /// Badges of the last week, the coach's unread words, and streaks celebrated today.
    var activity: HomeActivity?
    /// The latest lab result and kits on their way, for people who have them.
    var labs: HomeLabs?

    init(_ dashboard: Dashboard, zone: TimeZone, welcomed: Bool, unavailable: Bool = false) {
        greeting = dashboard.greeting
        today = DisplayFormat.longDate(dashboard.generatedAt, in: zone)
        deep = dashboard.mode == .deep
        isNewPerson = dashboard.isNewPerson
        staleNotice = dashboard.staleNotice
        focus = dashboard.focus
        alerts = dashboard.alerts.map {
            Alert(id: $0.id.description, title: $0.title, message: $0.message, acknowledged: $0.acknowledgedAt != nil)
        }
        hasAlerts = !alerts.isEmpty
        scores = dashboard.scores.map { score in
            let line = Self.sparkline(score)
            return Score(
                pillar: score.pillar.rawValue, name: score.name, score: score.score.map { "\($0)" } ?? "–", band: score.band,
                label: score.label, icon: StatusIcon.for(score.band), explanation: score.explanation, stale: score.stale,
                href: score.href, sparkline: line?.svg, direction: line?.direction, trendSummary: score.trend?.summary)
        }
        figures = dashboard.today
        cards = dashboard.cards.map { card in
            Card(
                title: card.title, value: card.value, status: card.status.rawValue, statusLabel: card.statusLabel,
                icon: StatusIcon.for(card.status.rawValue), detail: card.detail, href: card.href, actions: card.quickActions)
        }
        featuredInsight = dashboard.featuredInsight?.sentence
        insights = dashboard.insights.dropFirst().map(\.sentence)
        hasInsights = !insights.isEmpty
        actions = dashboard.quickActions
        timeline = dashboard.timeline.map { Moment(time: DisplayFormat.time($0.time, in: zone), kind: $0.kind, title: $0.title) }
        hasTimeline = !timeline.isEmpty
        let progress = dashboard.progress.enumerated().map { index, item in
            Progress(
                label: item.label, value: item.value,
                ring: item.percent.flatMap { percent in
                    item.goal.map { goal in
                        var ring = ProgressRing(
                            id: "goal-ring-\(index)", title: "\(item.label): \(item.value)", value: Double(percent), target: 100,
                            targetText: t("ring.of", ["goal": goal]))
                        ring.words = .localized
                        return ring.svg()
                    }
                })
        }
        rings = progress.filter { $0.ring != nil }
        self.progress = progress.filter { $0.ring == nil }
        self.welcomed = welcomed
        self.unavailable = unavailable
    }

    /// A score that moved less than 3 points over the week is steady.
    static let flatWithin = 3.0

    static func sparkline(_ score: Dashboard.Score) -> (svg: String, direction: String)? {
        let values = score.history.map { $0.map(Double.init) }
        guard values.compactMap({ $0 }).count >= 2 else { return nil }
        let line = Sparkline(values: values, flatWithin: flatWithin)
        let known = score.history.compactMap { $0 }
        let label =
            t(
                "sparkline.label",
                [
                    "name": score.name, "direction": t("sparkline.\(line.direction.rawValue)"),
                    "first": String(known.first ?? 0), "last": String(known.last ?? 0),
                ])
        return (line.svg(label: label), "\(line.direction.arrow) \(t("sparkline.\(line.direction.rawValue).title"))")
    }
}

/// The home page's recent activity (spec 002's home screen): what happened lately worth seeing,
/// newest first, each with its day.
struct HomeActivity: Sendable {
    struct Item: Sendable {
        /// Markup of the item's icon.
        let icon: String
        /// "Today", "Yesterday", "Fri 20 Nov".
        let when: String
        let text: String
        let href: String?
    }

    /// "Day 12 of your coaching journey".
    let journeyDay: String?
    let items: [Item]

    init?(
        journeyDay: Int?, awards: [AchievementAward], unread: Int, coachName: String?, habits: [HabitToday],
        today: LocalDate, zone: TimeZone
    ) {
        func when(_ day: LocalDate) -> String {
            switch today.days(since: day) {
            case 0: t("common.today")
            case 1: t("common.yesterday")
            default: ChartSummary.day(day, zone)
            }
        }
        // Messages waiting and today's milestones are today's news; badges follow by the day earned.
        var dated: [(day: LocalDate, item: Item)] = []
        if unread > 0 {
            let text = Localizer.current.plural(
                "home.activity.messages", unread, ["name": coachName ?? t("home.activity.yourCoach")])
            dated.append((today, Item(icon: Icon.chat.svg, when: when(today), text: text, href: "/coach")))
        }
        dated += habits.filter { $0.outcome == .done && HabitMilestones.days.contains($0.streak) }.map {
            (
                today,
                Item(
                    icon: Icon.party.svg, when: when(today), text: "\($0.habit.name): \(t($0.motivation))",
                    href: HabitPagesController.base)
            )
        }
        dated += awards.sorted { $0.earnedOn > $1.earnedOn }.prefix(3).map {
            (
                $0.earnedOn,
                Item(
                    icon: Icon.trophy.svg, when: when($0.earnedOn), text: AchievementText.newBadge($0.achievement, $0.tier),
                    href: AchievementPagesController.path)
            )
        }
        guard !dated.isEmpty || journeyDay != nil else { return nil }
        self.journeyDay = journeyDay.map { t("home.journeyDay", ["day": DisplayFormat.count($0)]) }
        // A stable sort keeps the order above within a day.
        items = dated.enumerated().sorted { ($0.element.day, -$0.offset) > ($1.element.day, -$1.offset) }.map(\.element.item)
    }
}
