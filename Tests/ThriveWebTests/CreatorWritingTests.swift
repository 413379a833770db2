import Foundation
import HTTPTypes
import Testing
import ThriveCore
import ThriveStore

@testable import ThriveWeb

/// A creator writes programs and library pieces in the studio: a mistake is refused with its line,
/// what she saves opens for the people in her space (and only them), they use it like Thrive's own,
/// and she edits and removes it.
@Suite("What a creator writes")
struct CreatorWritingTests {
    static let program = """
        ---
        title: Desk reset
        icon: 🪑
        goal: stress
        level: Beginner friendly
        summary: Five workdays of small breaks.
        ---

        ## Habits
        - 🚶 Stand and walk | 3 a week
        - 🫁 Three slow breaths | mon tue wed thu fri | reminder 11:00

        ## Day 1: Notice the hours
        Count how long you sat today. **No judgement**, just the number.

        ## Day 2: Break the block
        Stand up every hour, even for a minute.
        """

    @Test func aCreatorWritesAProgramHerPeopleJoin() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let carolBrowser = browser.fresh()
            let carol = try await HabitsAPITests.Person.make(carolBrowser, email: "carol@example.com")
            let ann = try await HabitsAPITests.Person.make(browser)
            let bob = try await HabitsAPITests.Person.make(browser.fresh(), email: "bob@example.com")
            #expect(try await carolBrowser.get("/coach/creator/programs/new").status == .forbidden, "only a creator writes")
            let carolID = try await app.store.write { repositories in
                let account = try #require(try await repositories.accounts.find(email: EmailAddress("carol@example.com")))
                try await repositories.creators.grant(.creator, to: account.id)
                return account.id
            }

            let studio = try await carolBrowser.get("/coach/creator")
            #expect(studio.text.contains("You haven’t written a program yet."))
            let blank = try await carolBrowser.get("/coach/creator/programs/new")
            #expect(blank.text.contains("title: Morning energy"), "the form starts from an example")

            // A day out of order is refused with its line, and what she typed stays in the box.
            let broken = Self.program.replacingOccurrences(of: "## Day 2: Break", with: "## Day 3: Break")
            let refused = try await carolBrowser.post("/coach/creator/programs", form: [("markdown", broken)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("Line 16: expected “## Day 2: title”"))
            #expect(refused.text.contains("## Day 3: Break the block"))
            #expect(refused.text.contains(#"aria-invalid="true""#))

            let saved = try await carolBrowser.post("/coach/creator/programs", form: [("markdown", Self.program)])
            #expect(saved.location == "\(ProgramPagesController.base)/desk-reset")
            let shown = try await carolBrowser.get(saved.location!)
            #expect(shown.text.contains("Day 2: Break the block"))
            #expect(try await carolBrowser.get("/coach/creator").text.contains("Desk reset"))
            // A second with the same title gets its own address.
            let again = try await carolBrowser.post("/coach/creator/programs", form: [("markdown", Self.program)])
            #expect(again.location == "\(ProgramPagesController.base)/desk-reset-2")

            // Bob is in no space: he never sees it. Ann joins Carol's space, then the program.
            #expect(try await bob.send(.get, "/api/v1/programs/desk-reset").status == .notFound)
            #expect(
                try await ann.send(.post, "/api/v1/creator/join", #"{"creatorId":"\#(carolID)"}"#).status == .ok)
            let library = try await ann.send(.get, "/api/v1/programs").decode(ProgramsTests.ListJSON.self)
            #expect(library.programs.contains { $0.id == "desk-reset" && $0.length == 2 })
            let joined = try await ann.send(.post, "/api/v1/programs/desk-reset/enroll")
            #expect(joined.status == .created)
            let habits = try await ann.today().habits.map(\.name)
            #expect(habits == ["Stand and walk", "Three slow breaths"])
            let lesson = try await ann.send(.get, "/api/v1/programs/desk-reset").decode(ProgramsTests.ProgramJSON.self)
            #expect(lesson.days.first?.lesson?.contains("**No judgement**") == true)

            // Carol edits: Ann keeps her place; then Carol removes the copy.
            let edited = Self.program.replacingOccurrences(of: "Five workdays", with: "Two workdays")
            let update = try await carolBrowser.post("/coach/creator/programs/desk-reset", form: [("markdown", edited)])
            #expect(update.location == "\(ProgramPagesController.base)/desk-reset")
            let after = try await ann.send(.get, "/api/v1/programs/desk-reset").decode(ProgramsTests.ProgramJSON.self)
            #expect(after.enrollment?.currentDay == 1)
            #expect(try await ann.send(.get, "/api/v1/programs").text.contains("Two workdays of small breaks."))

            let unconfirmed = try await carolBrowser.post("/coach/creator/programs/desk-reset-2/remove", form: [])
            #expect(unconfirmed.status == .unprocessableContent)
            #expect(unconfirmed.text.contains("Tick “Yes, remove it” to remove the program."))
            let removed = try await carolBrowser.post(
                "/coach/creator/programs/desk-reset-2/remove", form: [("confirm", "yes")])
            #expect(removed.location == "/coach/creator?saved=1#programs")
            #expect(try await ann.send(.get, "/api/v1/programs/desk-reset-2").status == .notFound)
            // Ann cannot edit Carol's program.
            #expect(
                try await ann.browser.post("/coach/creator/programs/desk-reset", form: [("markdown", edited)]).status
                    == .forbidden)
        }
    }

    static let piece = """
        ---
        title: Desk breaks, explained
        kind: worksheet
        topic: stress
        minutes: 4
        added: 2026-11-20
        summary: Why a minute standing every hour matters.
        ---
        ## Why it matters
        Long unbroken sitting is what tires the back; **short breaks** undo most of it.
        """

    struct ContentListJSON: Decodable {
        struct Entry: Decodable {
            let id: String
            let title: String
        }
        let entries: [Entry]
        let counts: [String: Int]
    }

    @Test func aCreatorWritesALibraryPieceHerPeopleRead() async throws {
        let app = try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning))
        try await app.test { browser in
            let carolBrowser = browser.fresh()
            _ = try await HabitsAPITests.Person.make(carolBrowser, email: "carol@example.com")
            let ann = try await HabitsAPITests.Person.make(browser)
            let bob = try await HabitsAPITests.Person.make(browser.fresh(), email: "bob@example.com")
            let carolID = try await app.store.write { repositories in
                let account = try #require(try await repositories.accounts.find(email: EmailAddress("carol@example.com")))
                try await repositories.creators.grant(.creator, to: account.id)
                return account.id
            }
            #expect(try await carolBrowser.get("/coach/creator").text.contains("You haven’t written a piece yet."))
            #expect(try await carolBrowser.get("/coach/creator/pieces/new").text.contains("kind: worksheet"))

            let video = Self.piece.replacingOccurrences(of: "kind: worksheet", with: "kind: video")
            let refused = try await carolBrowser.post("/coach/creator/pieces", form: [("markdown", video)])
            #expect(refused.status == .unprocessableContent)
            #expect(refused.text.contains("A piece you write is an article or a worksheet"))
            let undated = Self.piece.replacingOccurrences(of: "added: 2026-11-20", with: "added: last week")
            let noDate = try await carolBrowser.post("/coach/creator/pieces", form: [("markdown", undated)])
            #expect(noDate.text.contains("added is a date like 2026-11-01"))

            let saved = try await carolBrowser.post("/coach/creator/pieces", form: [("markdown", Self.piece)])
            #expect(saved.location == "\(LibraryPagesController.base)/desk-breaks-explained")
            #expect(try await carolBrowser.get(saved.location!).text.contains("<strong>short breaks</strong>"))

            #expect(try await bob.send(.get, "/api/v1/content/desk-breaks-explained").status == .notFound)
            _ = try await ann.send(.post, "/api/v1/creator/join", #"{"creatorId":"\#(carolID)"}"#)
            let library = try await ann.send(.get, "/api/v1/content?q=desk").decode(ContentListJSON.self)
            #expect(library.entries.map(\.id).contains("desk-breaks-explained"))
            let bobs = try await bob.send(.get, "/api/v1/content").decode(ContentListJSON.self)
            let anns = try await ann.send(.get, "/api/v1/content").decode(ContentListJSON.self)
            #expect(anns.counts["worksheet"] == (bobs.counts["worksheet"] ?? 0) + 1)
            let bookmarked = try await ann.send(.put, "/api/v1/content/desk-breaks-explained/bookmark", #"{"bookmarked":true}"#)
            #expect(bookmarked.status == .ok, "\(bookmarked.text)")

            let removed = try await carolBrowser.post(
                "/coach/creator/pieces/desk-breaks-explained/remove", form: [("confirm", "yes")])
            #expect(removed.location == "/coach/creator?saved=1#pieces")
            #expect(try await ann.send(.get, "/api/v1/content/desk-breaks-explained").status == .notFound)
        }
    }
}
