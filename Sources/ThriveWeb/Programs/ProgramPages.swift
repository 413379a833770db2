import Foundation
import ThriveCore

/// A program as a card: its name, length and level, and the person's place in it.
struct ProgramCard: Sendable {
    let id: String
    let icon: String
    let title: String
    let summary: String
    let level: String
    let path: String
    /// "14 days".
    let length: String
    let isActive: Bool
    let isCompleted: Bool
    /// "Day 3 of 14" while enrolled.
    let dayOfLength: String?
    let daysDone: Int
    let lengthValue: Int
    /// "2 of 14 days done".
    let doneSummary: String?
    /// The day to go on with: the first reached day not yet done.
    let nextDayPath: String?
    let nextDayTitle: String?
    /// `lang` of the program's own words when they are not in the page's language.
    let contentLang: String?

    init(_ listing: ProgramService.Listing) {
        let program = listing.program
        contentLang = contentLanguage(program.language)
        id = program.id.rawValue
        icon = program.icon
        title = program.title
        summary = program.summary
        level = program.level
        path = "\(ProgramPagesController.base)/\(program.id.rawValue)"
        length = Localizer.current.plural("program.days", program.length)
        isActive = listing.isActive
        isCompleted = listing.enrollment?.status == .completed
        lengthValue = program.length
        let enrollment = listing.isActive ? listing.enrollment : nil
        daysDone = enrollment?.completedDays.count ?? 0
        if let current = listing.currentDay, let enrollment {
            dayOfLength = t(
                "program.dayOf", ["day": DisplayFormat.count(current), "length": DisplayFormat.count(program.length)])
            doneSummary = t(
                "program.doneOf", ["done": DisplayFormat.count(daysDone), "length": DisplayFormat.count(program.length)])
            let next = (1...current).first { !enrollment.completedDays.contains($0) } ?? current
            nextDayPath = "\(path)/days/\(next)"
            nextDayTitle = t("program.dayTitle", ["day": DisplayFormat.count(next), "title": program.days[next - 1].title])
        } else {
            dayOfLength = nil
            doneSummary = nil
            nextDayPath = nil
            nextDayTitle = nil
        }
    }
}

/// The program library: the ones running first, then the rest.
struct ProgramsPage: Sendable {
    let active: [ProgramCard]
    let available: [ProgramCard]
    let hasActive: Bool
    let notice: String?
    /// Programs the person's creator recommends, first.
    let recommended: [ProgramCard]
    let recommendedTitle: String?

    init(_ listings: [ProgramService.Listing], notice: String?, creator: CreatorBranding? = nil) {
        let featured = creator?.featuredPrograms ?? []
        active = listings.filter(\.isActive).map(ProgramCard.init)
        recommended = featured.compactMap { id in listings.first { $0.program.id.rawValue == id && !$0.isActive } }
            .map(ProgramCard.init)
        recommendedTitle = recommended.isEmpty ? nil : t("programs.recommended", ["name": creator?.name ?? ""])
        available = listings.filter { !$0.isActive && !featured.contains($0.program.id.rawValue) }.map(ProgramCard.init)
        hasActive = !active.isEmpty
        self.notice = notice
    }
}

/// One program: what it asks, the habits it adds, the outline of days, joining and leaving.
struct ProgramDetailPage: Sendable {
    struct DayLine: Sendable {
        let number: Int
        let title: String
        let path: String
        /// done, current, reached (open, not done) or ahead.
        let state: String
        let stateLabel: String
        let isLink: Bool
    }

    struct HabitLine: Sendable {
        let icon: String
        let name: String
    }

    /// A program habit alike to one the person keeps: joining asks which to follow.
    struct ReuseChoice: Sendable {
        let index: Int
        let habitID: String
        let question: String
        let useExisting: String
        let addNew: String
    }

    /// A week of the outline; a program of a week or less has one, without a heading.
    struct WeekGroup: Sendable {
        let title: String?
        let isCurrent: Bool
        let days: [DayLine]
    }

    /// "Current streak: 12 days", "Badges earned: 3", "Consistency: 85 %".
    struct ProgressLines: Sendable {
        let streak: String
        let badges: String
        let consistency: String

        init(_ progress: ProgramProgress) {
            streak = Localizer.current.plural(
                progress.streakInWeeks ? "program.stats.streakWeeks" : "program.stats.streak", progress.streak)
            badges = Localizer.current.plural("program.stats.badges", progress.badgesEarned)
            consistency =
                progress.consistency.rate.map {
                    t("program.stats.consistency", ["percent": DisplayFormat.percent($0)])
                } ?? t("program.stats.consistencyNone")
        }
    }

    let card: ProgramCard
    let weeks: [WeekGroup]
    let habits: [HabitLine]
    let hasHabits: Bool
    let choices: [ReuseChoice]
    let progress: ProgressLines?
    let notice: String?
    let leaveError: String?

    init(_ listing: ProgramService.Listing, notice: String?, leaveError: String? = nil) {
        let card = ProgramCard(listing)
        self.card = card
        let current = listing.currentDay ?? 0
        let done = listing.isActive ? listing.enrollment?.completedDays ?? [] : []
        let days = listing.program.days.map { day in
            let state =
                done.contains(day.number)
                ? "done" : day.number == current ? "current" : day.number < current ? "reached" : "ahead"
            return DayLine(
                number: day.number, title: day.title, path: "\(card.path)/days/\(day.number)", state: state,
                stateLabel: t("program.dayState.\(state)"), isLink: listing.isActive ? day.number <= current : true)
        }
        weeks = stride(from: 0, to: days.count, by: 7).map { start in
            let week = Array(days[start..<min(start + 7, days.count)])
            return WeekGroup(
                title: days.count > 7 ? t("program.week", ["number": DisplayFormat.count(start / 7 + 1)]) : nil,
                isCurrent: days.count > 7 && listing.isActive && week.contains { $0.number == current },
                days: week)
        }
        habits = listing.program.habits.map { HabitLine(icon: $0.icon ?? "✓", name: $0.name) }
        hasHabits = !habits.isEmpty
        choices = listing.similar.sorted { $0.key < $1.key }.map { index, existing in
            let habit = listing.program.habits[index].name
            return ReuseChoice(
                index: index, habitID: existing.id.rawValue.uuidString.lowercased(),
                question: t("program.reuse.question", ["habit": habit, "existing": existing.name]),
                useExisting: t("program.reuse.use", ["existing": existing.name]),
                addNew: t("program.reuse.add", ["habit": habit]))
        }
        progress = listing.progress.map(ProgressLines.init)
        self.notice = notice
        self.leaveError = leaveError
    }
}

/// One day's lesson, with marking it done and the way to the days either side.
struct ProgramDayPage: Sendable {
    let card: ProgramCard
    let number: Int
    /// "Day 2 of 21": this page's day, whatever day the person is on.
    let position: String
    /// "You are on day 1." when the person reads another day than theirs.
    let today: String?
    let heading: String
    let lessonHTML: String
    let canComplete: Bool
    let isDone: Bool
    /// Enrolled, but the day is still ahead: the lesson can be read, not marked.
    let isAhead: Bool
    let previousPath: String?
    let nextPath: String?
    let notice: String?

    init(_ listing: ProgramService.Listing, day: Program.Day, notice: String?) {
        card = ProgramCard(listing)
        number = day.number
        position = t(
            "program.dayPosition",
            ["day": DisplayFormat.count(day.number), "length": DisplayFormat.count(listing.program.length)])
        today = listing.currentDay.flatMap { $0 == day.number ? nil : t("program.youAreOnDay", ["day": DisplayFormat.count($0)]) }
        heading = t("program.dayTitle", ["day": DisplayFormat.count(day.number), "title": day.title])
        lessonHTML = LessonMarkdown.html(day.lesson)
        let current = listing.currentDay ?? 0
        isDone = listing.isActive && listing.enrollment?.completedDays.contains(day.number) == true
        canComplete = listing.isActive && day.number <= current && !isDone
        isAhead = listing.isActive && day.number > current
        previousPath = day.number > 1 ? "\(card.path)/days/\(day.number - 1)" : nil
        nextPath = day.number < listing.program.length ? "\(card.path)/days/\(day.number + 1)" : nil
        self.notice = notice
    }
}

/// The home page's card of running programs (absent when there are none).
struct HomePrograms: Sendable {
    let cards: [ProgramCard]
}
