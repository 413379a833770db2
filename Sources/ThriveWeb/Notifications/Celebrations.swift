import Foundation
import ThriveCore
import ThriveStore

/// Spec 002 screen 4's celebrations and spec 000's milestones, in the check-in's transaction: a
/// habit's streak reaching 7, 14, 30, 60 or 90 days that day, and each achievement the check-in
/// earned, become milestone notifications — unless the person turned celebrations off when they
/// started coaching.
enum Celebrations {
    static func post(
        after outcome: HabitService.CheckInOutcome, owner: UserID, repositories: Repositories, now: Date, ids: IDGenerator
    ) async throws {
        let streak = outcome.today.streak
        let reached =
            outcome.checkIn?.state == .done && outcome.checkIn?.day == outcome.day
            && HabitMilestones.days.contains(streak) && !outcome.today.streakInWeeks
        guard reached || !outcome.awards.isEmpty else { return }
        let records = repositories.records(of: owner)
        if try await records.documents.get(CoachingStart.self)?.reminders?.celebrations == false { return }
        let habit = outcome.today.habit
        var entries: [NotificationEntry] = []
        if reached {
            entries.append(
                NotificationEntry(
                    id: NotificationID(ids.uuid()), kind: .milestone, key: "streak:\(habit.id):\(streak):\(outcome.day.iso8601)",
                    title: Phrase("notification.streak.title", ["name": .text(habit.name), "count": .integer(streak)]),
                    body: Phrase("notification.streak.body"), link: "\(HabitPagesController.base)#habit-\(habit.id)",
                    createdAt: now))
        }
        for award in outcome.awards {
            entries.append(
                NotificationEntry(
                    id: NotificationID(ids.uuid()), kind: .milestone,
                    key: "achievement:\(award.achievement.rawValue):\(award.tier):\(award.earnedOn.iso8601)",
                    title: Phrase(
                        "notification.achievement.title",
                        ["name": .phrase(Phrase("achievement.\(award.achievement.rawValue).name"))]),
                    body: Phrase("achievement.\(award.achievement.rawValue).description"),
                    link: AchievementPagesController.path, createdAt: now))
        }
        let settings = try await records.documents.get(Settings.self) ?? Settings()
        let zone = try await records.timeZone()
        let pushedToday = try await records.notifications.countedAgainstCap(
            since: LocalClock(zone: zone).date(outcome.day, minute: 0))
        for (offset, entry) in entries.enumerated() {
            let decision = NotificationRules.decide(
                NotificationCandidate(kind: .milestone, key: entry.key), settings: settings.notifications,
                history: NotificationHistory(pushedToday: pushedToday + offset), now: now, zone: zone)
            try await NotificationDispatch.post(
                entry, pushAt: NotificationDispatch.pushTime(decision.outcome, now: now), in: repositories, owner: owner,
                ids: ids)
        }
    }
}
