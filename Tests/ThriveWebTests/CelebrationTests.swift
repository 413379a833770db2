import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// Milestones as they happen: a habit's seventh day in a row is celebrated once, the sixth is not,
/// and a person who turned celebrations off on the coaching welcome hears nothing.
@Suite("Celebrations")
struct CelebrationTests {
    struct History: Decodable {
        struct Item: Decodable {
            let kind: String
            let title: String
            let link: String
        }
        let notifications: [Item]
    }

    static let morning = ISO8601DateFormatter().date(from: "2026-11-16T08:00:00Z")!

    @Test(arguments: [true, false])
    func theSeventhDayInARowIsCelebratedOnce(celebrations: Bool) async throws {
        let clock = TestClock(Self.morning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            if !celebrations {
                try await app.store.write { repositories in
                    let owner = try #require(try await repositories.accounts.all().first?.id)
                    var start = CoachingStart()
                    var reminders = CoachingStart.Reminders()
                    reminders.celebrations = false
                    start.reminders = reminders
                    try await repositories.records(of: owner).documents.save(start, at: clock.now)
                }
            }
            let created = try await browser.json(.post, "/api/v1/habits", #"{"name":"Stretch"}"#, bearer: token)
            let habit = try #require(created.text.firstMatch(of: /"id":"([0-9a-f-]{36})"/)?.1)
            func milestones() async throws -> [History.Item] {
                let token = try await browser.apiLogin().accessToken
                return try await browser.json(.get, "/api/v1/mobile/notifications/history", bearer: token)
                    .decode(History.self).notifications.filter { $0.title.contains("in a row") }
            }
            for day in 1...7 {
                let done = try await browser.json(
                    .post, "/api/v1/habits/\(habit)/checkins", #"{"action":"done"}"#,
                    bearer: try await browser.apiLogin().accessToken)
                #expect(done.status == .ok || done.status == .created, "\(done.text)")
                if day == 6 { #expect(try await milestones().isEmpty, "six days are not a milestone") }
                if day < 7 { clock.advance(minutes: 24 * 60) }
            }
            // Undone and done again the same day: still one.
            _ = try await browser.json(
                .post, "/api/v1/habits/\(habit)/checkins", #"{"action":"clear"}"#,
                bearer: try await browser.apiLogin().accessToken)
            _ = try await browser.json(
                .post, "/api/v1/habits/\(habit)/checkins", #"{"action":"done"}"#, bearer: try await browser.apiLogin().accessToken
            )
            let sent = try await milestones()
            if celebrations {
                #expect(sent.map(\.title) == ["7 days of Stretch in a row"] && sent.map(\.kind) == ["milestone"])
                #expect(sent.first?.link == "/pillars/wellbeing/habits#habit-\(habit)")
            } else {
                #expect(sent.isEmpty)
            }
        }
    }
}
