import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
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

    struct Refeeds: Decodable {
        struct Refeed: Decodable {
            let scheduled: String
            let day: String?
            let skipped: Bool
            let calories: Int
        }
        let refeeds: [Refeed]
    }

    @Test func refeedDaysAreScheduledShownMovedAndSkipped() async throws {
        let clock = TestClock(FinishedDaysTests.afternoon)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")  // the plan starts on Wednesday 18 November
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/plan/refeeds"
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))
            let none = try await browser.json(.get, path, bearer: token)
            try check.expectDocumented(none, path, "get")
            #expect(none.text == #"{"refeeds":[]}"#, "keeping weight has no refeed days")

            try await browser.json(.put, "/api/v1/plan/preferences", #"{"goal":"lose"}"#, bearer: token)
            let listed = try await browser.json(.get, path, bearer: token)
            try check.expectDocumented(listed, path, "get")
            let refeeds = try listed.decode(Refeeds.self).refeeds
            #expect(refeeds.map(\.scheduled) == ["2026-12-02", "2026-12-16"])
            let ceiling = try #require(refeeds.first?.calories)

            let moved = try await browser.json(.put, path + "/2026-12-02", #"{"day":"2026-12-04"}"#, bearer: token)
            #expect(moved.status == .ok, "\(moved.text)")
            try check.expectDocumented(moved, path + "/{scheduled}", "put")
            #expect(try moved.decode(Refeeds.self).refeeds.first?.day == "2026-12-04")
            let skipped = try await browser.json(.put, path + "/2026-12-16", #"{"skip":true}"#, bearer: token)
            #expect(try skipped.decode(Refeeds.self).refeeds.last?.skipped == true)
            let far = try await browser.json(.put, path + "/2026-12-02", #"{"day":"2026-12-06"}"#, bearer: token)
            #expect(far.status == .unprocessableContent)
            let notOne = try await browser.json(.put, path + "/2026-12-03", #"{"skip":true}"#, bearer: token)
            #expect(notOne.error?.message == "No refeed day is scheduled on that day.")
            let both = try await browser.json(.put, path + "/2026-12-02", #"{"day":"2026-12-04","skip":true}"#, bearer: token)
            #expect(both.status == .badRequest)

            // The plan page shows them, and puts the skipped one back.
            let page = try await browser.get("/pillars/nutrition/plan").text
            #expect(page.contains("Refeed days"))
            #expect(page.contains("moved from"))
            let back = try await browser.post("/pillars/nutrition/plan/refeeds/2026-12-16", form: [("day", "2026-12-16")])
            #expect(back.status == .seeOther)
            let after = try await browser.json(.get, path, bearer: token).decode(Refeeds.self)
            #expect(after.refeeds.last?.skipped == false)

            // On the moved day, the calorie card counts to the refeed's ceiling.
            clock.advance(minutes: 16 * 24 * 60)  // Friday 4 December, 2 p.m.
            let later = try await browser.apiLogin().accessToken
            let cards = try await browser.json(.get, "/api/v1/kpis", bearer: later).text
            #expect(
                cards.contains("\(ceiling.formatted(.number.grouping(.automatic).locale(Locale(identifier: "en_US")))) kcal left")
            )
        }
    }
}

@Suite("Training set-up in the web app")
struct TrainingSetupPageTests {
    @Test func theSetUpIsChangedOnThePlanPageWithItsWarnings() async throws {
        try await TestApp.make(clock: TestClock(FinishedDaysTests.afternoon)).test { browser in
            try await browser.signUp(timeZone: "UTC")
            let page = try await browser.get("/pillars/fitness/plan").text
            #expect(page.contains("Your training set-up"))
            #expect(page.contains(#"id="sessionsPerWeek" name="sessionsPerWeek" type="number" value="4""#))
            // The common steps for kilograms until the person sets their own.
            #expect(
                page.contains(#"id="loadSteps.dumbbell" name="loadSteps.dumbbell" type="text" inputmode="decimal" value="1""#))
            #expect(
                page.contains(#"id="loadSteps.barbell" name="loadSteps.barbell" type="text" inputmode="decimal" value="2.5""#))

            let saved = try await browser.post(
                "/pillars/fitness/plan/setup",
                form: [
                    ("emphasis", "hybrid"), ("sessionsPerWeek", "3"), ("sessionMinutes", "45"), ("equipment", "dumbbells"),
                    ("injury", "knee"), ("seriousCondition", "true"), ("skipWarmUp", "true"), ("maximumHeartRate", "185"),
                ])
            #expect(saved.status == .seeOther)
            let plan = try await browser.get("/pillars/fitness/plan").text
            #expect(plan.contains("please get your doctor’s OK before starting this program"))
            #expect(plan.contains("You chose to skip warm-ups."))
            #expect(plan.contains(#"id="equipment-dumbbells" name="equipment" value="dumbbells" checked"#))
            #expect(!plan.contains(#"value="barbell" checked"#))
            #expect(plan.contains(#"id="injury-knee" name="injury" value="knee" checked"#))
            let token = try await browser.apiLogin().accessToken
            let preferences = try await browser.json(.get, "/api/v1/plan/preferences", bearer: token).text
            #expect(preferences.contains(#""maximumHeartRate":185"#))
            #expect(preferences.contains(#""sessionsPerWeek":3"#))

            for (field, value, message) in [
                ("sessionsPerWeek", "abc", "Sessions a week must be a whole number."),
                ("maximumHeartRate", "250", "Maximum heart rate must be between 100 and 230 bpm."),
            ] {
                let refused = try await browser.post("/pillars/fitness/plan/setup", form: [(field, value)])
                #expect(refused.status == .unprocessableContent, "\(field)")
                #expect(refused.text.contains(message), "\(field): \(message)")
            }
            // Every problem at once, each beside its field, and the form keeps what was typed.
            let three = try await browser.post(
                "/pillars/fitness/plan/setup",
                form: [("sessionsPerWeek", "9"), ("maximumHeartRate", "250"), ("loadSteps.dumbbell", "0.1")])
            #expect(three.status == .unprocessableContent)
            #expect(three.text.contains("There are 3 problems"))
            for field in ["sessionsPerWeek", "maximumHeartRate", "loadSteps.dumbbell"] {
                #expect(three.text.contains(#"id="\#(field)-error""#), "\(field)")
                #expect(three.text.contains(##"href="#\##(field)""##), "\(field) in the summary")
            }
            #expect(three.text.contains("A load step must be from 0.2 to 10 kg (0.5 to 22 lb)."))
            #expect(three.text.contains(#"name="loadSteps.dumbbell" type="text" inputmode="decimal" value="0.1""#))
            #expect(
                try await browser.json(.get, "/api/v1/plan/preferences", bearer: token).text.contains(#""sessionsPerWeek":3"#))

            // The person's own steps: 2 kg dumbbells (0.2 kg is the smallest allowed); the common steps again
            // are no steps of their own.
            let own = try await browser.post(
                "/pillars/fitness/plan/setup",
                form: [("sessionsPerWeek", "3"), ("loadSteps.dumbbell", "2"), ("loadSteps.barbell", "0.2")])
            #expect(own.status == .seeOther)
            let kept = try await browser.json(.get, "/api/v1/plan/preferences", bearer: token).text
            #expect(kept.contains(#""dumbbellKilograms":2"#) && kept.contains(#""barbellKilograms":0.2"#))
            try await browser.post("/pillars/fitness/plan/setup", form: [("sessionsPerWeek", "3")])
            #expect(!(try await browser.json(.get, "/api/v1/plan/preferences", bearer: token).text).contains("loadSteps"))
            // Clearing the measured maximum goes back to the estimate.
            try await browser.post("/pillars/fitness/plan/setup", form: [("sessionsPerWeek", "3"), ("maximumHeartRate", "")])
            #expect(!(try await browser.json(.get, "/api/v1/plan/preferences", bearer: token).text).contains("maximumHeartRate"))
        }
    }
}

@Suite("Foods flagged for the person's allergies and diet")
struct FoodWarningPagesTests {
    @Test func searchAndTheFoodPageWarnBeforeLogging() async throws {
        let app = try await TestApp.make(clock: TestClock(FinishedDaysTests.afternoon))
        try await FoodCatalogLoader.loadIfNeeded(app.store)
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let owner = try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com"))!.id }
            try await app.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                var progress = try await documents.get(OnboardingProgress.self) ?? OnboardingProgress()
                progress.details = HealthDetails(allergies: [.peanuts], diets: [.vegan], goals: [.generalFitness])
                try await documents.save(progress, at: FinishedDaysTests.afternoon)
            }
            let peanut = try await browser.get("/pillars/nutrition/meals/add?q=peanut+butter").text
            #expect(peanut.contains("Check the label: flagged for you: peanuts."))
            let cheese = try await browser.get("/pillars/nutrition/meals/add?q=cheddar").text
            #expect(cheese.contains("Check the label: flagged for you: not vegan."))
            let tofu = try await browser.get("/pillars/nutrition/meals/add?q=tofu").text
            #expect(!tofu.contains("flagged for you"), "tofu suits a vegan")
            let page = try await browser.get("/pillars/nutrition/foods/16098").text
            #expect(page.contains(#"<div class="notice notice-warning" role="note">"#))
            #expect(page.contains("they cannot promise a food is safe"))
            #expect(!(try await browser.get("/pillars/nutrition/foods/09003").text).contains("notice-warning"))

            // The API gives an app the same flags, documented.
            let token = try await browser.apiLogin().accessToken
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))
            struct Flagged: Decodable {
                let ndbNumber: String
                let allergens: [String]
                let conflictingAllergies: [String]
                let unsuitableForDiets: [String]
                let warning: String?
            }
            struct Search: Decodable { let foods: [Flagged] }
            let search = try await browser.json(.get, "/api/v1/foods?q=peanut+butter&limit=3", bearer: token)
            try check.expectDocumented(search, "/api/v1/foods", "get")
            let butter = try #require(try search.decode(Search.self).foods.first)
            #expect(butter.allergens.contains("peanuts") && !butter.allergens.contains("milk"))
            #expect(butter.conflictingAllergies == ["peanuts"])
            #expect(butter.warning == "Check the label: flagged for you: peanuts.")
            let cheddar = try await browser.json(.get, "/api/v1/foods/01009", bearer: token)
            try check.expectDocumented(cheddar, "/api/v1/foods/{ndbNumber}", "get")
            let milk = try cheddar.decode(Flagged.self)
            #expect(milk.allergens == ["milk"] && milk.conflictingAllergies.isEmpty)
            #expect(milk.unsuitableForDiets == ["vegan"])
            let apple = try await browser.json(.get, "/api/v1/foods/09003", bearer: token).decode(Flagged.self)
            #expect(apple.allergens.isEmpty && apple.warning == nil)
        }
    }
}

@Suite("The baseline's lift sets its first load")
struct BaselineLoadTests {
    @Test func theWorkoutPlanStartsFromTheEstimatedOneRepMax() async throws {
        let app = try await TestApp.make(clock: TestClock(FinishedDaysTests.afternoon))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let owner = try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com"))!.id }
            try await app.store.write { repositories in
                let documents = repositories.records(of: owner).documents
                var progress = try await documents.get(OnboardingProgress.self) ?? OnboardingProgress()
                progress.baseline = BaselineAssessment(
                    pushUps: 10,
                    lifts: [
                        .init(exercise: "back-squat", oneRepMax: Mass(kilograms: 100)),
                        .init(exercise: "bench-press", oneRepMax: Mass(kilograms: 60)),
                    ])
                try await documents.save(progress, at: FinishedDaysTests.afternoon)
            }
            // 100 kg ÷ (1 + 12 / 30) = 71.4 kg, on the barbell's steps 70 kg; 60 kg ÷ (1 + 14 / 30) = 40.9 kg,
            // 40 kg; lifts the baseline left out still ask to find a load.
            let plan = try await browser.get("/pillars/fitness/plan").text
            #expect(plan.contains("Back squat: 3 × 8–10 at 70.0 kg"))
            #expect(plan.contains("Bench press: 3 × 10–12 at 40.0 kg"))
            #expect(plan.contains("find a load"))
        }
    }
}
