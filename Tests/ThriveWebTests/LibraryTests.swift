import Foundation
import HTTPTypes
import Testing
import ThriveWeb

/// The content library through the router: the shipped pieces, search, bookmarks and progress,
/// each person's own, and the pages.
@Suite("Library")
struct LibraryTests {
    struct EntryJSON: Decodable {
        let id: String
        let title: String
        let kind: String
        let mediaUrl: String?
        let bookmarked: Bool
        let progress: Int
        let markdown: String?
    }

    struct ListJSON: Decodable {
        let entries: [EntryJSON]
        let counts: [String: Int]
        let recentlyViewed: [String]
        let bookmarks: [String]
    }

    typealias Person = HabitsAPITests.Person

    static func list(_ person: Person, _ query: String = "") async throws -> ListJSON {
        let reply = try await person.send(.get, "/api/v1/content\(query)")
        #expect(reply.status == .ok, "\(reply.text)")
        try person.check.expectDocumented(reply, "/api/v1/content", "get")
        return try reply.decode(ListJSON.self)
    }

    @Test func theLibrarySearchesAndKeepsEachPersonsPlace() async throws {
        try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning)).test { browser in
            let ann = try await Person.make(browser)
            let all = try await Self.list(ann)
            #expect(all.counts == ["article": 9, "video": 2, "audio": 2, "worksheet": 3])
            #expect(all.entries.count == 16)
            #expect(all.entries.first?.title == "Morning mobility", "newest first")
            // Spec 001's education: lung health for people with AAT deficiency or a Z allele.
            let lungs = try await Self.list(ann, "?topic=lungs").entries.map(\.title)
            #expect(
                Set(lungs) == [
                    "Alpha-1 antitrypsin deficiency, in plain words", "Carrying a Z allele (MZ)",
                    "Looking after your lungs with AAT deficiency", "Reading your AAT result",
                ])

            let sleep = try await Self.list(ann, "?q=sleep")
            #expect(sleep.entries.first?.title == "Body scan for sleep", "a title match first")
            #expect(sleep.entries.map(\.title).contains("A wind-down that works"))
            #expect(try await Self.list(ann, "?q=sleep%20caffeine").entries.map(\.title) == ["A wind-down that works"])
            #expect(try await Self.list(ann, "?kind=audio").entries.allSatisfy { $0.kind == "audio" && $0.mediaUrl != nil })
            let badKind = try await ann.send(.get, "/api/v1/content?kind=podcast")
            #expect(badKind.status == .badRequest)
            #expect(badKind.error?.field == "kind")

            let piece = try await ann.send(.get, "/api/v1/content/box-breathing")
            try ann.check.expectDocumented(piece, "/api/v1/content/{id}", "get")
            let breathing = try piece.decode(EntryJSON.self)
            #expect(breathing.mediaUrl == "/media/box-breathing.opus")
            #expect(breathing.markdown?.contains("Breathe in through your nose for four counts.") == true)
            let media = try await browser.get("/media/box-breathing.opus")
            #expect(media.status == .ok, "a signed-in person gets the file, not the dead-link note")
            #expect(media.bytes.count > 10_000, "the audio ships with the library")
            #expect(try await ann.send(.get, "/api/v1/content/no-such-piece").status == .notFound)

            let marked = try await ann.send(.put, "/api/v1/content/goal-setting/bookmark", #"{"bookmarked":true}"#)
            try ann.check.expectDocumented(marked, "/api/v1/content/{id}/bookmark", "put")
            #expect(try marked.decode(EntryJSON.self).bookmarked)
            let read = try await ann.send(.put, "/api/v1/content/walking-counts/progress", #"{"percent":40}"#)
            try ann.check.expectDocumented(read, "/api/v1/content/{id}/progress", "put")
            let back = try await ann.send(.put, "/api/v1/content/walking-counts/progress", #"{"percent":20}"#)
            #expect(try back.decode(EntryJSON.self).progress == 40, "progress never goes back")
            let tooFar = try await ann.send(.put, "/api/v1/content/walking-counts/progress", #"{"percent":140}"#)
            #expect(tooFar.status == .unprocessableContent)
            #expect(tooFar.error?.message == "Progress must be between 0 and 100.")

            let shelves = try await Self.list(ann)
            #expect(shelves.bookmarks == ["goal-setting"])
            #expect(shelves.recentlyViewed == ["walking-counts"])
            let bob = try await Person.make(browser.fresh(), email: "bob@example.com")
            let bobs = try await Self.list(bob)
            #expect(bobs.bookmarks.isEmpty && bobs.recentlyViewed.isEmpty, "each person's own shelf")
            #expect(bobs.entries.first { $0.id == "walking-counts" }?.progress == 0)
        }
    }

    @Test func thePagesOpenBookmarkAndFinishAPiece() async throws {
        try await TestApp.make(clock: TestClock(HabitsAPITests.mondayMorning)).test { browser in
            _ = try await Person.make(browser)
            let front = try await browser.get("/library")
            #expect(front.text.contains("Articles and guides"))
            #expect(front.text.contains("9 resources"))
            let lungs = try await browser.get("/library?topic=lungs")
            #expect(lungs.text.contains("Carrying a Z allele (MZ)") && !lungs.text.contains("Morning mobility"))
            #expect(front.text.contains("Bookmark a piece to find it here."))

            let piece = try await browser.get("/library/body-scan")
            #expect(piece.text.contains(#"<audio class="library-media" controls preload="metadata" src="/media/body-scan.opus""#))
            #expect(piece.text.contains("Transcript"))
            let marked = try await browser.post("/library/body-scan/bookmark", form: [("bookmarked", "yes")])
            #expect(marked.location == "/library/body-scan?saved=bookmark")
            let finished = try await browser.post("/library/body-scan/finished", form: [])
            #expect(finished.location == "/library/body-scan?saved=finished")
            let after = try await browser.get("/library/body-scan?saved=finished")
            #expect(after.text.contains("Marked as finished."))
            #expect(after.text.contains(#"aria-pressed="true""#))
            #expect(!after.text.contains("Mark as finished</button>"))

            let shelves = try await browser.get("/library")
            #expect(shelves.text.contains(#"id="shelf-bookmarked""#))
            #expect(shelves.text.contains("Body scan for sleep"))
            let search = try await browser.get("/library?q=lentils")
            #expect(search.text.contains("1 piece found"))
            #expect(search.text.contains("More plants on the plate"))
            let none = try await browser.get("/library?q=zzzz")
            #expect(none.text.contains("Nothing in the library holds those words."))
            #expect(try await browser.get("/library/missing-piece").location == "/?notice=unavailable")
        }
    }
}
