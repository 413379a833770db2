import Foundation
import ThriveCore

/// A library piece as the API shows it, with the person's place in it.
struct ContentEntryBody: Codable, Sendable {
    let id: String
    let title: String
    let kind: ContentEntry.Kind
    let topic: ContentTopic
    let minutes: Int
    let added: String
    let summary: String
    /// The audio or video file, for those kinds.
    let mediaUrl: String?
    let bookmarked: Bool
    let progress: Int
    let lastViewed: Date?
    /// The piece itself as Markdown, in a single piece's answer.
    let markdown: String?

    init(_ listing: ContentService.Listing, full: Bool = false) {
        let entry = listing.entry
        id = entry.id.rawValue
        title = entry.title
        kind = entry.kind
        topic = entry.topic
        minutes = entry.minutes
        added = entry.added.iso8601
        summary = entry.summary
        mediaUrl = ContentLibrary.mediaURL(entry)
        bookmarked = listing.item.bookmarked
        progress = listing.item.progress
        lastViewed = listing.item.lastViewed
        markdown = full ? entry.body : nil
    }
}

/// `GET /api/v1/content`: the pieces (newest first, or best match first for `q`) and how many of
/// each kind the library holds.
struct ContentListBody: Codable, Sendable {
    let entries: [ContentEntryBody]
    let counts: [String: Int]
    let recentlyViewed: [String]
    let bookmarks: [String]
}

struct ContentBookmarkRequest: Codable, Sendable {
    let bookmarked: Bool
}

struct ContentProgressRequest: Codable, Sendable {
    let percent: Int
}
