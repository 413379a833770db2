import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveTestSupport
import ZIPFoundation

@testable import ThriveWeb

/// Spec 004's report through the router: the checklist page refuses what is missing, the PDF comes
/// back AES-256 protected (qpdf reads revision 6, AESv3) and its words (poppler's pdftotext, with
/// the password) hold the person's figures against their targets at each edge; the CSV rides along
/// in a ZIP; the API answers the same; the monthly schedule makes last month's on the first.
@Suite("The password-protected health report")
struct HealthReportWebTests {
    static let password = "Report-Pass-2026"

    struct Plan: Decodable {
        let calories: Int
        let proteinGrams: Int
        let calorieFloor: Int
    }

    /// Ann's October: two nights (8 h 00 and 7 h 59), two complete food days (one at the protein goal
    /// and the calorie target, one a gram short and under the safe minimum), two weigh-ins and two
    /// workouts. The clock stands at 18 November 2026.
    static func october(_ browser: Browser, token: String) async throws -> Plan {
        let samples = #"""
            {"categorySamples":[
            {"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"start":"2026-10-04T20:30:00Z","end":"2026-10-05T04:30:00Z","source":{"name":"Oura Ring"},"syncIdentifier":"n1"},
            {"type":"HKCategoryTypeIdentifierSleepAnalysis","value":3,"start":"2026-10-05T20:30:00Z","end":"2026-10-06T04:29:00Z","source":{"name":"Oura Ring"},"syncIdentifier":"n2"}],
            "quantitySamples":[
            {"type":"HKQuantityTypeIdentifierBodyMass","value":65.0,"start":"2026-10-02T06:00:00Z","source":{"name":"Withings Body+"},"syncIdentifier":"w1"},
            {"type":"HKQuantityTypeIdentifierBodyMass","value":64.2,"start":"2026-10-30T06:00:00Z","source":{"name":"Withings Body+"},"syncIdentifier":"w2"}]}
            """#
        let stored = try await browser.json(.post, "/api/v1/samples", samples, bearer: token)
        #expect(stored.status == .ok, "\(stored.text)")
        // The plan as it stands with the last weigh-in (64.2 kg), as the report will read it.
        let plan = try await browser.json(.get, "/api/v1/plan/nutrition", bearer: token).decode(Plan.self)
        func meals(_ day: String, kcal: Int, protein: Int) async throws {
            let parts = [(kcal - 2 * (kcal / 3), protein - 2 * (protein / 3)), (kcal / 3, protein / 3), (kcal / 3, protein / 3)]
            for ((meal, hour), (energy, grams)) in zip([("breakfast", "06"), ("lunch", "11"), ("dinner", "17")], parts) {
                let reply = try await browser.json(
                    .post, "/api/v1/entries/meals",
                    #"{"meal":"\#(meal)","consumedAt":"\#(day)T\#(hour):00:00Z","name":"Meal","energyKilocalories":\#(energy),"proteinGrams":\#(grams)}"#,
                    bearer: token)
                #expect(reply.status == .created, "\(reply.text)")
            }
        }
        try await meals("2026-10-10", kcal: plan.calories, protein: plan.proteinGrams)
        try await meals("2026-10-11", kcal: plan.calorieFloor - 1, protein: plan.proteinGrams - 1)
        for day in ["2026-10-13", "2026-10-15"] {
            let workout = try await browser.json(
                .post, "/api/v1/entries/workouts",
                #"{"startedAt":"\#(day)T17:00:00Z","minutes":45,"sets":[{"exercise":"Deadlift","reps":8,"loadKilograms":60}]}"#,
                bearer: token)
            #expect(workout.status == .created, "\(workout.text)")
        }
        return plan
    }

    /// The PDF's words on one line each, spaces as one: pdftotext lays columns out with runs of them.
    static func words(_ pdf: [UInt8], password: String) throws -> String {
        let text = try PDFTools.text(pdf, password: password)
        #expect(text.status == 0, "\(text.text)")
        return text.text.split(whereSeparator: \.isWhitespace).joined(separator: " ")
    }

    static func form(password: String = Self.password, understood: Bool = true, extra: [(String, String)] = [])
        -> [(String, String)]
    {
        var fields: [(String, String)] = [("span", "lastMonth")]
        fields += ReportSection.allCases.map { ("sections", $0.rawValue) }
        fields += [("password", password), ("confirmation", password)]
        if understood { fields.append(("understood", "yes")) }
        return fields + extra
    }

    @Test func annMakesLastMonthsReportWithItsFiguresProtectedByHerPassword() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let plan = try await Self.october(browser, token: token)

            let page = try await browser.get("/profile/data/report")
            #expect(page.status == .ok)
            #expect(page.text.contains("Before you export"))
            #expect(page.text.contains("Last month is 1 Oct 2026 to 31 Oct 2026"))

            // What is missing is said, field by field, and nothing is made.
            let unticked = try await browser.post("/profile/data/report", form: Self.form(understood: false))
            #expect(unticked.status == .unprocessableContent)
            #expect(unticked.text.contains("Tick the box to say you have read the checklist."))
            let weak = try await browser.post("/profile/data/report", form: Self.form(password: "abcdefgh1"))
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains("This password is too easy to guess"))
            let different = try await browser.post(
                "/profile/data/report",
                form: [
                    ("span", "custom"), ("from", "2026-11-01"), ("to", "2026-11-19"), ("sections", "summary"),
                    ("password", Self.password), ("confirmation", Self.password + "x"), ("understood", "yes"),
                ])
            #expect(different.status == .unprocessableContent)
            #expect(different.text.contains("The period cannot end after today."))
            #expect(different.text.contains("The two passwords are not the same."))

            let made = try await browser.post("/profile/data/report", form: Self.form())
            #expect(made.status == .ok, "\(made.text.prefix(500))")
            #expect(made.headers[.contentType] == "application/pdf")
            #expect(made.headers[.contentDisposition] == "attachment; filename=\"ann_2026-11-18.pdf\"")
            #expect(made.headers[.cacheControl] == "no-store")
            let pdf = made.bytes

            let encryption = try PDFTools.encryption(pdf, password: Self.password)
            #expect(encryption.text.contains("R = 6"), "\(encryption.text)")
            #expect(encryption.text.contains("stream encryption method: AESv3"))
            #expect(try PDFTools.text(pdf, password: "Report-Pass-2027").status != 0)

            let text = try Self.words(pdf, password: Self.password)
            #expect(text.contains("Ann · 1 Oct 2026 to 31 Oct 2026"))
            for section in [
                "Contents", "Summary", "Sleep against target", "Protein against target, day by day",
                "Calories against daily goal", "Workouts and adherence to plan", "Weight trend", "Safety flags", "Data sources",
            ] {
                #expect(text.contains(section), "section \(section)")
            }
            // 480 and 479 minutes: average 479.5 → 8 h; only the first is 8 h or more.
            #expect(text.contains("8 h a night on average (2 of 31 nights recorded), 1 of them 8 h or more"))
            let average = Int((Double(plan.proteinGrams + plan.proteinGrams - 1) / 2).rounded())
            #expect(
                text.contains(
                    "\(average) g a day on average over complete days, against \(plan.proteinGrams) g; goal met on 1 of 2 of them"
                ))
            #expect(text.contains("within 10% of it on 1 of 2 of them"))
            // The label wraps beside its value, so pdftotext interleaves their lines.
            #expect(text.contains("minimum (\(DisplayFormat.count(plan.calorieFloor)) kcal)"))
            #expect(text.contains("Days under the safe 1 of 2 complete days"))
            #expect(text.contains("65.0 kg to 64.2 kg (−0.8 kg)"))
            #expect(text.contains("extra sessions in one week do not make up for a missed one in another"))
            #expect(text.contains("No high-priority alerts were open in this period."))
            #expect(text.contains("Oura Ring"))
            #expect(text.contains("Withings Body+"))
            #expect(text.contains("This report was exported by the user from Thrive on 18 Nov 2026."))
            #expect(text.contains("Page 1 of"))
            #expect(!app.logs.text.contains(Self.password), "the password never reaches a log")

            // With the CSV: one ZIP, both files named for Ann and the day, the CSV a row a day.
            let both = try await browser.post(
                "/profile/data/report", form: Self.form(extra: [("includeCSV", "yes")]))
            #expect(both.headers[.contentType] == "application/zip")
            #expect(both.headers[.contentDisposition] == "attachment; filename=\"ann_2026-11-18.zip\"")
            let files = try DataExportTests.entries(both.bytes)
            #expect(Set(files.keys) == ["ann_2026-11-18.pdf", "ann_2026-11-18.csv"])
            #expect(try PDFTools.encryption(Array(files["ann_2026-11-18.pdf"]!), password: Self.password).text.contains("R = 6"))
            let csv = String(decoding: files["ann_2026-11-18.csv"]!, as: UTF8.self).split(separator: "\r\n").map(String.init)
            #expect(
                csv.first
                    == "date,sleep_minutes,sleep_source,calories_kcal,protein_g,food_log_complete,workouts,weight_kg,weight_source"
            )
            #expect(csv.count == 32, "a header and 31 days")
            #expect(csv.contains("2026-10-05,480,Oura Ring,,,,0,,"))
            #expect(csv.contains("2026-10-11,,,\(plan.calorieFloor - 1),\(plan.proteinGrams - 1),yes,0,,"))
            #expect(csv.contains("2026-10-13,,,,,,1,,"))
            #expect(csv.contains("2026-10-30,,,,,,0,64.2,Withings Body+"))
        }
    }

    @Test func theAPIAnswersWithTheFileOrSaysWhatIsWrong() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            let weak = try await browser.json(.post, "/api/v1/reports", #"{"password":"short"}"#, bearer: token)
            #expect(weak.status == .unprocessableContent)
            #expect(weak.error?.field == "password")
            let backwards = try await browser.json(
                .post, "/api/v1/reports",
                #"{"span":"custom","from":"2026-10-31","to":"2026-10-01","password":"\#(Self.password)"}"#, bearer: token)
            #expect(backwards.status == .unprocessableContent)
            #expect(backwards.error?.field == "to")
            let unknown = try await browser.json(
                .post, "/api/v1/reports", #"{"sections":["sleep","horoscope"],"password":"\#(Self.password)"}"#, bearer: token)
            #expect(unknown.error?.field == "sections")
            let stranger = browser.fresh()
            #expect(
                try await stranger.json(.post, "/api/v1/reports", #"{"password":"\#(Self.password)"}"#).status == .unauthorized)

            let week = try await browser.json(
                .post, "/api/v1/reports",
                #"{"span":"custom","from":"2026-11-09","to":"2026-11-15","sections":["summary","safety"],"password":"\#(Self.password)"}"#,
                bearer: token)
            #expect(week.status == .ok)
            #expect(week.headers[.contentType] == "application/pdf")
            let text = try Self.words(week.bytes, password: Self.password)
            #expect(text.contains("9 Nov 2026 to 15 Nov 2026"))
            #expect(text.contains("Safety flags"))
            #expect(!text.contains("Weight trend"), "only the sections asked for")
            #expect(text.contains("Sleep Nothing recorded Protein No complete food days"))
            #expect(text.contains("Adherence over the period: 0% of planned workouts."))
        }
    }

    /// A person whose profile allows no plan (no body measures given) still gets a report: what they
    /// logged, without targets to judge it against.
    @Test func withoutAPlanTheFiguresStandWithoutTargets() async throws {
        let app = try await TestApp.make()
        try await app.test { browser in
            try await browser.signUp(onboard: false)
            let token = try await browser.apiLogin().accessToken
            let ann = try #require(
                try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com")) })
            let zone = try await app.store.read { try await $0.records(of: ann.id).timeZone() }
            let entries = [(MealSlot.breakfast, 7), (.lunch, 12), (.dinner, 18)].map { meal, hour in
                FoodLogEntry(
                    id: FoodLogEntryID(UUID()),
                    consumedAt: LocalDate(iso8601: "2026-10-10")!.start(in: zone) + Double(hour) * 3_600, meal: meal,
                    name: "Meal", energyKilocalories: 600, proteinGrams: 30, carbohydrateGrams: 60, fatGrams: 20,
                    source: .manualEntry)
            }
            try await app.store.write { try await $0.records(of: ann.id).foodLog.store(entries) }
            let report = try await browser.json(
                .post, "/api/v1/reports", #"{"sections":["summary"],"password":"\#(Self.password)"}"#, bearer: token)
            #expect(report.status == .ok, "\(report.text)")
            let text = try Self.words(report.bytes, password: Self.password)
            #expect(text.contains("Protein 90 g a day on average (no goal set)"))
            #expect(text.contains("Calories 1,800 kcal a day on average (no plan)"))
            #expect(text.contains("Sleep Nothing recorded"))
        }
    }

    @Test func theMonthlyReportIsMadeOnTheFirstKeptAndForgottenWhenStopped() async throws {
        let app = try await TestApp.make()
        let jobs = BackgroundJobs(
            store: app.store, now: app.clock.source, files: PersonFiles(app.configuration),
            devices: app.configuration.devices, dataDirectory: app.configuration.dataDirectory, logger: app.logs.logger())
        try await app.test { browser in
            try await browser.signUp()
            let token = try await browser.apiLogin().accessToken
            _ = try await Self.october(browser, token: token)
            try await browser.get("/profile/data/report")
            let weak = try await browser.post(
                "/profile/data/report/monthly", form: [("password", "weak"), ("confirmation", "weak"), ("understood", "yes")])
            #expect(weak.status == .unprocessableContent)
            #expect(weak.text.contains(#"id="monthlyPassword-error""#))
            let on = try await browser.post(
                "/profile/data/report/monthly",
                form: [("password", Self.password), ("confirmation", Self.password), ("understood", "yes")])
            #expect(on.status == .seeOther)
            let ann = try #require(
                try await app.store.read { try await $0.accounts.find(email: try EmailAddress("ann@example.com")) })
            let schedule = try #require(
                try await app.store.read { try await $0.records(of: ann.id).documents.get(ReportSchedule.self) })
            #expect(schedule.isOn)
            #expect(schedule.sealedPassword?.contains(Self.password) == false, "sealed, not kept as typed")

            // 18 November: October was before the schedule, so nothing is made.
            try await jobs.runDue()
            #expect(
                try await app.store.read { try await $0.records(of: ann.id).documents.get(ReportSchedule.self) }?.made.isEmpty
                    == true)
            // 1 December, 06:00 in Berlin (05:00 UTC): November's.
            let december = LocalDate(iso8601: "2026-12-01")!.start(in: TimeZone(identifier: "Europe/Berlin")!) + 6 * 3_600
            app.clock.advance(seconds: december.timeIntervalSince(app.clock.now) - 60)
            try await jobs.runDue()
            #expect(
                try await app.store.read { try await $0.records(of: ann.id).documents.get(ReportSchedule.self) }?.made.isEmpty
                    == true, "not before 06:00")
            app.clock.advance(seconds: 60)
            try await jobs.runDue()
            let made = try #require(
                try await app.store.read { try await $0.records(of: ann.id).documents.get(ReportSchedule.self) }?.made)
            #expect(made.map(\.period.first) == [LocalDate(iso8601: "2026-11-01")!])
            let center = try await app.store.read {
                try await $0.records(of: ann.id).notifications.list(since: .distantPast, before: nil, limit: 50)
            }
            #expect(center?.first { $0.key == "report:2026-11-01" }?.link == "/profile/data/report#monthly-title")

            try await browser.logIn()
            let page = try await browser.get("/profile/data/report")
            #expect(page.text.contains("1 Nov 2026 to 30 Nov 2026"))
            let download = try await browser.get("/profile/data/report/monthly/2026-11-01")
            #expect(download.status == .ok)
            #expect(download.headers[.contentDisposition] == "attachment; filename=\"ann_2026-12-01.pdf\"")
            #expect(try Self.words(download.bytes, password: Self.password).contains("Ann · 1 Nov 2026 to 30 Nov 2026"))
            #expect(try await browser.get("/profile/data/report/monthly/2026-10-01").status != .ok)
            #expect(!app.logs.text.contains(Self.password))

            // Stopping forgets the password; deleting the account takes the kept reports with it.
            try await browser.get("/profile/data/report")
            #expect(try await browser.post("/profile/data/report/monthly", form: [("action", "off")]).status == .seeOther)
            let off = try #require(
                try await app.store.read { try await $0.records(of: ann.id).documents.get(ReportSchedule.self) })
            #expect(!off.isOn && off.sealedPassword == nil && off.made.count == 1)
            let folder = ReportFiles(exports: app.configuration.exportFolder).personFolder(ann.id)
            #expect(FileManager.default.fileExists(atPath: folder.path))
            #expect(try await AccountErasure.erase(ann.id, store: app.store, files: PersonFiles(app.configuration)))
            #expect(!FileManager.default.fileExists(atPath: folder.path))
        }
    }
}
