import Foundation
import ThriveCore
import ThriveStore

/// The person document a creator's texts of one kind are kept in (public, as the store's document
/// protocol asks).
public protocol CreatorWritingsKind {
    static var writingsKind: String { get }
}

/// Something a creator writes in Markdown for their space, in the format of Thrive's own files:
/// a program, or a library piece.
protocol CreatorWritable: CreatorWritingsKind, Sendable {
    /// Thrive's own, whose addresses a creator's may not take.
    static var bundledIDs: Set<Slug<Self>> { get }
    /// Reads a text, or throws the first line that does not read (``TextFileProblem``) or a rule a
    /// creator's text has beyond Thrive's files (``ValidationError``).
    static func read(id: Slug<Self>, text: String) throws -> Self
    var id: Slug<Self> { get }
    var title: String { get }
}

extension CreatorWritings: PersonDocument where Entity: CreatorWritingsKind {
    public static var documentKind: String { Entity.writingsKind }
}

/// A creator's programs or pieces: read on save (a mistake is refused with the line to mend) and
/// offered, beside Thrive's, to everyone in the creator's space and to the creator.
struct CreatorWritingService<Entity: CreatorWritable>: Sendable {
    let store: Store
    let now: Now

    /// One of the creator's, as the studio lists it.
    struct Written: Sendable {
        let entity: Entity
        let text: String

        var id: Slug<Entity> { entity.id }
    }

    func written(_ creator: UserID) async throws -> [Written] {
        try await store.read { repositories in
            try await Self.requireCreator(creator, repositories)
            let stored = try await repositories.records(of: creator).documents.get(CreatorWritings<Entity>.self)
            return (stored?.sources ?? []).compactMap { source in
                (try? Entity.read(id: source.id, text: source.text)).map { Written(entity: $0, text: source.text) }
            }
        }
    }

    /// Saves a new one (`id` nil: its address comes from its title) or a new text of one, in one
    /// transaction; answers with its address.
    func save(_ creator: UserID, id: Slug<Entity>?, text: String) async throws -> Slug<Entity> {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard text.count <= CreatorWritings<Entity>.maximumLength else {
            throw ValidationError.because("markdown", "creatorTextTooLong")
        }
        let time = now()
        return try await store.write { repositories in
            try await Self.requireCreator(creator, repositories)
            let documents = repositories.records(of: creator).documents
            var stored = try await documents.get(CreatorWritings<Entity>.self) ?? CreatorWritings()
            let saved: Slug<Entity>
            if let id {
                guard let index = stored.sources.firstIndex(where: { $0.id == id }) else { throw Self.missing }
                _ = try Self.read(id: id, text)
                stored.sources[index].text = text
                saved = id
            } else {
                guard stored.sources.count < CreatorWritings<Entity>.maximumCount else {
                    throw ValidationError.because("markdown", "creatorTextsFull")
                }
                let title = try Self.read(id: Slug("untitled")!, text).title
                saved = stored.newID(title: title, taken: Entity.bundledIDs)
                stored.sources.append(.init(id: saved, text: text))
            }
            try await documents.save(stored, at: time)
            return saved
        }
    }

    /// Takes one out of the creator's space. People keep what they did with it (habits, history).
    func remove(_ creator: UserID, _ id: Slug<Entity>) async throws {
        let time = now()
        try await store.write { repositories in
            try await Self.requireCreator(creator, repositories)
            let documents = repositories.records(of: creator).documents
            var stored = try await documents.get(CreatorWritings<Entity>.self) ?? CreatorWritings()
            guard stored.source(id) != nil else { throw Self.missing }
            stored.sources.removeAll { $0.id == id }
            try await documents.save(stored, at: time)
        }
    }

    /// What the creator of the viewer's space (or the viewer, a creator) wrote, read in the caller's session.
    static func writings(for viewer: UserID, _ repositories: Repositories) async throws -> [Entity] {
        guard let space = try await CreatorService.space(viewer, repositories),
            let stored = try await repositories.records(of: space.creator).documents.get(CreatorWritings<Entity>.self)
        else { return [] }
        return stored.sources.compactMap { try? Entity.read(id: $0.id, text: $0.text) }
    }

    private static func requireCreator(_ creator: UserID, _ repositories: Repositories) async throws {
        guard let space = try await CreatorService.space(creator, repositories), space.isOwn else {
            throw CreatorService.notCreator
        }
    }

    static var missing: AppError { AppError.notFound(t("creatorWriting.notFound")) }

    /// The text read, or the first line that does not, in words a creator acts on.
    private static func read(id: Slug<Entity>, _ text: String) throws -> Entity {
        do {
            return try Entity.read(id: id, text: text)
        } catch let problem as TextFileProblem {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input",
                message: t("creatorWriting.error.line", ["line": String(problem.line), "reason": problem.reason]),
                field: "markdown")
        }
    }
}

extension Program: CreatorWritable {
    public static var writingsKind: String { "creatorPrograms" }
    static var bundledIDs: Set<ProgramID> { Set(ProgramLibrary.bundled.programs.map(\.id)) }
    static func read(id: ProgramID, text: String) throws -> Program { try ProgramText.program(id: id, text: text) }
}

extension ContentEntry: CreatorWritable {
    public static var writingsKind: String { "creatorPieces" }
    static var bundledIDs: Set<ContentID> { Set(ContentLibrary.bundled.entries.map(\.id)) }

    /// A creator writes articles and worksheets: audio and video need files only Thrive ships.
    static func read(id: ContentID, text: String) throws -> ContentEntry {
        let kind = try FrontMatter(file: id.rawValue, text: text, expecting: "title, kind, topic, minutes, added and summary")
            .fields["kind"].flatMap(ContentEntry.Kind.init)
        guard kind != .audio && kind != .video else { throw ValidationError.because("markdown", "creatorPieceKind") }
        return try ContentText.entry(id: id, text: text)
    }
}

extension ProgramLibrary {
    /// Thrive's programs and, for someone in a creator's space (or the creator), the creator's.
    static func open(to viewer: UserID, _ repositories: Repositories) async throws -> ProgramLibrary {
        let written = try await CreatorWritingService<Program>.writings(for: viewer, repositories)
        return written.isEmpty ? .bundled : ProgramLibrary(bundled.programs + written)
    }
}

extension ContentLibrary {
    /// Thrive's pieces and, for someone in a creator's space (or the creator), the creator's.
    static func open(to viewer: UserID, _ repositories: Repositories) async throws -> ContentLibrary {
        let written = try await CreatorWritingService<ContentEntry>.writings(for: viewer, repositories)
        return written.isEmpty ? .bundled : ContentLibrary(bundled.entries + written)
    }
}
