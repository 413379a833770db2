import Foundation
import ThriveCore

/// A library piece as a card in a list.
struct LibraryCard: Sendable {
    let id: String
    let href: String
    let icon: String
    let title: String
    let meta: String
    let summary: String
    let bookmarked: Bool
    let progress: Int
    let progressLabel: String?
    /// `lang` of the piece's own words when they are not in the page's language.
    let contentLang: String?

    init(_ listing: ContentService.Listing) {
        let entry = listing.entry
        contentLang = contentLanguage(entry.language)
        id = entry.id.rawValue
        href = "\(LibraryPagesController.base)/\(entry.id)"
        icon = LibraryCard.icons[entry.kind] ?? ""
        title = entry.title
        meta = LibraryCard.meta(entry)
        summary = entry.summary
        bookmarked = listing.item.bookmarked
        progress = listing.item.progress
        progressLabel = LibraryCard.progressLabel(listing.item.progress)
    }

    /// Markup of each kind's icon.
    static let icons: [ContentEntry.Kind: String] = [
        .article: Icon.book.svg, .video: Icon.video.svg, .audio: Icon.headphones.svg, .worksheet: Icon.clipboard.svg,
    ]

    /// "Article · 5 min · Sleep".
    static func meta(_ entry: ContentEntry) -> String {
        [
            t("library.kind.\(entry.kind.rawValue)"), t("library.minutes", ["count": DisplayFormat.count(entry.minutes)]),
            t("library.topic.\(entry.topic.rawValue)"),
        ].joined(separator: " · ")
    }

    static func progressLabel(_ progress: Int) -> String? {
        switch progress {
        case 0: nil
        case 100: t("library.finished")
        default: t("library.progress", ["percent": DisplayFormat.count(progress)])
        }
    }
}

/// The library's front page: search, the kinds with their counts, and the person's shelves.
struct LibraryPage: Sendable {
    struct Category: Sendable {
        let href: String
        let icon: String
        let label: String
        let count: String
        let current: Bool
    }

    struct Shelf: Sendable {
        let id: String
        let title: String
        let cards: [LibraryCard]
        let empty: String?
    }

    let query: String
    let categories: [Category]
    let allHref: String
    let allCurrent: Bool
    let heading: String?
    let results: [LibraryCard]
    let showResults: Bool
    let noResults: Bool
    let shelves: [Shelf]

    init(_ overview: ContentService.Overview, query: String?, kind: ContentEntry.Kind?, creator: CreatorBranding? = nil) {
        self.query = query ?? ""
        let counts = Dictionary(grouping: overview.library.entries, by: \.kind).mapValues(\.count)
        categories = ContentEntry.Kind.allCases.map { other in
            Category(
                href: "\(LibraryPagesController.base)?kind=\(other.rawValue)", icon: LibraryCard.icons[other] ?? "",
                label: t("library.category.\(other.rawValue)"),
                count: Localizer.current.plural("library.resources", counts[other] ?? 0), current: other == kind)
        }
        allHref = LibraryPagesController.base
        allCurrent = kind == nil && query == nil
        showResults = query != nil || kind != nil
        results = showResults ? overview.listings.map(LibraryCard.init) : []
        noResults = showResults && results.isEmpty
        heading =
            query.map { _ in Localizer.current.plural("library.found", overview.listings.count) }
            ?? kind.map { t("library.category.\($0.rawValue)") }
        guard !showResults else {
            shelves = []
            return
        }
        let shelf = overview.shelf
        let featured = (creator?.featuredContent ?? []).compactMap(ContentID.init)
        shelves = [
            Shelf(
                id: "featured", title: t("library.shelf.featured", ["name": creator?.name ?? ""]),
                cards: overview.listings(featured).map(LibraryCard.init), empty: nil),
            Shelf(
                id: "continue", title: t("library.shelf.continue"),
                cards: overview.listings(shelf.inProgress(limit: 3)).map(LibraryCard.init), empty: nil),
            Shelf(
                id: "bookmarked", title: t("library.shelf.bookmarked"),
                cards: overview.listings(shelf.bookmarks).map(LibraryCard.init), empty: t("library.shelf.bookmarkedEmpty")),
            Shelf(
                id: "viewed", title: t("library.shelf.viewed"),
                cards: overview.listings(shelf.recentlyViewed(limit: 3)).map(LibraryCard.init), empty: nil),
            Shelf(
                id: "added", title: t("library.shelf.added"),
                cards: overview.listings.prefix(4).map(LibraryCard.init), empty: nil),
        ].filter { !$0.cards.isEmpty || $0.empty != nil }
    }
}

/// One piece: its media, its text and the person's place in it.
struct LibraryEntryPage: Sendable {
    let card: LibraryCard
    let kindLabel: String
    let kindHref: String
    let html: String
    let audio: String?
    let video: String?
    let transcript: Bool
    let finished: Bool
    let notice: String?

    init(_ listing: ContentService.Listing, notice: String?) {
        card = LibraryCard(listing)
        let entry = listing.entry
        kindLabel = t("library.category.\(entry.kind.rawValue)")
        kindHref = "\(LibraryPagesController.base)?kind=\(entry.kind.rawValue)"
        html = LessonMarkdown.html(entry.body)
        audio = entry.kind == .audio ? ContentLibrary.mediaURL(entry) : nil
        video = entry.kind == .video ? ContentLibrary.mediaURL(entry) : nil
        transcript = entry.media != nil
        finished = listing.item.progress == 100
        self.notice = notice
    }
}
