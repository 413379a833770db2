import Foundation
import ThriveCore

/// Pillars › Fitness › Workouts for one day: the plan's next session to start, the day's workouts
/// (the person's own with Edit and Delete, a device's read-only), and after saving, what the
/// session means for next time.
struct WorkoutDayPage: Sendable {
    struct PlannedLink: Sendable {
        let name: String
        let detail: String
        let href: String
    }

    struct Item: Sendable {
        let id: String
        let title: String
        let detail: String
        let sets: [String]
        let hasSets: Bool
        let editable: Bool
    }

    let path: String
    let date: String
    let dateLabel: String
    let previous: String
    let next: String?
    let notice: String?
    let canUndo: Bool
    let nextUp: PlannedLink?
    let otherSessions: [PlannedLink]
    let hasOtherSessions: Bool
    let weekSummary: String
    let progress: [String]
    let hasProgress: Bool
    let items: [Item]
    let isEmpty: Bool

    init(
        date: LocalDate, person: PersonContext, program: TrainingProgram, doneThisWeek: Int, workouts: [Workout],
        notice: EntryNotice?, saved: Workout?
    ) {
        let base = WorkoutPagesController.base
        let units = person.profile.unitSystem
        path = base
        self.date = date.description
        dateLabel =
            date == person.today
            ? t("common.today") : DisplayFormat.longDate(date.start(in: person.zone).addingTimeInterval(43_200), in: person.zone)
        previous = date.adding(days: -1).description
        next = date < person.today ? date.adding(days: 1).description : nil
        self.notice = notice?.text(for: "entry.workout")
        canUndo = notice == .deleted
        let links = program.sessions.enumerated().map { index, session in
            PlannedLink(
                name: t("workouts.sessionName", ["number": String(index + 1), "title": t(session.title)]),
                detail: t(
                    Phrase(
                        "workouts.sessionDetail",
                        ["count": .integer(session.exercises.count), "minutes": .integer(session.totalMinutes)])),
                href: "\(base)/new?session=\(index)&date=\(date.description)")
        }
        let nextIndex = links.isEmpty ? 0 : doneThisWeek % links.count
        nextUp = links.isEmpty ? nil : links[nextIndex]
        otherSessions = links.enumerated().filter { $0.offset != nextIndex }.map(\.element)
        hasOtherSessions = !otherSessions.isEmpty
        weekSummary = t(
            Phrase("workouts.weekSummary", ["done": .integer(doneThisWeek), "count": .integer(program.sessions.count)]))
        progress =
            saved.map { workout in
                WorkoutProgress.nextTime(
                    after: workout, resolve: ExerciseNames.exercise(named:), steps: person.loadSteps
                ).map { item in
                    let change =
                        item.decision.load == item.current
                        ? t("workouts.sameWeight") : DisplayFormat.mass(item.decision.load, units)
                    return t(
                        "workouts.progressLine",
                        ["exercise": t(item.exercise.title), "change": change, "reason": t(item.decision.reason)])
                }
            } ?? []
        hasProgress = !progress.isEmpty
        items = workouts.sorted { $0.start > $1.start }.map { Self.item($0, person: person) }
        isEmpty = workouts.isEmpty
    }

    static func item(_ workout: Workout, person: PersonContext) -> Item {
        let units = person.profile.unitSystem
        var detail = [
            DisplayFormat.time(workout.start, in: person.zone), "\(DisplayFormat.decimal(workout.duration / 60, digits: 0)) min",
        ]
        if let distance = workout.distance {
            detail.append(
                units == .metric
                    ? "\(DisplayFormat.decimal(distance.metres / 1_000, digits: 2)) km"
                    : "\(DisplayFormat.decimal(distance.metres / WorkoutForm.metresPerMile, digits: 2)) mi")
        }
        if let energy = workout.activeEnergyKilocalories { detail.append(DisplayFormat.kilocalories(energy)) }
        let editable = workout.source.kind == .manual
        if !editable { detail.append("from \(workout.source.name)") }
        let sets = setLines(workout, units: units)
        return Item(
            id: workout.id.rawValue.uuidString.lowercased(), title: workout.activityType.title,
            detail: detail.joined(separator: " · "), sets: sets, hasSets: !sets.isEmpty, editable: editable)
    }

    /// "Bench press: 12 × 60 kg, 12 × 60 kg, 10 × 60 kg", one line per exercise.
    static func setLines(_ workout: Workout, units: UnitSystem) -> [String] {
        workout.exercises.map { name, sets in
            let parts = sets.map { set in
                if let reps = set.reps {
                    return set.load.map { "\(reps) × \(DisplayFormat.mass($0, units))" }
                        ?? t(Phrase("workouts.reps", ["count": .integer(reps)]))
                }
                return "\(DisplayFormat.decimal((set.durationSeconds ?? 0) / 60, digits: 0)) min"
            }
            return "\(name): \(parts.joined(separator: ", "))"
        }
    }
}
