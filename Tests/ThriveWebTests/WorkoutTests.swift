import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

@Suite("Workouts: confirming sets drives progression")
struct WorkoutTests {
    /// Sunday 22 November 2026, 19:30 in UTC: the week so far runs from Monday the 16th.
    static let evening = ISO8601DateFormatter().date(from: "2026-11-22T19:30:00Z")!
    static let path = "/pillars/fitness/workouts"

    struct Logged: Decodable {
        struct NextTime: Decodable {
            let exercise: String
            let loadKilograms: Double
            let changePercent: Double
            let reason: String
        }
        let id: String
        let activityName: String
        let minutes: Double
        let startedAt: Date
        let nextTime: [NextTime]
    }

    struct Day: Decodable {
        let entries: [Logged]
    }

    /// The value of the input with this ID on a page.
    static func value(of id: String, in html: String) -> String? {
        guard let tag = html.components(separatedBy: #"<input id="\#(id)""#).dropFirst().first,
            let value = tag.components(separatedBy: #"value=""#).dropFirst().first
        else { return nil }
        return String(value.prefix { $0 != "\"" })
    }

    static func workoutID(_ page: Reply) -> String? {
        EntryPagesTests.entryID(page, under: path)
    }

    @Test func aSessionLoggedJustAfterMidnightStartedTheDayBefore() async throws {
        let app = try await TestApp.make(clock: TestClock(ISO8601DateFormatter().date(from: "2026-11-23T00:10:00Z")!))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let form = try await browser.get("\(Self.path)/new?session=0")
            let planned = try #require(Self.value(of: "minutes", in: form.text).flatMap { Int($0) })
            let start = 24 * 60 + 10 - planned
            #expect(Self.value(of: "time", in: form.text) == String(format: "%02d:%02d", start / 60, start % 60))
            #expect(form.text.contains(#"<input type="hidden" name="date" value="2026-11-22">"#), "the start was yesterday")
            let saved = try await browser.post(
                Self.path,
                form: [
                    ("date", "2026-11-22"), ("time", String(format: "%02d:%02d", start / 60, start % 60)),
                    ("activity", "traditionalStrengthTraining"), ("minutes", String(planned)), ("exercise-0", "Back squat"),
                    ("reps-0-0", "10"), ("load-0-0", "60"),
                ])
            #expect(saved.status == .seeOther, "\(saved.text)")
            #expect(saved.location?.hasPrefix("\(Self.path)?date=2026-11-22") == true, "\(saved.location ?? "")")
        }
    }

    @Test func aPlannedSessionIsConfirmedSetBySetAndTheNextLoadsFollow() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let day = try await browser.get(Self.path)
            #expect(day.text.contains("0 of 4 planned sessions done this week."))
            #expect(day.text.contains("Session 1: Strength A: squat, push and pull"), "the first session is next")
            #expect(day.text.contains("No workouts on this day."))

            let form = try await browser.get("\(Self.path)/new?session=0")
            #expect(form.status == .ok)
            #expect(form.text.contains(#"name="exercise-0" value="Back squat""#))
            #expect(form.text.contains(#"name="exercise-1" value="Bench press""#))
            #expect(form.text.contains(#"id="reps-0-0" name="reps-0-0" type="text" value="8""#), "the bottom of 8–10")
            #expect(form.text.contains(#"id="reps-0-3""#), "an extra row after the three planned sets")
            #expect(form.text.contains("Plan: 3 × 8–10, find a load you can lift with 2 reps to spare"))
            // Logged when it is over: the session started its planned length before now (19:30).
            let planned = try #require(Self.value(of: "minutes", in: form.text).flatMap { Int($0) })
            let start = 19 * 60 + 30 - planned
            #expect(Self.value(of: "time", in: form.text) == String(format: "%02d:%02d", start / 60, start % 60))

            var sets: [(String, String)] = [
                ("exercise-0", "Back squat"), ("exercise-1", "Bench press"), ("reps-0-3", ""), ("load-0-3", ""),
            ]
            for set in 0..<3 {
                sets += [("reps-0-\(set)", "10"), ("load-0-\(set)", "80"), ("load-1-\(set)", "60")]
                sets.append(("reps-1-\(set)", set == 2 ? "9" : "10"))
            }
            let fields = [("date", "2026-11-22"), ("activity", "traditionalStrengthTraining"), ("minutes", "55")] + sets

            let noMinutes = try await browser.post(Self.path, form: fields.filter { $0.0 != "minutes" } + [("time", "18:00")])
            #expect(noMinutes.status == .unprocessableContent)
            #expect(noMinutes.text.contains("Enter how many minutes the workout took."))
            let tooMany = try await browser.post(
                Self.path, form: fields.map { $0.0 == "reps-0-1" ? ($0.0, "101") : $0 } + [("time", "18:00")])
            #expect(tooMany.text.contains("Reps must be a whole number from 0 to 100."))
            #expect(tooMany.text.contains(#"aria-describedby="reps-0-1-error""#), "the message is tied to its input")
            #expect(tooMany.text.contains(#"id="load-1-2" name="load-1-2" type="text" inputmode="decimal" value="60""#))
            let loadOnly = try await browser.post(
                Self.path, form: fields.map { $0.0 == "load-0-3" ? ($0.0, "40") : $0 } + [("time", "18:00")])
            #expect(loadOnly.text.contains("Enter the reps you did for set 4 of Back squat."))
            let future = try await browser.post(Self.path, form: fields + [("time", "19:00")])
            #expect(
                future.text.contains("A workout cannot end in the future: change the start time or the length."),
                "19:00 + 55 min is after 19:30 + 5 min")

            let saved = try await browser.post(Self.path, form: fields + [("time", "18:00")])
            let location = try #require(saved.location)
            #expect(location.hasPrefix("\(Self.path)?date=2026-11-22&notice=added&saved="))
            let after = try await browser.get(location)
            #expect(after.text.contains("Workout added."))
            // Lower body: every set 10 ≥ 8 + 2 → +5 % wanted, 84 kg; on a barbell's 2.5 kg steps 85 would be
            // +6.25 %, so 82.5 kg, +3.1 %. Upper body: one set of 9 < 10 → same weight.
            #expect(after.text.contains("Back squat: 82.5 kg. Every set reached 10+ reps (target 8): +3.1%."))
            #expect(
                after.text.contains(
                    "Bench press: same weight. A set stopped at 9 of 10 reps: same weight until every set reaches 10."))
            #expect(after.text.contains("Back squat: 10 × 80.0 kg, 10 × 80.0 kg, 10 × 80.0 kg"))
            #expect(after.text.contains("18:00 · 55 min"))
            #expect(after.text.contains("1 of 4 planned sessions done this week."))
            let id = try #require(Self.workoutID(after))

            let plan = try await browser.get("/pillars/fitness/plan")
            #expect(plan.text.contains("Back squat: 3 × 8–10 at 82.5 kg"), "the plan reads the confirmed sets")
            #expect(plan.text.contains("Bench press: 3 × 10–12 at 60.0 kg"))
            #expect(
                try await browser.get("\(Self.path)/new?session=0").text.contains(
                    #"name="load-0-0" type="text" inputmode="decimal" value="82.5""#))

            let edit = try await browser.get("\(Self.path)/\(id)/edit")
            #expect(edit.text.contains(#"name="reps-1-2" type="text" value="9""#))
            #expect(edit.text.contains(#"value="18:00""#))
            let fixed = fields.map { $0.0 == "reps-1-2" ? ($0.0, "12") : $0 } + [("time", "18:00")]
            let updated = try await browser.post("\(Self.path)/\(id)", form: fixed)
            #expect(updated.location?.contains("notice=updated") == true)
            #expect(
                try await browser.get(updated.location!).text.contains("Bench press: 62.5 kg."), "60 kg · 1.025 on 2.5 kg steps")

            let deleted = try await browser.post("\(Self.path)/\(id)/delete", form: [])
            let gone = try await browser.get(deleted.location!)
            #expect(gone.text.contains("Workout deleted."))
            #expect(gone.text.contains("No workouts on this day."))
            #expect(try await browser.get("/pillars/fitness/plan").text.contains("Back squat: 3 × 8–10, find a load"))
            let undone = try await browser.post("\(Self.path)/undo", form: [])
            #expect(undone.location == "\(Self.path)?date=2026-11-22&notice=restored")
            #expect(Self.workoutID(try await browser.get(undone.location!)) == id)

            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com", timeZone: "UTC")
            #expect(try await bob.get("\(Self.path)/\(id)/edit").location == "/?notice=unavailable")
            try await bob.get(Self.path)
            #expect(try await bob.post("\(Self.path)/\(id)/delete", form: []).status == .notFound)
            #expect(try await bob.post("\(Self.path)/\(id)", form: fixed).status == .notFound)
            #expect(Self.workoutID(try await browser.get(Self.path)) == id)
        }
    }

    /// In German the plan names its sessions and exercises in German, the form is filled with those
    /// names, and a workout logged with them still counts for each exercise's progression.
    @Test func aPlannedSessionInGermanKeepsItsProgression() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let german: HTTPFields = [.acceptLanguage: "de"]
            let day = try await browser.get(Self.path, headers: german).text
            #expect(day.contains("0 von 4 geplanten Einheiten diese Woche erledigt."))
            #expect(day.contains("Einheit 1: Kraft A: Kniebeuge, Drücken und Ziehen"))
            let form = try await browser.get("\(Self.path)/new?session=0", headers: german).text
            #expect(form.contains(#"name="exercise-0" value="Kniebeuge mit Langhantel""#))
            #expect(form.contains("3 × 8–10, finde ein Gewicht, das du mit 2 Wiederholungen Reserve schaffst"))

            var fields = [
                ("date", "2026-11-22"), ("activity", "traditionalStrengthTraining"), ("minutes", "55"), ("time", "18:00"),
                ("exercise-0", "Kniebeuge mit Langhantel"),
            ]
            for set in 0..<3 { fields += [("reps-0-\(set)", "10"), ("load-0-\(set)", "80")] }
            let saved = try await browser.post(Self.path, form: fields, headers: german)
            let after = try await browser.get(try #require(saved.location), headers: german).text
            #expect(after.contains("Kniebeuge mit Langhantel: 82,5 kg."), "a German decimal comma")
            #expect(after.contains("Jeder Satz erreichte 10+ Wiederholungen (Ziel 8): +3,1 %."))
            let plan = try await browser.get("/pillars/fitness/plan", headers: german).text
            #expect(plan.contains("Kniebeuge mit Langhantel: 3 × 8–10 mit 82,5 kg"), "the German name counted for the back squat")
        }
    }

    @Test func aRunIsLoggedInThePersonsUnits() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC", units: "imperial")
            let form = try await browser.get("\(Self.path)/new")
            #expect(form.text.contains("Log an activity"))
            #expect(form.text.contains("(miles, optional)"))
            let saved = try await browser.post(
                Self.path,
                form: [
                    ("date", "2026-11-22"), ("activity", "running"), ("time", "07:05"), ("minutes", "31"),
                    ("distance", "3.1"), ("energy", "320"),
                ])
            let day = try await browser.get(try #require(saved.location))
            #expect(day.text.contains("Run"))
            #expect(day.text.contains("07:05 · 31 min · 3.1 mi · 320 kcal"))
            let bad = try await browser.post(
                Self.path, form: [("activity", "running"), ("time", "07:05"), ("minutes", "0"), ("distance", "-1")])
            #expect(bad.status == .unprocessableContent)
            #expect(bad.text.contains("Distance cannot be negative."))
        }
    }

    @Test func theAPILogsListsReplacesDeletesAndRestoresWorkouts() async throws {
        let app = try await TestApp.make(clock: TestClock(Self.evening))
        try await app.test { browser in
            try await browser.signUp(timeZone: "UTC")
            let token = try await browser.apiLogin().accessToken
            let path = "/api/v1/entries/workouts"
            let check = SchemaCheck(document: try SchemaJSON.parse(try await browser.get("/api/v1/openapi.json").text))
            let body = #"""
                {"startedAt":"2026-11-22T17:00:00Z","minutes":50,"sets":[
                {"exercise":"Deadlift","reps":8,"loadKilograms":120},{"exercise":"Deadlift","reps":8,"loadKilograms":120},
                {"exercise":"Overhead press","reps":12,"loadKilograms":30},{"exercise":"Overhead press","reps":12,"loadKilograms":30},
                {"exercise":"Plank","durationSeconds":60}]}
                """#
            let created = try await browser.json(.post, path, body, bearer: token)
            #expect(created.status == .created, "\(created.text)")
            try check.expectDocumented(created, path, "post")
            let logged = try created.decode(Logged.self)
            #expect(logged.activityName == "Strength training")
            #expect(logged.minutes == 50)
            #expect(logged.nextTime.map(\.exercise) == ["Deadlift", "Overhead press"])
            // On a barbell's 2.5 kg steps: 120 → 122.5 (+2.1 %); 30 → 32.5 would be +8.3 %, so the press
            // stays at 30 kg until every set reaches 14 reps.
            #expect(logged.nextTime.map(\.loadKilograms) == [122.5, 30])
            #expect(logged.nextTime.map(\.changePercent) == [2.1, 0])
            // With the person's own steps (their lightest plates make 5 kg on the bar), as the pages say.
            let steps =
                #"{"training":{"loadSteps":{"barbellKilograms":5,"dumbbellKilograms":1,"kettlebellKilograms":2,"machineKilograms":2.5}}}"#
            #expect(try await browser.json(.put, "/api/v1/plan/preferences", steps, bearer: token).status == .ok)
            let again = try await browser.json(.put, "\(path)/\(logged.id)", body, bearer: token)
            try check.expectDocumented(again, "\(path)/{id}", "put")
            // 120 → 125 is one 5 kg step (+4.2 %, within the wanted +5 %), not the 122.5 of the common step.
            let own = try again.decode(Logged.self)
            #expect(own.nextTime.map(\.loadKilograms) == [125, 30])
            #expect(own.nextTime.map(\.changePercent) == [4.2, 0])

            let refusals: [(String, String, String)] = [
                (#"{"minutes":0}"#, "minutes", "A workout lasts between 1 minute and 24 hours (1,440 minutes)."),
                (
                    #"{"minutes":30,"activityType":"parkour"}"#, "activityType",
                    "Unknown activity type “parkour”. Use one of: traditionalStrengthTraining, functionalStrengthTraining, running, walking, cycling, swimming, highIntensityIntervalTraining, yoga, rowing, other."
                ),
                (
                    #"{"minutes":30,"startedAt":"2026-11-22T19:20:00Z"}"#, "startedAt",
                    "A workout cannot end in the future: change the start time or the length."
                ),
                (#"{"minutes":30,"sets":[{"exercise":"Squat","reps":101}]}"#, "sets[0].reps", "Reps must be between 0 and 100."),
                (
                    #"{"minutes":30,"sets":[{"exercise":"Squat","reps":5,"loadKilograms":1001}]}"#, "sets[0].load",
                    "Load must be between 0 and 1,000 kg."
                ),
                (
                    #"{"minutes":30,"sets":[{"exercise":" ","reps":5}]}"#, "sets[0].exercise",
                    "Exercise name must be 1 to 100 characters."
                ),
            ]
            for (refused, field, message) in refusals {
                let reply = try await browser.json(.post, path, refused, bearer: token)
                #expect(reply.status == .unprocessableContent, "\(refused)")
                #expect(reply.error?.field == field)
                #expect(reply.error?.message == message)
                try check.expectDocumented(reply, path, "post")
            }
            #expect(try await browser.json(.post, path, #"{"minutes":30,"reps":3}"#, bearer: token).status == .badRequest)

            let day = try await browser.json(.get, path + "?date=2026-11-22", bearer: token)
            try check.expectDocumented(day, path, "get")
            #expect(try day.decode(Day.self).entries.map(\.id) == [logged.id], "nothing refused was stored")

            let replaced = try await browser.json(
                .put, path + "/\(logged.id)", #"{"activityType":"yoga","startedAt":"2026-11-22T08:00:00Z","minutes":45}"#,
                bearer: token)
            #expect(replaced.status == .ok)
            try check.expectDocumented(replaced, path + "/{id}", "put")
            #expect(try replaced.decode(Logged.self).activityName == "Yoga")

            let bob = browser.fresh()
            try await bob.signUp(email: "bob@example.com", timeZone: "UTC")
            let bobToken = try await bob.apiLogin(email: "bob@example.com").accessToken
            #expect(try await bob.json(.get, path + "?date=2026-11-22", bearer: bobToken).decode(Day.self).entries.isEmpty)
            #expect(try await bob.json(.delete, path + "/\(logged.id)", bearer: bobToken).status == .notFound)
            #expect(
                try await bob.json(.put, path + "/\(logged.id)", #"{"minutes":10}"#, bearer: bobToken).status == .notFound)

            let deleted = try await browser.json(.delete, path + "/\(logged.id)", bearer: token)
            #expect(deleted.status == .ok)
            try check.expectDocumented(deleted, path + "/{id}", "delete")
            #expect(try await browser.json(.get, path, bearer: token).decode(Day.self).entries.isEmpty)
            let restored = try await browser.json(.post, path + "/undo-delete", bearer: token)
            #expect(restored.status == .created)
            try check.expectDocumented(restored, path + "/undo-delete", "post")
            #expect(try restored.decode(Logged.self).activityName == "Yoga")
            #expect(try await browser.json(.post, path + "/undo-delete", bearer: token).status == .notFound)
        }
    }
}
