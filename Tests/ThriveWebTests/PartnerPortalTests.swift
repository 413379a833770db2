import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

/// The partner portal (spec 001) through the router: a partner sees their program's kits in totals,
/// with every number from fewer than ten people hidden until the tenth person arrives; never a
/// person, an e-mail or a result; nobody else reaches it; the ROI follows its written formula; and
/// on Friday at 17:00 the partner hears how many completed tests that week.
@Suite("Partner portal")
struct PartnerPortalTests {
    typealias Person = HabitsAPITests.Person

    struct DashboardJSON: Decodable {
        struct Period: Decodable {
            let start: String
            let issued: Int
            let registered: Int?
            let resulted: Int?
            let target: Int?
            let turnaroundMedianDays: Int?
        }
        struct ROI: Decodable {
            let findings: Int
            let kitsIssued: Int
            let ratio: Double?
        }
        let k: Int
        let completedThisWeek: Int?
        let months: [Period]
        let quarters: [Period]
        let total: Period
        let roi: ROI?
        let roiGap: String?
    }

    static func partner(_ browser: Browser, app: TestApp) async throws -> Person {
        let partner = try await Person.make(browser.fresh(), email: "partner@example.com")
        try await app.store.write { repositories in
            let account = try #require(try await repositories.accounts.find(email: EmailAddress("partner@example.com")))
            try await repositories.creators.grant(.partner, to: account.id)
        }
        return partner
    }

    /// `count` people, each with one of the kits registered a day after they were issued.
    static func people(_ kits: [String], app: TestApp, at time: Date) async throws -> [UserID] {
        try await app.store.write { repositories in
            var people: [UserID] = []
            for (index, kit) in kits.enumerated() {
                let account = Account(
                    id: UserID(UUID()), email: try EmailAddress("member-\(index)@example.com"), passwordHash: "-", createdAt: time
                )
                try await repositories.accounts.create(account)
                _ = try await repositories.records(of: account.id).labs.register(
                    try #require(KitNumber(kit)), at: time, photo: nil)
                people.append(account.id)
            }
            return people
        }
    }

    static func post(_ lab: Person, _ kits: [String], genotype: String) async throws {
        let results = kits.map { LabResultsTests.result($0, level: 95, genotype: genotype, date: "2026-11-20") }
        let reply = try await lab.send(.post, "/api/v1/lab/results", #"{"results":[\#(results.joined(separator: ","))]}"#)
        #expect(reply.status == .created, "\(reply.text)")
    }

    @Test func thePartnerSeesTotalsOnlyAndNothingFromFewerThanTenPeople() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let ann = try await Person.make(browser)
            let lab = try await LabResultsTests.lab(browser, app: app)
            let partner = try await Self.partner(browser, app: app)

            let unknown = try await lab.send(.post, "/api/v1/lab/kits", #"{"count":3,"partner":"nobody@example.com"}"#)
            #expect(unknown.status == .unprocessableContent && unknown.error?.field == "partner")
            #expect(unknown.error?.message == "No partner account has this e-mail address.")
            let listed = try await lab.send(.get, "/api/v1/lab/partners")
            #expect(listed.text == #"{"partners":["partner@example.com"]}"#)
            try lab.check.expectDocumented(listed, "/api/v1/lab/partners", "get")
            let issued = try await lab.send(
                .post, "/api/v1/lab/kits", #"{"count":12,"batch":"Acme wellness","partner":"partner@example.com"}"#)
            #expect(issued.status == .created, "\(issued.text)")
            let kits = try issued.decode(LabResultsTests.IssuedJSON.self).barcodes
            _ = try await LabResultsTests.issue(lab, 5)  // for no partner: never on the partner's dashboard
            let people = try await Self.people(Array(kits.prefix(10)), app: app, at: clock.now)

            // Nine results: the month, the quarter, the window and the week are nine people, hidden.
            try await Self.post(lab, Array(kits.prefix(9)), genotype: "MZ")
            var reply = try await partner.send(.get, "/api/v1/partner/dashboard")
            #expect(reply.status == .ok, "\(reply.text)")
            try partner.check.expectDocumented(reply, "/api/v1/partner/dashboard", "get")
            var dashboard = try reply.decode(DashboardJSON.self)
            var november = try #require(dashboard.months.first { $0.start == "2026-11-01" })
            #expect(dashboard.k == 10 && november.issued == 12 && dashboard.total.issued == 12)
            #expect(november.registered == 10 && november.resulted == nil && dashboard.quarters.last?.resulted == nil)
            #expect(dashboard.total.resulted == nil && dashboard.completedThisWeek == nil)
            #expect(dashboard.quarters.last?.turnaroundMedianDays == nil)
            for person in people { #expect(!reply.text.lowercased().contains(person.rawValue.uuidString.lowercased())) }
            #expect(!reply.text.contains("member-") && !reply.text.contains("MZ") && !reply.text.contains("95"))
            var page = try await partner.browser.get("/partner")
            #expect(page.status == .ok && page.text.contains("Fewer than 10 customers completed tests this week"))

            // The tenth: every count is ten people now, and shown.
            try await Self.post(lab, [kits[9]], genotype: "MZ")
            dashboard = try await partner.send(.get, "/api/v1/partner/dashboard").decode(DashboardJSON.self)
            november = try #require(dashboard.months.first { $0.start == "2026-11-01" })
            #expect(november.resulted == 10 && dashboard.quarters.last?.resulted == 10 && dashboard.completedThisWeek == 10)
            #expect(dashboard.quarters.last?.turnaroundMedianDays == 0)
            page = try await partner.browser.get("/partner")
            #expect(page.text.contains("10 customers completed tests this week"))
            #expect(dashboard.roiGap == "needsAmounts" && dashboard.roi == nil)

            // The program: checked, then the target and the ROI from its formula.
            let bad = try await partner.send(.put, "/api/v1/partner/program", #"{"monthlyTarget":20,"currency":"euro"}"#)
            #expect(bad.status == .unprocessableContent && bad.error?.field == "currency")
            try partner.check.expectDocumented(bad, "/api/v1/partner/program", "put")
            let saved = try await partner.send(
                .put, "/api/v1/partner/program",
                #"{"monthlyTarget":20,"costPerKit":100,"valuePerFinding":1500,"currency":"EUR"}"#)
            #expect(saved.status == .ok, "\(saved.text)")
            try partner.check.expectDocumented(saved, "/api/v1/partner/program", "put")
            dashboard = try await partner.send(.get, "/api/v1/partner/dashboard").decode(DashboardJSON.self)
            // (10 × 1,500 − 12 × 100) ÷ (12 × 100) = 13,800 ÷ 1,200 = 11.5
            #expect(dashboard.roi?.findings == 10 && dashboard.roi?.kitsIssued == 12 && dashboard.roi?.ratio == 11.5)
            #expect(dashboard.quarters.last?.target == 60 && dashboard.months.last?.target == 20)
            page = try await partner.browser.get("/partner")
            #expect(page.text.contains("ROI = (findings × value per finding − kits issued × cost per kit)"))
            #expect(page.text.contains("= (10 × €1,500.00 − 12 × €100.00) ÷ (12 × €100.00) = +1,150%"))
            let form = try await partner.browser.post("/partner/program", form: [("monthlyTarget", "0"), ("currency", "EUR")])
            #expect(form.status == .unprocessableContent && form.text.contains("The monthly target must be a whole number"))
            let words = try await partner.browser.post("/partner/program", form: [("costPerKit", "abc"), ("currency", "EUR")])
            #expect(
                words.status == .unprocessableContent && words.text.contains("Cost per kit must be a number, like 12 or 2.5."))

            // Nobody else reaches it; the partner reaches no lab and no person.
            for outsider in [ann, lab] {
                let refused = try await outsider.send(.get, "/api/v1/partner/dashboard")
                #expect(refused.status == .forbidden && refused.error?.message.hasPrefix("Only a partner account") == true)
            }
            #expect(try await ann.browser.get("/partner").status == .forbidden)
            #expect(try await partner.send(.get, "/api/v1/lab/kits").status == .forbidden)
            #expect(try await partner.send(.post, "/api/v1/lab/kits", #"{"count":1}"#).status == .forbidden)
            let theirs = try await partner.send(.get, "/api/v1/lab-results")
            #expect(theirs.status == .ok && !theirs.text.contains("MZ"))
        }
    }

    struct CenterJSON: Decodable {
        struct Item: Decodable {
            let title: String
            let body: String
            let link: String
        }
        let notifications: [Item]
    }

    /// The partner's weekly notes in their notification center, as "title: body".
    static func weekly(_ partner: Person) async throws -> [String] {
        try await partner.signInAgain()
        return try await partner.send(.get, "/api/v1/mobile/notifications/history").decode(CenterJSON.self).notifications
            .filter { $0.link == "/partner#this-week" }.map { "\($0.title): \($0.body)" }
    }

    @Test func onFridayAt17ThePartnerHearsHowManyCompletedTestsThatWeek() async throws {
        // Friday 20 November 2026, 00:30 UTC; the partner is in Berlin, where 17:00 is 16:00 UTC.
        let clock = TestClock(ISO8601DateFormatter().date(from: "2026-11-20T00:30:00Z")!)
        let app = try await TestApp.make(clock: clock)
        let jobs = BackgroundJobs(store: app.store, now: clock.source, logger: app.logs.logger())
        try await app.test { browser in
            let lab = try await LabResultsTests.lab(browser, app: app)
            let partner = try await Self.partner(browser, app: app)
            let issued = try await lab.send(.post, "/api/v1/lab/kits", #"{"count":12,"partner":"partner@example.com"}"#)
            let kits = try issued.decode(LabResultsTests.IssuedJSON.self).barcodes
            _ = try await Self.people(kits, app: app, at: clock.now)
            try await Self.post(lab, kits, genotype: "MM")
            _ = try await jobs.runDue()
            try await DailyPromptsTests.run(jobs, clock, minutes: 15 * 60 + 20)  // 15:50 UTC
            #expect(try await Self.weekly(partner).isEmpty)
            try await DailyPromptsTests.run(jobs, clock, minutes: 10)  // 16:00 UTC, 17:00 in Berlin
            #expect(try await Self.weekly(partner) == ["Your program this week: 12 customers completed tests this week."])
        }
    }
}
