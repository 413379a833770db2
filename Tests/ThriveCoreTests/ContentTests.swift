import Foundation
import Testing
import ThriveCore

/// Library pieces as files, search over them, and a person's shelf.
struct ContentTests {
    static let article = """
        ---
        title: A wind-down that works
        kind: article
        topic: sleep
        minutes: 4
        added: 2026-11-05
        summary: The hour before bed decides much of the night.
        ---
        Keep the wake time steady. Caffeine stays in the body for hours.
        """

    @Test func aPieceReadsFromItsFile() throws {
        let entry = try ContentText.entry(id: ContentID("wind-down")!, text: Self.article)
        #expect(entry.title == "A wind-down that works")
        #expect(entry.kind == .article && entry.topic == .sleep && entry.minutes == 4)
        #expect(entry.added == LocalDate(year: 2026, month: 11, day: 5))
        #expect(entry.media == nil)
        #expect(entry.body.hasPrefix("Keep the wake time steady."))
    }

    @Test(arguments: [
        ("kind: article", "kind: podcast", "kind is one of article, video, audio, worksheet"),
        ("topic: sleep", "topic: dreams", "topic is one of exercise, nutrition, sleep, stress, growth, lungs"),
        ("minutes: 4", "minutes: four", "minutes is a whole number from 1 to 180"),
        ("added: 2026-11-05", "added: yesterday", "added is a date like 2026-11-01"),
        ("kind: article", "kind: audio", "an audio piece names its media file (media: name.ext)"),
        ("title: A wind-down that works\n", "", "title is missing"),
    ])
    func brokenFilesAreRefusedWithTheLineToMend(from: String, to: String, reason: String) {
        let text = Self.article.replacingOccurrences(of: from, with: to)
        #expect(throws: TextFileProblem(file: "wind-down", line: 1, reason: reason)) {
            try ContentText.entry(id: ContentID("wind-down")!, text: text)
        }
    }

    @Test func searchWantsEveryWordAndRanksTitlesFirst() throws {
        func piece(_ id: String, _ title: String, _ summary: String, _ body: String, added: Int) -> ContentEntry {
            ContentEntry(
                id: ContentID(id)!, title: title, kind: .article, topic: .sleep, minutes: 3,
                added: LocalDate(year: 2026, month: 11, day: added)!, summary: summary, media: nil, body: body)
        }
        let search = ContentSearch([
            piece("a", "Body scan for sleep", "Relax from head to toe.", "Lie down.", added: 1),
            piece("b", "A wind-down", "Sleep comes easier.", "Caffeine lingers.", added: 2),
            piece("c", "Walking", "Move more.", "Walk after sleeping badly; café stops count.", added: 3),
        ])
        #expect(search.search("sleep").map(\.id.rawValue) == ["a", "b", "c"], "title, then summary, then text")
        #expect(search.search("SLEEP caffeine").map(\.id.rawValue) == ["b"], "every word must match")
        #expect(search.search("caf").map(\.id.rawValue) == ["c", "b"], "word starts (café, caffeine), newest first on a tie")
        #expect(search.search("cafe").map(\.id.rawValue) == ["c"], "café without its accent")
        #expect(search.search("  ").isEmpty)
        #expect(search.search("yoga").isEmpty)
    }

    @Test func progressOnlyGrowsAndShelvesKeepTheirOrder() throws {
        var shelf = ContentShelf()
        let a = ContentID("a")!
        let b = ContentID("b")!
        let start = Date(timeIntervalSince1970: 1_795_000_000)
        shelf.view(a, at: start)
        shelf.view(b, at: start.addingTimeInterval(60))
        try shelf.reach(a, percent: 60)
        try shelf.reach(a, percent: 30)
        #expect(shelf.item(a).progress == 60)
        #expect(throws: ValidationError.self) { try shelf.reach(a, percent: 101) }
        #expect(shelf.recentlyViewed(limit: 5) == [b, a])
        #expect(shelf.inProgress(limit: 5) == [a])
        try shelf.reach(a, percent: 100)
        #expect(shelf.inProgress(limit: 5).isEmpty, "finished is not in progress")
        shelf.bookmark(b, true)
        #expect(shelf.bookmarks == [b])
        shelf.bookmark(b, false)
        #expect(shelf.bookmarks.isEmpty)
    }
}
