import Foundation
import ThriveCore

/// The programs Thrive ships, read once from the Markdown files in Resources/programs. A file that
/// does not read is a mistake in the repository, so it stops the server at start with the line to
/// mend (and the program tests catch it first).
struct ProgramLibrary: Sendable {
    let programs: [Program]

    init(_ programs: [Program]) {
        self.programs = programs.sorted { $0.title < $1.title }
    }

    static let bundled: ProgramLibrary = {
        do { return try load() } catch { fatalError("A program file does not read: \(error)") }
    }()

    static func load() throws -> ProgramLibrary {
        guard let folder = Bundle.module.url(forResource: "programs", withExtension: nil) else {
            throw ProgramText.Problem(file: "programs", line: 0, reason: "the programs folder is not in the bundle")
        }
        let files = try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { $0.pathExtension == "md" }
        return ProgramLibrary(
            try files.map { file in
                let name = file.deletingPathExtension().lastPathComponent
                guard let id = ProgramID(name) else {
                    throw ProgramText.Problem(file: name, line: 0, reason: "a file name is lowercase words and hyphens")
                }
                var program = try ProgramText.program(id: id, text: try String(contentsOf: file, encoding: .utf8))
                program.language = .en
                return program
            })
    }

    func program(_ id: ProgramID) -> Program? {
        programs.first { $0.id == id }
    }

    /// Programs for a coaching goal, for onboarding and the library's first shelf.
    func suggested(for goal: CoachingGoal) -> [Program] {
        programs.filter { $0.goal == goal }
    }
}
