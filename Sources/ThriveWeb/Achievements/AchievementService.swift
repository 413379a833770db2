import Foundation
import ThriveCore
import ThriveStore

/// Achievements and the level for one person. Tiers are awarded inside the transaction of the
/// write that earned them (a check-in, a program day), and again when the gallery is opened, so
/// history brought in at once is counted too.
struct AchievementService: Sendable {
    let store: Store
    let now: Now

    /// The gallery: every achievement with its tiers (earned ones dated), the value counting toward
    /// the next, and the level.
    struct Gallery: Sendable {
        let today: LocalDate
        let facts: AchievementFacts
        let awards: [AchievementAward]
        let level: CoachingLevel
        /// Tiers earned by opening the gallery (history counted late).
        let new: [AchievementAward]
        /// The badges of the person's creator, when they are in a space that has some.
        var creatorBadges: [CreatorBadges.Standing] = []
        var creatorName: String?

        /// An achievement's tiers, each with the day it was earned: for a repeatable one, those
        /// earned and the next.
        func tiers(of achievement: Achievement) -> [(tier: Int, earnedOn: LocalDate?)] {
            let earned = awards.filter { $0.achievement == achievement }
            let thresholds = achievement.isRepeatable ? Array(1...(earned.count + 1)) : achievement.tiers
            return thresholds.map { tier in (tier, earned.first { $0.tier == tier }?.earnedOn) }
        }
    }

    func gallery(_ owner: UserID) async throws -> Gallery {
        try await store.write { repositories in
            let records = repositories.records(of: owner)
            let today = try await HabitService.day(records, now: now)
            let (facts, new, awards) = try await Self.evaluate(records, today: today)
            let level = CoachingLevel(
                habitDaysDone: try await records.habits.doneCount(), tiersEarned: awards.count,
                programsFinished: facts.programsFinished)
            var gallery = Gallery(today: today, facts: facts, awards: awards, level: level, new: new)
            gallery.creatorBadges = try await CreatorBadges.standings(owner, repositories, today: today).all
            if !gallery.creatorBadges.isEmpty {
                gallery.creatorName = try await CreatorService.space(owner, repositories)?.branding.name
            }
            return gallery
        }
    }

    /// Gathers the facts as of `today` and stores any tier they reach for the first time; answers
    /// with the facts, the tiers just earned, and every tier held now.
    @discardableResult
    static func evaluate(_ records: PersonalRecords, today: LocalDate) async throws -> (
        facts: AchievementFacts, new: [AchievementAward], all: [AchievementAward]
    ) {
        let habits = try await records.habits.all().map(\.habit).filter { $0.status != .archived }
        let ids = habits.map(\.id)
        var checkIns = try await records.habits.checkIns(
            ids, from: today.adding(days: -Achievement.longestRun), through: today)
        if let start = habits.map(\.startedOn).min(), start < today.adding(days: -Achievement.longestRun) {
            checkIns += try await records.habits.checkIns(ids, from: start, through: start.adding(days: 6))
        }
        let programs = try await records.documents.get(ProgramEnrollments.self) ?? ProgramEnrollments()
        let facts = AchievementFacts(
            habits: habits, checkIns: checkIns, today: today, programsFinished: programs.completedCount,
            messagesSent: try await records.coach.sentCount())
        let held = try await records.achievements.all()
        let keys = Set(held.map { "\($0.achievement.rawValue) \($0.tier)" })
        let reached = facts.reached(today: today).filter { !keys.contains("\($0.achievement.rawValue) \($0.tier)") }
        let new = try await records.achievements.award(
            reached.map { AchievementAward(achievement: $0.achievement, tier: $0.tier, earnedOn: $0.on) })
        return (facts, new, held + new)
    }
}
