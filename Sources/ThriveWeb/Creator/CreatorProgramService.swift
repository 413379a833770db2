import Foundation
import ThriveCore
import ThriveStore

extension CreatorPrograms: PersonDocument {
    public static let documentKind = "creatorPrograms"
}

/// Programs a creator writes for their people: Markdown in the format of Thrive's own program
/// files, read on save (a mistake is refused with the line to mend) and offered, beside Thrive's
/// programs, to everyone in the creator's space and to the creator.
struct CreatorProgramService: Sendable {
    let store: Store
    let now: Now

    /// A creator's program as the studio lists it.
    struct Written: Sendable {
        let program: Program
        let text: String
    }

    func programs(_ creator: UserID) async throws -> [Written] {
        try await store.read { repositories in
            guard let space = try await CreatorService.space(creator, repositories), space.isOwn else {
                throw CreatorService.notCreator
            }
            let stored = try await repositories.records(of: creator).documents.get(CreatorPrograms.self) ?? CreatorPrograms()
            return stored.sources.compactMap { source in
                (try? ProgramText.program(id: source.id, text: source.text)).map { Written(program: $0, text: source.text) }
            }
        }
    }

    /// Saves a new program (`id` nil: its address comes from its title) or a new text of one, in
    /// one transaction; answers with the program as it reads.
    func save(_ creator: UserID, id: ProgramID?, text: String) async throws -> Program {
        let text = text.replacingOccurrences(of: "\r\n", with: "\n")
        guard text.count <= CreatorPrograms.maximumLength else {
            throw ValidationError.because("markdown", "creatorProgramTooLong")
        }
        let time = now()
        return try await store.write { repositories in
            guard let space = try await CreatorService.space(creator, repositories), space.isOwn else {
                throw CreatorService.notCreator
            }
            let documents = repositories.records(of: creator).documents
            var stored = try await documents.get(CreatorPrograms.self) ?? CreatorPrograms()
            let program: Program
            if let id {
                guard let index = stored.sources.firstIndex(where: { $0.id == id }) else { throw ProgramService.missing }
                program = try Self.read(id: id, text)
                stored.sources[index].text = text
            } else {
                guard stored.sources.count < CreatorPrograms.maximumCount else {
                    throw ValidationError.because("markdown", "creatorProgramsFull")
                }
                let provisional = try Self.read(id: ProgramID("program")!, text)
                let newID = stored.newID(title: provisional.title, taken: Set(ProgramLibrary.bundled.programs.map(\.id)))
                program = try Self.read(id: newID, text)
                stored.sources.append(.init(id: newID, text: text))
            }
            try await documents.save(stored, at: time)
            return program
        }
    }

    /// Takes a program out of the creator's library. People in it keep its habits and their history.
    func remove(_ creator: UserID, _ id: ProgramID) async throws {
        let time = now()
        try await store.write { repositories in
            guard let space = try await CreatorService.space(creator, repositories), space.isOwn else {
                throw CreatorService.notCreator
            }
            let documents = repositories.records(of: creator).documents
            var stored = try await documents.get(CreatorPrograms.self) ?? CreatorPrograms()
            guard stored.source(id) != nil else { throw ProgramService.missing }
            stored.sources.removeAll { $0.id == id }
            try await documents.save(stored, at: time)
        }
    }

    /// Thrive's programs and, for someone in a creator's space (or the creator), the creator's.
    static func library(for viewer: UserID, _ repositories: Repositories) async throws -> ProgramLibrary {
        guard let space = try await CreatorService.space(viewer, repositories),
            let stored = try await repositories.records(of: space.creator).documents.get(CreatorPrograms.self),
            !stored.sources.isEmpty
        else { return .bundled }
        let written = stored.sources.compactMap { try? ProgramText.program(id: $0.id, text: $0.text) }
        return ProgramLibrary(ProgramLibrary.bundled.programs + written)
    }

    /// The program a text describes, or the first line that does not read, in words a creator acts on.
    private static func read(id: ProgramID, _ text: String) throws -> Program {
        do {
            return try ProgramText.program(id: id, text: text)
        } catch {
            throw AppError(
                status: .unprocessableContent, code: "invalid_input",
                message: t("creatorProgram.error.line", ["line": String(error.line), "reason": error.reason]), field: "markdown")
        }
    }
}
