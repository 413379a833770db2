import Foundation
import ThriveCore
import ThriveStore

/// A creator's own badges for the people in their space: earned by habit days done since the
/// person joined (never before), once each, stored with the day and kept if the person leaves.
/// Awarded in the transaction of the check-in that earned them, and when the gallery opens.
enum CreatorBadges {
    /// A badge of the space with how far the person is toward it.
    struct Standing: Sendable {
        let badge: CreatorBranding.Badge
        let earnedOn: LocalDate?
        let doneSinceJoining: Int
    }

    /// The person's space with its badges, when they are in one that has any.
    private static func space(
        _ owner: UserID, _ repositories: Repositories
    ) async throws -> (membership: CreatorMembership, badges: [CreatorBranding.Badge])? {
        guard let membership = try await repositories.creators.membership(of: owner),
            try await repositories.creators.roles(of: membership.creator).contains(.creator),
            let branding = try await repositories.records(of: membership.creator).documents.get(CreatorBranding.self),
            !branding.badges.isEmpty
        else { return nil }
        return (membership, branding.badges)
    }

    /// Stores the badges reached for the first time; answers with those.
    static func evaluate(_ owner: UserID, _ repositories: Repositories, today: LocalDate) async throws -> [CreatorBadgeAward] {
        try await standings(owner, repositories, today: today).new
    }

    /// Every badge of the person's space, earned or not, after storing the ones just reached.
    static func standings(
        _ owner: UserID, _ repositories: Repositories, today: LocalDate
    ) async throws -> (all: [Standing], new: [CreatorBadgeAward]) {
        guard let (membership, badges) = try await space(owner, repositories) else { return ([], []) }
        let records = repositories.records(of: owner)
        let zone = try await records.timeZone()
        let done = try await records.habits.doneCount(since: LocalDate(membership.joinedAt, in: zone))
        let held = try await records.creatorBadges.all().filter { $0.creator == membership.creator }
        let reached = badges.filter { badge in badge.habitDays <= done && !held.contains { $0.badgeID == badge.id } }
        let new = try await records.creatorBadges.award(
            reached.map {
                CreatorBadgeAward(creator: membership.creator, badgeID: $0.id, name: $0.name, icon: $0.icon, earnedOn: today)
            })
        let earned = held + new
        return (
            badges.map { badge in
                Standing(
                    badge: badge, earnedOn: earned.first { $0.badgeID == badge.id }?.earnedOn, doneSinceJoining: done)
            }, new
        )
    }

    /// "New badge: Ten days strong", for the check-in's toast and answer.
    static func newBadge(_ award: CreatorBadgeAward) -> String {
        t("creator.newBadge", ["name": award.name])
    }
}
