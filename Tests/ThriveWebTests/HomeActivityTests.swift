import Foundation
import Testing
import ThriveCore

@testable import ThriveWeb

/// The home page's recent activity reads newest first, each item with its day.
@Suite("Recent activity on the home page")
struct HomeActivityTests {
    @Test func itemsAreNewestFirstWithTheirDays() throws {
        let today = LocalDate(year: 2026, month: 11, day: 25)!
        let awards = [
            AchievementAward(achievement: .firstWeek, tier: 1, earnedOn: today.adding(days: -3)),
            AchievementAward(achievement: .earlyBird, tier: 7, earnedOn: today.adding(days: -1)),
            AchievementAward(achievement: .hydrationHero, tier: 7, earnedOn: today.adding(days: -2)),
        ]
        let activity = try #require(
            Localizer.$current.withValue(Localizer(.en)) {
                HomeActivity(
                    journeyDay: 40, awards: awards, unread: 2, coachName: "Carol", habits: [], today: today, zone: .gmt)
            })
        #expect(activity.items.map(\.when) == ["Today", "Yesterday", "Mon 23 Nov", "Sun 22 Nov"])
        #expect(activity.items.first?.text == "2 new messages from Carol")
        #expect(activity.items.last?.text.contains("First week") == true)
    }
}
