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
        let members: Int
        let sharing: Int
        let shared: [Shared]
    }

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
            #expect(theme.text.contains("--primary: light-dark(\(branded.primary), #2dd4bf);"))
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
            #expect(gallery.text.contains("0 of 10 habit days"))

            // Carol sees totals only, until Ann shares.
            let totals = try await carol.send(.get, "/api/v1/creator/members/summary")
            try carol.check.expectDocumented(totals, "/api/v1/creator/members/summary", "get")
            let before = try totals.decode(SummaryJSON.self)
            #expect(before.members == 1 && before.sharing == 0 && before.shared.isEmpty)
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
}
