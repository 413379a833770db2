import Foundation

public typealias ContentID = Slug<ContentEntry>

/// A piece of the library: an article, a video, an audio session or a worksheet, written as a
/// Markdown file in the repository (the spoken words of audio and video are its body, so every
/// piece can be read too).
public struct ContentEntry: Hashable, Sendable, Identifiable {
    public enum Kind: String, Hashable, Sendable, Codable, CaseIterable {
        case article, video, audio, worksheet
    }

    public let id: ContentID
    public let title: String
    public let kind: Kind
    public let topic: ContentTopic
    /// Reading, watching or listening time.
    public let minutes: Int
    public let added: LocalDate
    public let summary: String
    /// The audio or video file's name, for those kinds.
    public let media: String?
    public let body: String
    /// The language its words are written in, when known (Thrive's own pieces are English).
    public var language: Language?

    public init(
        id: ContentID, title: String, kind: Kind, topic: ContentTopic, minutes: Int, added: LocalDate, summary: String,
        media: String?, body: String
    ) {
        self.id = id
        self.title = title
        self.kind = kind
        self.topic = topic
        self.minutes = minutes
        self.added = added
        self.summary = summary
        self.media = media
        self.body = body
    }
}

/// Reads a library piece from its Markdown file:
///
///     ---
///     title: The science of habit formation
///     kind: article
///     topic: growth
///     minutes: 6
///     added: 2026-11-01
///     summary: Why a cue, a routine and a reward make habits stick.
///     media: box-breathing.webm      (audio and video only)
///     ---
///     The piece, in Markdown …
public enum ContentText {
    public static func entry(id: ContentID, text: String) throws(TextFileProblem) -> ContentEntry {
        let front = try FrontMatter(file: id.rawValue, text: text, expecting: "title, kind, topic, minutes, added and summary")
        guard let kind = ContentEntry.Kind(rawValue: try front.field("kind")) else {
            throw front.problem(0, "kind is one of \(ContentEntry.Kind.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let topic = ContentTopic(rawValue: try front.field("topic")) else {
            throw front.problem(0, "topic is one of \(ContentTopic.allCases.map(\.rawValue).joined(separator: ", "))")
        }
        guard let minutes = Int(try front.field("minutes")), (1...180).contains(minutes) else {
            throw front.problem(0, "minutes is a whole number from 1 to 180")
        }
        guard let added = LocalDate(iso8601: try front.field("added")) else {
            throw front.problem(0, "added is a date like 2026-11-01")
        }
        let media = front.fields["media"].flatMap { $0.isEmpty ? nil : $0 }
        if kind == .audio || kind == .video {
            guard let media, !media.contains("/"), media.contains(".") else {
                throw front.problem(0, "an \(kind.rawValue) piece names its media file (media: name.ext)")
            }
        }
        guard !front.body.isEmpty else { throw front.problem(front.close, "the piece has no text") }
        return ContentEntry(
            id: id, title: try front.field("title"), kind: kind, topic: topic, minutes: minutes, added: added,
            summary: try front.field("summary"), media: kind == .audio || kind == .video ? media : nil, body: front.body)
    }
}
