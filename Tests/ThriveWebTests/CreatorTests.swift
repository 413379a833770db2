import Foundation
import HTTPTypes
import NIOCore
import Testing
import ThriveCore
import ThriveStore
import ThriveWeb

/// A creator's space through the router: Carol brands it (a colour too light is refused or
/// darkened), Ann joins by Carol's invitation and her pages and coach take on the branding, and
/// Carol sees totals only, until Ann shares.
@Suite("Creator branding")
struct CreatorTests {
    struct BrandingJSON: Decodable {
        let creatorId: String
        let name: String
        let primary: String
        let font: String
        let isOwn: Bool
        let inviteUrl: String?
        let logoUrl: String?
        let adjusted: [String]?
    }

    struct SummaryJSON: Decodable {
        struct Shared: Decodable {
            let name: String
            let longestStreak: Int
        }
        struct Totals: Decodable {
            let activeToday: Int
            let programsRunning: Int
        }
        let members: Int
        let sharing: Int
        let totals: Totals?
        let minimumGroup: Int
        let shared: [Shared]
    }

    /// The dark theme's surfaces and button text a brand colour must read against there.
    static let darkSurfaces = ["#0D1117", "#161B22", "#06201D"].map { BrandColor(hex: $0)! }

    typealias Person = HabitsAPITests.Person

    static func draft(primary: String, adjust: Bool = false, featured: String = "box-breathing") -> String {
        """
        {"name":"Carol Coach","primary":"\(primary)","accent":"#1D4ED8","font":"serif",
         "featuredPrograms":["sleep-reset"],"featuredContent":["\(featured)"],
         "welcomeMessage":"Hi, I'm Carol. Small steps, every day.","voice":{"tone":"direct","emoji":"none"},
         "badges":[{"id":"ten-days","name":"Ten good days","icon":"🔟","description":"Ten habit days done.","habitDays":10}],
         "adjustColors":\(adjust)}
        """
    }

    @Test func aCreatorBrandsAndAPersonJoins() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let carol = try await Person.make(browser.fresh(), email: "carol@example.com")
            let ann = try await Person.make(browser)
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            #expect(try await ann.send(.get, "/api/v1/creator/branding").status == .notFound)
            let refused = try await carol.send(.put, "/api/v1/creator/branding", Self.draft(primary: "#0F766E"))
            #expect(refused.status == .forbidden, "a creator only once the operator says so")
            try await app.store.write { repositories in
                let account = try #require(try await repositories.accounts.find(email: EmailAddress("carol@example.com")))
                try await repositories.creators.grant(.creator, to: account.id)
            }

            let own = try await carol.send(.get, "/api/v1/creator/branding")
            try carol.check.expectDocumented(own, "/api/v1/creator/branding", "get")
            let starter = try own.decode(BrandingJSON.self)
            #expect(starter.isOwn && starter.name == "Ann", "the sign-up name until branded")
            let invite = try #require(starter.inviteUrl)
            #expect(invite == "/coach/join/\(starter.creatorId)")

            let tooLight = try await carol.send(.put, "/api/v1/creator/branding", Self.draft(primary: "#007BFF"))
            #expect(tooLight.status == .unprocessableContent)
            try carol.check.expectDocumented(tooLight, "/api/v1/creator/branding", "put")
            #expect(tooLight.error?.field == "primary")
            #expect(
                tooLight.error?.message.hasPrefix("Text on #007BFF reaches only 4.0:1; it needs 4.5:1 to be readable. Try #")
                    == true)
            let darkened = try await carol.send(.put, "/api/v1/creator/branding", Self.draft(primary: "#007BFF", adjust: true))
            #expect(darkened.status == .ok, "\(darkened.text)")
            let branded = try darkened.decode(BrandingJSON.self)
            #expect(branded.adjusted == ["primary"])
            #expect(BrandColor(hex: branded.primary)!.contrast(with: .white) >= 4.5)
            let unknown = try await carol.send(
                .put, "/api/v1/creator/branding", Self.draft(primary: "#0F766E", featured: "no-such-piece"))
            #expect(unknown.status == .unprocessableContent)
            #expect(unknown.error?.field == "featuredContent")

            let png = ByteBuffer(bytes: [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A, 1, 2, 3])
            let logo = try await carol.browser.send(
                "/api/v1/creator/images/logo", method: .put,
                headers: [.authorization: "Bearer \(carol.token)", .contentType: "image/png"], body: png)
            #expect(logo.status == .ok, "\(logo.text)")

            // Ann follows the invitation.
            let joined = try await ann.send(.post, "/api/v1/creator/join", #"{"creatorId":"\#(starter.creatorId)"}"#)
            #expect(joined.status == .ok, "\(joined.text)")
            try ann.check.expectDocumented(joined, "/api/v1/creator/join", "post")
            let seen = try joined.decode(BrandingJSON.self)
            #expect(!seen.isOwn && seen.inviteUrl == nil && seen.name == "Carol Coach" && seen.font == "serif")
            #expect(try await ann.send(.get, "/api/v1/mobile/settings").text.contains(#""tone":"direct""#), "the creator's voice")
            let image = try await ann.browser.get("/api/v1/creator/images/logo", headers: [.authorization: "Bearer \(ann.token)"])
            #expect(image.bytes == Array(png.readableBytesView))
            #expect(
                try await bob.browser.get("/api/v1/creator/images/logo", headers: [.authorization: "Bearer \(bob.token)"]).status
                    == .notFound)
            #expect(try await ann.send(.put, "/api/v1/creator/branding", Self.draft(primary: "#0F766E")).status == .forbidden)

            // Ann's pages wear Carol's colours and font; her coach speaks with Carol's welcome, without emoji.
            let theme = try await browser.get("/creator/theme.css")
            // In the dark theme too: a lighter shade of Carol's colour that reads at 4.5:1 there.
            let primaryLine = try #require(theme.text.split(separator: "\n").first { $0.contains("--primary:") })
            let darkHex = String(primaryLine.split(separator: ",")[1].trimmingCharacters(in: .whitespaces).prefix(7))
            #expect(primaryLine.contains("light-dark(\(branded.primary), "))
            let dark = try #require(BrandColor(hex: darkHex))
            #expect(Self.darkSurfaces.allSatisfy { dark.contrast(with: $0) >= 4.5 }, "\(darkHex)")
            #expect(darkHex != "#2DD4BF", "not Thrive's own colour")
            #expect(theme.text.contains("Charter"))
            #expect(try await browser.get("/").text.contains(#"<link rel="stylesheet" href="/creator/theme.css">"#))
            let opened = try await ann.send(.post, "/api/v1/coach/open").decode([CoachChatTests.MessageJSON].self)
            #expect(opened.first?.text == "Hi, I'm Carol. Small steps, every day.")
            let reply = try await CoachChatTests.say(ann, #"{"text":"How am I doing?","payload":"how_am_i_doing"}"#)
            #expect(reply.replies.allSatisfy { !$0.text.unicodeScalars.contains { $0.properties.isEmojiPresentation } })
            let library = try await browser.get("/library")
            #expect(library.text.contains("From Carol Coach"))
            #expect(library.text.contains(#"id="shelf-featured""#))
            let programs = try await browser.get("/pillars/wellbeing/programs")
            #expect(programs.text.contains("Recommended by Carol Coach"))
            let gallery = try await browser.get("/profile/achievements")
            #expect(gallery.text.contains("Badges from Carol Coach"))
            #expect(gallery.text.contains("0 of 10 habit days since you joined"))
            // The coaching welcome shows Carol's logo, not Thrive's sprout.
            let welcome = try await browser.get("/coach/start/welcome")
            #expect(welcome.text.contains(#"<img class="coach-avatar coach-avatar-large" src="/api/v1/creator/images/logo""#))

            // Carol sees totals only, until Ann shares.
            let totals = try await carol.send(.get, "/api/v1/creator/members/summary")
            try carol.check.expectDocumented(totals, "/api/v1/creator/members/summary", "get")
            let before = try totals.decode(SummaryJSON.self)
            #expect(before.members == 1 && before.sharing == 0 && before.shared.isEmpty)
            #expect(before.totals == nil && before.minimumGroup == 5, "no totals over fewer than five who share")
            #expect(try await ann.send(.get, "/api/v1/creator/members/summary").status == .forbidden)
            let share = try await ann.send(.put, "/api/v1/creator/sharing", #"{"sharesEntries":true}"#)
            #expect(share.status == .ok)
            let after = try await carol.send(.get, "/api/v1/creator/members/summary").decode(SummaryJSON.self)
            #expect(after.shared.map(\.name) == ["Ann"])

            #expect(try await ann.send(.post, "/api/v1/creator/leave").status == .noContent)
            #expect(try await ann.send(.get, "/api/v1/creator/branding").status == .notFound)
            #expect(try await browser.get("/creator/theme.css").text.isEmpty)
            #expect(try await carol.send(.get, "/api/v1/creator/members/summary").decode(SummaryJSON.self).members == 0)
        }
    }

    @Test func theStudioPageSavesAndRefusesWithTheReason() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            _ = try await Person.make(browser, email: "carol@example.com")
            let none = try await browser.get("/coach/creator")
            #expect(none.text.contains("You are not in a coach"))
            try await app.store.write { repositories in
                let account = try #require(try await repositories.accounts.find(email: EmailAddress("carol@example.com")))
                try await repositories.creators.grant(.creator, to: account.id)
            }
            let studio = try await browser.get("/coach/creator")
            #expect(studio.text.contains("Your people"))
            #expect(studio.text.contains("/coach/join/"))
            let form: [(String, String)] = [
                ("name", "Carol Coach"), ("primary", "#ffd700"), ("accent", "#1d4ed8"), ("font", "rounded"), ("tone", "gentle"),
                ("emoji", "moderate"), ("welcomeMessage", "Welcome!"),
            ]
            let refused = try await browser.post("/coach/creator/branding", form: form)
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Text on #FFD700 reaches only 1.4:1"))
            let saved = try await browser.post("/coach/creator/branding", form: form + [("adjustColors", "yes")])
            #expect(saved.location?.hasPrefix("/coach/creator?saved=1&adjusted=primary") == true)
            let badge = try await browser.post(
                "/coach/creator/badges", form: [("icon", "🌟"), ("name", "First steps"), ("habitDays", "5"), ("description", "")])
            #expect(badge.location == "/coach/creator?saved=1#badges")
            #expect(try await browser.get("/coach/creator").text.contains("First steps"))
            let bad = try await browser.post(
                "/coach/creator/badges", form: [("icon", "🌟"), ("name", "Never"), ("habitDays", "0")])
            #expect(bad.status == .unprocessableContent)
        }
    }

    static func makeCreator(_ app: TestApp, _ browser: Browser, badgeDays: Int = 2) async throws -> (Person, String) {
        let carol = try await Person.make(browser, email: "carol@example.com")
        try await app.store.write { repositories in
            let account = try #require(try await repositories.accounts.find(email: EmailAddress("carol@example.com")))
            try await repositories.creators.grant(.creator, to: account.id)
        }
        let draft = Self.draft(primary: "#0F766E").replacingOccurrences(
            of: #""id":"ten-days","name":"Ten good days","icon":"🔟","description":"Ten habit days done.","habitDays":10"#,
            with:
                #""id":"two-days","name":"Two good days","icon":"✌️","description":"Two habit days done.","habitDays":\#(badgeDays)"#
        )
        let branded = try await carol.send(.put, "/api/v1/creator/branding", draft)
        #expect(branded.status == .ok, "\(branded.text)")
        struct Own: Decodable { let creatorId: String }
        return (carol, try await carol.send(.get, "/api/v1/creator/branding").decode(Own.self).creatorId)
    }

    /// A creator's badge counts habit days done since joining (not the years before), is stored
    /// once with its day, named in the check-in's answer and toast, and listed by the API.
    @Test func aCreatorsBadgeIsEarnedByDaysAfterJoiningAndKept() async throws {
        let clock = TestClock(HabitsAPITests.mondayMorning)
        let app = try await TestApp.make(clock: clock)
        try await app.test { browser in
            let (_, creatorId) = try await Self.makeCreator(app, browser.fresh())
            let ann = try await Person.make(browser)
            let walk = try await ann.create(#"{"name":"Walk"}"#)
            // Two days done before joining count for nothing here.
            for _ in 1...2 {
                try await ann.checkIn(walk.id, #"{"action":"done"}"#)
                clock.advance(minutes: 24 * 60)
                try await ann.signInAgain()
            }
            #expect(try await ann.send(.post, "/api/v1/creator/join", #"{"creatorId":"\#(creatorId)"}"#).status == .ok)
            struct Answer: Decodable {
                struct Award: Decodable {
                    let achievement: String
                    let message: String
                }
                let awards: [Award]
            }
            let first = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
            #expect(try first.decode(Answer.self).awards.isEmpty, "one day since joining")
            clock.advance(minutes: 24 * 60)
            try await ann.signInAgain()
            let second = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
            let awards = try second.decode(Answer.self).awards
            #expect(awards.map(\.achievement) == ["creator:two-days"])
            #expect(awards.first?.message == "New badge: Two good days")
            try ann.check.expectDocumented(second, "/api/v1/habits/{id}/checkins", "post")

            struct Gallery: Decodable {
                struct Badge: Decodable {
                    let id: String
                    let value: Int
                    let earnedOn: String?
                }
                let creatorBadges: [Badge]
            }
            let gallery = try await ann.send(.get, "/api/v1/achievements")
            try ann.check.expectDocumented(gallery, "/api/v1/achievements", "get")
            let badge = try #require(try gallery.decode(Gallery.self).creatorBadges.first)
            #expect(badge.id == "two-days" && badge.value == 2)
            #expect(badge.earnedOn == LocalDate(clock.now, in: TimeZone(identifier: "Europe/Berlin")!).iso8601)
            // Undone and done again: earned once.
            _ = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"clear"}"#)
            let again = try await ann.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
            #expect(try again.decode(Answer.self).awards.isEmpty)

            // Through the page, the toast names it (for a badge held only).
            _ = try await browser.logIn()
            let page = try await browser.get("/pillars/wellbeing/habits?habit=\(walk.id)&was=none&creatorBadges=two-days,made-up")
            #expect(page.text.contains("New badge: Two good days"))
            #expect(!page.text.contains("made-up"))
            let shelf = try await browser.get("/profile/achievements")
            #expect(shelf.text.contains("Two good days"))
            #expect(shelf.text.contains("Earned on"))
        }
    }

    /// Totals speak for five or more people who share, and only for them: "active today" is today.
    @Test func totalsCoverFiveOrMoreWhoShare() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (carol, creatorId) = try await Self.makeCreator(app, browser.fresh())
            var people: [Person] = []
            for index in 1...6 {
                let person = try await Person.make(browser.fresh(), email: "p\(index)@example.com")
                #expect(try await person.send(.post, "/api/v1/creator/join", #"{"creatorId":"\#(creatorId)"}"#).status == .ok)
                people.append(person)
            }
            for person in people.prefix(4) {
                #expect(try await person.send(.put, "/api/v1/creator/sharing", #"{"sharesEntries":true}"#).status == .ok)
            }
            // A walk done today by two sharers and by the one who does not share.
            for person in [people[0], people[1], people[5]] {
                let walk = try await person.create(#"{"name":"Walk"}"#)
                _ = try await person.send(.post, "/api/v1/habits/\(walk.id)/checkins", #"{"action":"done"}"#)
            }
            let four = try await carol.send(.get, "/api/v1/creator/members/summary").decode(SummaryJSON.self)
            #expect(four.members == 6 && four.sharing == 4 && four.totals == nil)
            #expect(try await people[4].send(.put, "/api/v1/creator/sharing", #"{"sharesEntries":true}"#).status == .ok)
            let five = try await carol.send(.get, "/api/v1/creator/members/summary")
            try carol.check.expectDocumented(five, "/api/v1/creator/members/summary", "get")
            let totals = try #require(try five.decode(SummaryJSON.self).totals)
            #expect(totals.activeToday == 2, "today (a Monday), and only those who share")
            let page = try await carol.browser.get("/coach/creator")
            #expect(page.text.contains("Active today"))
        }
    }

    /// An invitation opened while signed out survives signing in, and signing up with onboarding.
    @Test func anInvitationSurvivesSigningInAndSigningUp() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let (_, creatorId) = try await Self.makeCreator(app, browser.fresh())
            let ann = browser.fresh()
            try await ann.signUp()
            try await ann.post("/logout", form: [])
            let opened = try await ann.get("/coach/join/\(creatorId)")
            #expect(opened.location == "/login?notice=invitation")
            let login = try await ann.get("/login?notice=invitation")
            #expect(login.text.contains("to accept the invitation"))
            let signedIn = try await ann.post("/login", form: [("email", "ann@example.com"), ("password", "correct-horse-9")])
            #expect(signedIn.location == "/coach/join/\(creatorId)")
            let join = try await ann.get(signedIn.location!)
            #expect(join.text.contains("Carol Coach"))

            let bob = browser.fresh()
            _ = try await bob.get("/coach/join/\(creatorId)")
            try await bob.get("/signup")
            let signedUp = try await bob.post(
                "/signup",
                form: [
                    ("displayName", "Bob"), ("email", "bob@example.com"), ("password", "correct-horse-9"),
                    ("unitSystem", "metric"), ("timeZone", "UTC"),
                ])
            #expect(signedUp.status == .seeOther)
            try await bob.get("/onboarding/consent")
            try await bob.post("/onboarding/consent", form: [("accept", "yes")])
            try await bob.get("/onboarding/profile")
            try await bob.post(
                "/onboarding/profile",
                form: [
                    ("dateOfBirth", "1990-04-21"), ("sex", "male"), ("allergy", "none"), ("condition", "none"),
                    ("goal", "generalFitness"), ("heightCm", "180"), ("weight", "80"),
                ])
            try await bob.post("/onboarding/optional", form: [("skip", "yes")])
            try await bob.post("/onboarding/dataSource", form: [("source", "manual")])
            try await bob.post("/onboarding/baseline", form: [("pushUps", "10")])
            try await bob.get("/onboarding/plan")
            let done = try await bob.post("/onboarding/plan", form: [])
            #expect(done.location == "/coach/join/\(creatorId)", "onboarding ends at the invitation")
            try await bob.get(done.location!)
            let accepted = try await bob.post("/coach/join/\(creatorId)", form: [])
            #expect(accepted.location == "/coach")
            #expect(bob.cookie("thrive_invitation") == nil, "spent")
        }
    }
}
