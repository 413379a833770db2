import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// A month after a person chose their training emphasis, Thrive looks at the month and suggests
/// another when it would suit them better; they accept or decline, on the page or through the API.
@Suite("Emphasis review")
struct EmphasisReviewTests {
    /// Sunday 1 November 2026, 9 a.m. UTC: the person signs up and finishes onboarding.
    static let start = ISO8601DateFormatter().date(from: "2026-11-01T09:00:00Z")!

    struct Review: Decodable {
        struct Suggestion: Decodable {
            struct Reason: Decodable {
                let kind: String
                let text: String
                let meanSteps: Int?
                let cardioMinutesPerWeek: Int?
            }
            let suggested: String
            let summary: String
            let reasons: [Reason]
        }
        let current: String
        let dueOn: String?
        let isDue: Bool
        let suggestion: Suggestion?
        let status: String?
    }

    /// One step count a day, for `days` days ending yesterday.
    static func steps(_ count: Int, days: Int, before now: Date) -> String {
        let samples = (1...days).map { back -> String in
            let day = now.addingTimeInterval(Double(-back) * 86_400)
            let text = ISO8601DateFormatter().string(from: day)
            return
                #"{"type":"HKQuantityTypeIdentifierStepCount","value":\#(count),"unit":"count","start":"\#(text)","source":{"name":"Phone","kind":"device"},"syncIdentifier":"steps-\#(text)","syncVersion":1}"#
        }
        return #"{"quantitySamples":[\#(samples.joined(separator: ","))]}"#
    }

    @Test func aSedentaryMonthOnStrengthSuggestsAMixThatThePersonDeclinesThenAccepts() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            // Tokens and idle sessions last 15 minutes; the test's clock jumps weeks, so the person signs in again.
            func token() async throws -> String { try await browser.apiLogin().accessToken }
            func jump(days: Double) async throws {
                clock.advance(minutes: days * 24 * 60)
                try await browser.logIn()
            }
            func review() async throws -> Review {
                let reply = try await browser.json(.get, "/api/v1/plan/emphasis-review", bearer: try await token())
                #expect(reply.status == .ok, "\(reply.text)")
                return try reply.decode(Review.self)
            }

            // Ten days in: the review is four weeks after the start, and nothing can be answered yet.
            try await jump(days: 10)
            var now = try await review()
            #expect(now.current == "strength" && now.dueOn == "2026-11-29" && !now.isDue && now.suggestion == nil)
            #expect(try await browser.get("/pillars/fitness/plan").text.contains("Thrive looks at four weeks of your data on"))
            let early = try await browser.json(
                .post, "/api/v1/plan/emphasis-review", #"{"accept":true}"#, bearer: try await token())
            #expect(early.status == .conflict)
            #expect(early.text.contains("There is no training suggestion to answer right now."))

            // Four weeks of 3,200 steps a day and no cardio: a mix is suggested, with the numbers.
            try await jump(days: 19)
            let posted = try await browser.json(
                .post, "/api/v1/samples", Self.steps(3_200, days: 28, before: clock.now), bearer: try await token())
            #expect(posted.status == .ok, "\(posted.text)")
            now = try await review()
            let suggestion = try #require(now.suggestion)
            #expect(now.isDue && suggestion.suggested == "hybrid")
            #expect(suggestion.reasons.map(\.kind) == ["littleAerobicActivity"])
            #expect(suggestion.reasons[0].meanSteps == 3_200 && suggestion.reasons[0].cardioMinutesPerWeek == 0)
            let page = try await browser.get("/pillars/fitness/plan").text
            #expect(page.contains("A suggestion for your training"))
            #expect(page.contains("a mix of strength and cardio may suit you better than strength training"))
            #expect(page.contains("You averaged 3,200 steps a day and 0 minutes of cardio a week."))
            #expect(page.contains(#"name="answer" value="accept""#) && page.contains("Switch to strength and cardio"))

            // Declined on the page: the emphasis stays, the next look is four weeks on.
            let declined = try await browser.post("/pillars/fitness/plan/emphasis", form: [("answer", "decline")])
            #expect(declined.location == "/pillars/fitness/plan?emphasis=declined")
            let after = try await browser.get(declined.location!).text
            #expect(after.contains("Kept as it is. Thrive looks again on"))
            #expect(!after.contains("A suggestion for your training"))
            now = try await review()
            #expect(now.current == "strength" && !now.isDue && now.dueOn == "2026-12-28")
            // A second tap on the old page finds nothing open and changes nothing.
            let again = try await browser.post("/pillars/fitness/plan/emphasis", form: [("answer", "accept")])
            #expect(again.location == "/pillars/fitness/plan")
            #expect(try await review().current == "strength")

            // Another sedentary month: asked again, and accepted through the API this time.
            try await jump(days: 28)
            _ = try await browser.json(
                .post, "/api/v1/samples", Self.steps(3_000, days: 28, before: clock.now), bearer: try await token())
            #expect(try await review().suggestion?.suggested == "hybrid")
            let accepted = try await browser.json(
                .post, "/api/v1/plan/emphasis-review", #"{"accept":true}"#, bearer: try await token())
            #expect(accepted.status == .ok, "\(accepted.text)")
            now = try accepted.decode(Review.self)
            #expect(now.current == "hybrid" && now.suggestion == nil && now.dueOn == "2027-01-25")
            let program = try await browser.json(.get, "/api/v1/plan/training", bearer: try await token())
            #expect(program.text.contains(#""emphasis":"hybrid""#))
        }
    }

    @Test func choosingAnotherEmphasisStartsItsOwnMonth() async throws {
        let clock = TestClock(Self.start)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            func token() async throws -> String { try await browser.apiLogin().accessToken }
            clock.advance(minutes: 40 * 24 * 60)
            let changed = try await browser.json(
                .put, "/api/v1/plan/preferences", #"{"training":{"emphasis":"cardio"}}"#, bearer: try await token())
            #expect(changed.status == .ok, "\(changed.text)")
            let review = try await browser.json(.get, "/api/v1/plan/emphasis-review", bearer: try await token()).decode(
                Review.self)
            #expect(review.current == "cardio" && !review.isDue && review.dueOn == "2027-01-08")
            // Changing something else keeps the month running.
            clock.advance(minutes: 24 * 60)
            _ = try await browser.json(
                .put, "/api/v1/plan/preferences", #"{"training":{"sessionsPerWeek":3}}"#, bearer: try await token())
            #expect(
                try await browser.json(.get, "/api/v1/plan/emphasis-review", bearer: try await token()).decode(Review.self).dueOn
                    == "2027-01-08")
        }
    }

    @Test(arguments: [#"{"accept":"yes"}"#, #"{}"#, #"{"accept":true,"extra":1}"#])
    func anAnswerThatIsNotYesOrNoIsRefused(body: String) async throws {
        try await TestApp.make().test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let reply = try await browser.json(.post, "/api/v1/plan/emphasis-review", body, bearer: token)
            #expect(reply.status.code >= 400 && reply.status.code < 500, "\(reply.text)")
            #expect(reply.status != .conflict, "refused for its shape before anything else")
        }
    }
}
