import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Onboarding in the browser")
struct OnboardingTests {
    static let morning = ISO8601DateFormatter().date(from: "2026-11-22T08:30:00Z")!

    static func progress(_ app: TestApp) async throws -> OnboardingProgress? {
        try await app.store.read { repositories in
            let owner = try #require(try await repositories.accounts.all().first?.id)
            return try await repositories.records(of: owner).documents.get(OnboardingProgress.self)
        }
    }

    /// Opens each onboarding step and sends its answers, as a person going through them does.
    static func answer(_ browser: Browser, _ steps: [(String, [(String, String)])]) async throws {
        for (step, form) in steps {
            try await browser.get("/onboarding/\(step)")
            try await browser.post("/onboarding/\(step)", form: form)
        }
    }

    /// An app accepts the terms through the API: it reads them in the person's language, names the
    /// version it showed, and health data is taken from then on.
    @Test func theTermsAreAcceptedThroughTheAPI() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.morning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", onboard: false)
            let token = try await browser.apiLogin().accessToken
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))
            struct Terms: Decodable {
                struct Accepted: Decodable { let version: String }
                let version: String
                let terms: [String]
                let accepted: Accepted?
            }
            let read = try await browser.json(.get, "/api/v1/consent", bearer: token)
            try check.expectDocumented(read, "/api/v1/consent", "get")
            let terms = try read.decode(Terms.self)
            #expect(terms.version == "2026-11" && terms.accepted == nil)
            #expect(terms.terms.first?.hasPrefix("Your health data is stored on this Thrive server only.") == true)

            let old = try await browser.json(.put, "/api/v1/consent", #"{"version":"2025-01","accept":true}"#, bearer: token)
            #expect(old.status == .conflict)
            #expect(old.error?.code == "terms_changed")
            #expect(
                old.error?.message
                    == "The terms have changed since you read them: read version 2026-11 and accept that one.")
            let declined = try await browser.json(
                .put, "/api/v1/consent", #"{"version":"2026-11","accept":false}"#, bearer: token)
            #expect(declined.status == .unprocessableContent)
            #expect(declined.error?.message.hasPrefix("To use Thrive, accept the terms.") == true)
            let unknown = try await browser.json(
                .put, "/api/v1/consent", #"{"version":"2026-11","accept":true,"extra":1}"#, bearer: token)
            #expect(unknown.status == .badRequest)
            #expect(try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token).status == .forbidden)

            let accepted = try await browser.json(.put, "/api/v1/consent", #"{"version":"2026-11","accept":true}"#, bearer: token)
            try check.expectDocumented(accepted, "/api/v1/consent", "put")
            #expect(try accepted.decode(Terms.self).accepted?.version == "2026-11")
            #expect(try await Self.progress(app)?.consent?.deidentifiedModelTraining == false)
            #expect(try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token).status == .created)
            // The web pages know it too: onboarding goes on after the terms.
            #expect(try await browser.get("/onboarding").location == "/onboarding/profile")
        }
    }

    @Test func stepsComeInOrderConsentFirstAndAPersonResumesWhereTheyStopped() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.morning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", onboard: false)
            #expect(try await browser.get("/").location == "/onboarding")
            #expect(try await browser.get("/pillars/nutrition/meals").location == "/onboarding")
            #expect(try await browser.get("/onboarding").location == "/onboarding/consent")
            #expect(try await browser.get("/onboarding/profile").location == "/onboarding", "no skipping ahead")

            // No health data before consent, from the API either.
            let token = try await browser.apiLogin().accessToken
            let early = try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token)
            #expect(early.status == .forbidden)
            #expect(early.error?.code == "consent_required")
            let earlySamples = try await browser.json(.post, "/api/v1/samples", #"{"quantitySamples":[]}"#, bearer: token)
            #expect(earlySamples.status == .forbidden)

            let consent = try await browser.get("/onboarding/consent")
            #expect(consent.text.contains("terms version 2026-11"))
            let refused = try await browser.post("/onboarding/consent", form: [("modelTraining", "yes")])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("To use Thrive, accept the terms."))
            #expect(try await Self.progress(app) == nil, "nothing stored without consent")

            let accepted = try await browser.post("/onboarding/consent", form: [("accept", "yes")])
            #expect(accepted.location == "/onboarding/profile")
            let stored = try #require(try await Self.progress(app)?.consent)
            #expect(stored.version == "2026-11")
            #expect(stored.acceptedAt == Self.morning)
            #expect(stored.deidentifiedModelTraining == false, "the opt-in is off unless ticked")
            #expect(try await browser.json(.post, "/api/v1/entries/mood", #"{"mood":4}"#, bearer: token).status == .created)

            // Every problem is shown at once, in the summary and beside its field.
            try await browser.get("/onboarding/profile")
            let everything = try await browser.post(
                "/onboarding/profile",
                form: [("dateOfBirth", "2030-01-01"), ("sex", "female"), ("heightCm", "-175"), ("weight", "-78")])
            #expect(everything.status == .unprocessableContent)
            for (field, message) in [
                ("dateOfBirth", "A date of birth cannot be in the future."),
                ("heightCm", "Height must be between 50 and 250 cm."), ("weight", "Weight must be between 20 and 400 kg."),
                ("allergy", "Tick your allergies, or “No allergies”."), ("condition", "Tick any conditions you have"),
                ("goal", "Choose at least one goal."),
            ] {
                #expect(everything.text.contains(#"id="\#(field)-error""#), "\(field) has its error beside it")
                #expect(everything.text.contains(message), "\(message)")
                #expect(everything.text.contains("href=\"#\(field)\""), "\(field) is in the summary")
            }
            #expect(everything.text.contains("There are 6 problems"), "the summary counts them")

            // The required profile explains each gap and keeps what was typed.
            let noGoal = try await browser.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "65"),
                    ("allergy", "peanuts"),
                    ("condition", "none"),
                ])
            #expect(noGoal.status == .unprocessableContent)
            #expect(noGoal.text.contains("Choose at least one goal."))
            #expect(noGoal.text.contains(#"id="allergy-peanuts" name="allergy" value="peanuts" checked"#))
            let noConditions = try await browser.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "65"), ("allergy", "none"),
                    ("goal", "sleep"),
                ])
            #expect(noConditions.text.contains("Tick any conditions you have, or “None of these”."))
            let tooShort = try await browser.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "30"), ("weight", "65"), ("allergy", "none"),
                    ("condition", "none"), ("goal", "sleep"),
                ])
            #expect(tooShort.text.contains("Height must be between 50 and 250 cm."))
            #expect(tooShort.text.contains(#"id="heightCm-error""#))

            let profile = try await browser.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "65"),
                    ("allergy", "peanuts"),
                    ("allergy", "sesame"), ("condition", "none"), ("goal", "sleep"), ("goal", "healthyEating"),
                ])
            #expect(profile.location == "/onboarding/optional")
            let details = try #require(try await Self.progress(app)?.details)
            #expect(details.allergies == [.peanuts, .sesame])
            #expect(details.goals == [.sleep, .healthyEating])

            // Leave and come back later: onboarding resumes at the optional step.
            let later = browser.fresh()
            try await later.logIn()
            #expect(try await later.get("/").location == "/onboarding")
            #expect(try await later.get("/onboarding").location == "/onboarding/optional")

            try await later.get("/onboarding/optional")
            #expect(try await later.post("/onboarding/optional", form: [("skip", "yes")]).location == "/onboarding/dataSource")
            let noSource = try await later.post("/onboarding/dataSource", form: [])
            #expect(noSource.text.contains("Choose where your data comes from to begin with."))
            #expect(
                try await later.post("/onboarding/dataSource", form: [("source", "manual")]).location == "/onboarding/baseline")

            // Each lift is judged on its own: one half given, one out of range, each said beside its field.
            let halfLift = try await later.post(
                "/onboarding/baseline",
                form: [("pushUps", "12"), ("load-back-squat", "60"), ("load-deadlift", "900"), ("reps-deadlift", "3")])
            #expect(halfLift.status == .unprocessableContent)
            #expect(halfLift.text.contains(#"id="reps-back-squat-error""#))
            #expect(halfLift.text.contains("Give both the load and the repetitions, or neither."))
            #expect(halfLift.text.contains(#"id="load-deadlift-error""#))
            #expect(halfLift.text.contains("The load must be between 1 and 500 kg (1,100 lb)."))
            let baseline = try await later.post(
                "/onboarding/baseline",
                form: [
                    ("pushUps", "12"), ("load-back-squat", "60"), ("reps-back-squat", "5"), ("load-deadlift", "100"),
                    ("reps-deadlift", "1"), ("load-bench-press", ""), ("reps-bench-press", ""),
                ])
            #expect(baseline.location == "/onboarding/plan")
            // Epley: 60 × (1 + 5/30) = 70 kg; a single is its own maximum; the bench press was left out.
            let lifts = try await Self.progress(app)?.baseline?.lifts
            #expect(
                lifts == [
                    .init(exercise: "back-squat", oneRepMax: Mass(kilograms: 70)),
                    .init(exercise: "deadlift", oneRepMax: Mass(kilograms: 100)),
                ])
            // Back on the step, what was kept shows as each lift's single-repetition maximum.
            let again = try await later.get("/onboarding/baseline").text
            #expect(again.contains(#"name="load-back-squat" type="text" inputmode="decimal" value="70""#))

            let plan = try await later.get("/onboarding/plan")
            #expect(plan.text.contains("Why these numbers"))
            #expect(plan.text.contains("Mifflin–St Jeor"))
            #expect(plan.text.contains("1,650 kcal"))
            #expect(try await later.post("/onboarding/plan", form: []).location == "/?welcome=1")
            // One welcome on the first dashboard, not two boxes saying it.
            let first = try await later.get("/?welcome=1")
            #expect(first.status == .ok)
            #expect(first.text.components(separatedBy: "You are all set.").count == 2)
            let boxes = [#"<div class="notice notice-info" role="status"><p>You are all set."#, "Welcome to Thrive"]
            #expect(boxes.filter(first.text.contains).count == 1)
            #expect(try await later.get("/onboarding").location == "/")
        }
    }

    @Test func underweightPausesWeightLossWithAnExplanation() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.morning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", onboard: false)
            // 50 kg at 170 cm: BMI 17.3.
            try await Self.answer(
                browser,
                [
                    ("consent", [("accept", "yes")]),
                    (
                        "profile",
                        [
                            ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "50"),
                            ("allergy", "none"), ("condition", "none"), ("goal", "weightLoss"),
                        ]
                    ),
                    ("optional", [("skip", "yes")]), ("dataSource", [("source", "manual")]), ("baseline", [("pushUps", "0")]),
                ])
            let plan = try await browser.get("/onboarding/plan")
            #expect(plan.status == .ok)
            #expect(plan.text.contains("Weight loss is paused."))
            #expect(plan.text.contains("under 18.5"))
        }
    }

    /// Spec 004's goal with a number and a date, taken while onboarding: an unsafe pace is refused
    /// beside the date with the earliest safe one, a safe goal drives the plan shown next, and a
    /// vegan's protein advice names plant foods.
    @Test func aDatedWeightGoalIsSetWhileOnboardingAndCheckedForSafety() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.morning))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", onboard: false)
            try await Self.answer(
                browser,
                [
                    ("consent", [("accept", "yes")]),
                    (
                        "profile",
                        [
                            ("dateOfBirth", "1990-04-21"), ("sex", "female"), ("heightCm", "170"), ("weight", "80"),
                            ("allergy", "none"), ("diet", "vegan"), ("condition", "none"), ("goal", "weightLoss"),
                        ]
                    ),
                ])
            let optional = try await browser.get("/onboarding/optional").text
            #expect(optional.contains(#"id="targetDate" name="targetDate" type="date" min="2026-11-29""#))

            // 10 kg in two weeks is 5 kg a week: refused beside the date, nothing stored.
            let tooFast = try await browser.post(
                "/onboarding/optional", form: [("targetWeight", "70"), ("targetDate", "2026-12-06")])
            #expect(tooFast.status == .unprocessableContent)
            #expect(tooFast.text.contains(#"id="targetDate-error""#))
            #expect(tooFast.text.contains("Reaching that weight by then means losing 5.00 kg (11.0 lb) a week"))
            #expect(tooFast.text.contains(#"value="2026-12-06""#), "what was typed stays")
            let onlyWeight = try await browser.post("/onboarding/optional", form: [("targetWeight", "70")])
            #expect(onlyWeight.text.contains("Enter a target weight and a date."))
            let underweight = try await browser.post(
                "/onboarding/optional", form: [("targetWeight", "50"), ("targetDate", "2027-11-01")])
            #expect(underweight.text.contains(#"id="targetWeight-error""#))
            #expect(underweight.text.contains("under 18.5"))

            // 10 kg by 1 March 2027 (99 days) is 0.707 kg a week: kept, and the plan says when.
            let saved = try await browser.post(
                "/onboarding/optional", form: [("targetWeight", "70"), ("targetDate", "2027-03-01")])
            #expect(saved.location == "/onboarding/dataSource")
            let preferences = try await app.store.read { repositories in
                let owner = try #require(try await repositories.accounts.all().first?.id)
                return try await repositories.records(of: owner).documents.get(PlanPreferences.self)
            }
            #expect(preferences?.weightGoal?.target == Mass(kilograms: 70))
            #expect(preferences?.weightGoal?.date == LocalDate(year: 2027, month: 3, day: 1))
            try await Self.answer(browser, [("dataSource", [("source", "manual")]), ("baseline", [("pushUps", "5")])])
            let plan = try await browser.get("/onboarding/plan").text
            #expect(plan.contains("At this rate you reach 70.0 kg around"))
            #expect(plan.contains("can come from plants alone: lentils, beans, chickpeas, tofu"))
        }
    }
}
