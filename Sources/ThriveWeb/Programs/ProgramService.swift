import Foundation
import ThriveCore
import ThriveStore

extension ProgramEnrollments: PersonDocument {
    public static let documentKind = "programEnrollments"
}

/// Programs for one person: the library with where they are in each, joining (which adds the
/// program's habits to today), marking a day's lesson done, and leaving (which archives those
/// habits, keeping their history). Each is one transaction.
struct ProgramService: Sendable {
    let store: Store
    let now: Now
    let ids: IDGenerator
    /// Thrive's own programs (onboarding suggests from these); a person in a creator's space also
    /// sees the creator's (``ProgramLibrary/open(to:_:)``).
    let library: ProgramLibrary

    /// A program with the person's latest enrollment in it.
    struct Listing: Sendable {
        let program: Program
        let enrollment: ProgramEnrollment?
        let today: LocalDate
        /// Achievement tiers the change that answered with this earned (a program finished).
        var awards: [AchievementAward] = []
        /// How the person is doing in it, when one program was asked for and they are in it or
        /// finished it.
        var progress: ProgramProgress?
        /// For each of the program's habits (by position), one the person already keeps that is
        /// alike, when they are not in the program: joining may use it instead of adding another.
        var similar: [Int: Habit] = [:]

        var isActive: Bool { enrollment?.status == .active }
        var currentDay: Int? {
            guard let enrollment, enrollment.status == .active else { return nil }
            return enrollment.currentDay(today: today, length: program.length)
        }
    }

    func listings(_ owner: UserID) async throws -> [Listing] {
        let (day, enrollments, library) = try await place(owner)
        return library.programs.map { Listing(program: $0, enrollment: enrollments.latest($0.id), today: day) }
    }

    func listing(_ owner: UserID, _ id: ProgramID) async throws -> Listing {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            let program = try await Self.program(id, for: owner, repositories)
            let day = try await HabitService.day(records, now: now)
            let enrollments = try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()
            var listing = Listing(program: program, enrollment: enrollments.latest(id), today: day)
            listing.progress = try await Self.progress(of: listing, records)
            if !listing.isActive {
                let kept = try await records.habits.all().map(\.habit)
                for (index, draft) in program.habits.enumerated() {
                    listing.similar[index] = SimilarHabit.match(draft.name, among: kept)
                }
            }
            return listing
        }
    }

    /// The person's progress in a program they are in or finished, from their habits' check-ins
    /// since joining and their badges.
    private static func progress(of listing: Listing, _ records: PersonalRecords) async throws -> ProgramProgress? {
        guard let enrollment = listing.enrollment, enrollment.status != .left else { return nil }
        var kept: [TrackedHabit] = []
        for id in enrollment.followedHabitIDs {
            if let tracked = try await records.habits.habit(id) { kept.append(tracked) }
        }
        let views = try await HabitService.views(kept, today: listing.today, records: records)
        let checkIns = try await records.habits.checkIns(
            enrollment.followedHabitIDs, from: enrollment.startedOn, through: listing.today)
        return ProgramProgress(
            enrollment, length: listing.program.length, habits: views, checkIns: checkIns,
            awards: try await records.achievements.all(), today: listing.today)
    }

    /// The person's day, every enrollment they have and the programs open to them.
    private func place(_ owner: UserID) async throws -> (LocalDate, ProgramEnrollments, ProgramLibrary) {
        try await store.read { repositories in
            let records = repositories.records(of: owner)
            return (
                try await HabitService.day(records, now: now),
                try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments(),
                try await ProgramLibrary.open(to: owner, repositories)
            )
        }
    }

    /// A program open to the person, read in the caller's session.
    private static func program(_ id: ProgramID, for owner: UserID, _ repositories: Repositories) async throws -> Program {
        guard let program = try await ProgramLibrary.open(to: owner, repositories).program(id) else {
            throw Self.missing
        }
        return program
    }

    /// The programs running for the person, for the home page.
    func active(_ owner: UserID) async throws -> [Listing] {
        try await listings(owner).filter(\.isActive)
    }

    /// Joins a program from today: its habits are added to the person's list.
    /// `reusing` maps a program habit's position to a habit the person already keeps that the
    /// program follows instead of adding that one.
    func enroll(_ owner: UserID, _ id: ProgramID, reusing: [Int: HabitID] = [:]) async throws -> Listing {
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            let program = try await Self.program(id, for: owner, repositories)
            let day = try await HabitService.day(records, now: now)
            var enrollments = try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()
            guard enrollments.active(id) == nil else { throw Self.error(.alreadyEnrolled, program) }
            var habitIDs: [HabitID] = []
            var reused: [HabitID] = []
            for (index, draft) in program.habits.enumerated() {
                if let existing = reusing[index] {
                    guard let tracked = try await records.habits.habit(existing), tracked.habit.status != .archived else {
                        throw ValidationError(field: "reuse", message: t("program.error.reuseUnknown"))
                    }
                    reused.append(existing)
                    continue
                }
                let habit = try draft.habit(id: ids.make(), startedOn: day, at: now())
                try await records.habits.save(TrackedHabit(habit: habit, streak: HabitStreak()))
                habitIDs.append(habit.id)
            }
            guard reusing.keys.allSatisfy(program.habits.indices.contains) else {
                throw ValidationError(field: "reuse", message: t("program.error.reuseIndex"))
            }
            do {
                try enrollments.enroll(id, today: day, habitIDs: habitIDs, reusing: reused)
            } catch let rule as ProgramRuleError {
                throw Self.error(rule, program)
            }
            try await records.documents.save(enrollments, at: now())
            return Listing(program: program, enrollment: enrollments.latest(id), today: day)
        }
    }

    /// Marks a day's lesson done; the last one completes the program.
    func complete(_ owner: UserID, _ id: ProgramID, day number: Int) async throws -> Listing {
        try await change(owner, id) { enrollment, program, day in
            try enrollment.complete(day: number, today: day, length: program.length)
        }
    }

    /// Leaves a program: the habits it added are archived, their history kept.
    func leave(_ owner: UserID, _ id: ProgramID) async throws -> Listing {
        try await change(owner, id) { enrollment, _, day in
            try enrollment.leave(today: day)
        } then: { records, enrollment, day in
            for habitID in enrollment.habitIDs {
                guard var tracked = try await records.habits.habit(habitID), tracked.habit.status != .archived else { continue }
                tracked.habit = try HabitChange(status: .archived).applied(to: tracked.habit, today: day)
                try await records.habits.save(tracked)
            }
        }
    }

    /// Changes the running enrollment in a program and does what follows from it (`then`), in one
    /// transaction, so leaving never ends with the program left and its habits still running.
    private func change(
        _ owner: UserID, _ id: ProgramID,
        _ apply: @escaping @Sendable (inout ProgramEnrollment, Program, LocalDate) throws -> Void,
        then: @escaping @Sendable (PersonalRecords, ProgramEnrollment, LocalDate) async throws -> Void = { _, _, _ in }
    ) async throws -> Listing {
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            let program = try await Self.program(id, for: owner, repositories)
            let day = try await HabitService.day(records, now: now)
            var enrollments = try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()
            do {
                try enrollments.update(id) { try apply(&$0, program, day) }
            } catch let rule as ProgramRuleError { throw Self.error(rule, program) }
            try await records.documents.save(enrollments, at: now())
            if let changed = enrollments.latest(id) { try await then(records, changed, day) }
            let (_, awards, _) = try await AchievementService.evaluate(records, today: day)
            return Listing(program: program, enrollment: enrollments.latest(id), today: day, awards: awards)
        }
    }

    static var missing: AppError { AppError.notFound(t("program.notFound")) }

    static func error(_ rule: ProgramRuleError, _ program: Program) -> AppError {
        switch rule {
        case .notEnrolled:
            AppError(status: .conflict, code: "not_enrolled", message: t("program.error.notEnrolled", ["title": program.title]))
        case .alreadyEnrolled:
            AppError(
                status: .conflict, code: "already_enrolled", message: t("program.error.alreadyEnrolled", ["title": program.title])
            )
        case .noSuchDay(let length):
            AppError(
                status: .unprocessableContent, code: "invalid_input",
                message: t(Phrase("program.error.noSuchDay", ["count": .integer(length)])),
                field: "day")
        case .dayNotReached(let day):
            AppError(
                status: .unprocessableContent, code: "invalid_input",
                message: t("program.error.dayNotReached", ["day": String(day)]),
                field: "day")
        }
    }
}
