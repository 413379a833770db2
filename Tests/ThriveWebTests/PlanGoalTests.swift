import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveWeb

/// A weight goal with a number and a date (spec 004: "lose 12 lb in 12 weeks"), through the API and
/// the plan page: it drives the plan's rate, tells the day it is reached, and is refused when unsafe.
@Suite("Weight goals with a date")
struct PlanGoalTests {
    @Test func aDatedGoalDrivesThePlanAndAnUnsafeOneIsRefused() async throws {
        let app = try await TestApp.make(clock: TestClock(FinishedDaysTests.afternoon))
        try await app.test { browser in
            // 36 years, 170 cm, 65 kg.
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/plan/preferences"
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))

            let saved = try await browser.json(
                .put, path, #"{"weightGoal":{"targetKilograms":61,"date":"2027-02-10"}}"#, bearer: token)
            #expect(saved.status == .ok, "\(saved.text)")
            try check.expectDocumented(saved, path, "put")
            #expect(saved.text.contains(#""goal":"lose""#))
            let plan = try await browser.json(.get, "/api/v1/plan/nutrition", bearer: token)
            try check.expectDocumented(plan, "/api/v1/plan/nutrition", "get")
            #expect(plan.text.contains(#""goalDate":"#))
            #expect(plan.text.contains("At this rate you reach 61.0 kg around"))

            // 10 kg in a month is 2.3 kg a week: refused, with the earliest safe date.
            let fast = try await browser.json(
                .put, path, #"{"weightGoal":{"targetKilograms":55,"date":"2026-12-18"}}"#, bearer: token)
            #expect(fast.status == .unprocessableContent)
            #expect(fast.error?.field == "targetDate")
            #expect(fast.error?.message.hasPrefix("Reaching that weight by then means losing 2.33 kg (5.1 lb) a week") == true)
            // 50 kg at 170 cm is a BMI of 17.3.
            let thin = try await browser.json(
                .put, path, #"{"weightGoal":{"targetKilograms":50,"date":"2027-11-01"}}"#, bearer: token)
            #expect(
                thin.error?.message
                    == "That target gives a BMI of 17.3, under 18.5, where losing weight is not safe: choose 53.5 kg or more.")

            // The plan page sets, shows and removes a goal, and keeps what was typed when it refuses.
            let page = try await browser.get("/pillars/nutrition/plan").text
            #expect(page.contains("61.0 kg by"))
            let refused = try await browser.post(
                "/pillars/nutrition/plan/goal", form: [("targetWeight", "40"), ("targetDate", "2027-06-01")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains(#"aria-invalid="true""#))
            #expect(refused.text.contains(#"value="40""#))
            let set = try await browser.post(
                "/pillars/nutrition/plan/goal", form: [("targetWeight", "62,5"), ("targetDate", "2027-03-01")])
            #expect(set.status == .seeOther)
            #expect(try await browser.get("/pillars/nutrition/plan").text.contains("62.5 kg by"))
            let removed = try await browser.post("/pillars/nutrition/plan/goal", form: [("remove", "true")])
            #expect(removed.status == .seeOther)
            #expect(try await browser.get("/pillars/nutrition/plan").text.contains("Set a weight to reach and a date"))
        }
    }
}
