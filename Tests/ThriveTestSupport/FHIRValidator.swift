import Foundation

/// The third-party reference for FHIR: PyPI's `fhir.resources` (its R4B models, the release whose
/// Bundle, Patient and Observation are R4's) reads a file as a Bundle and refuses any element of
/// the wrong type, a malformed date or an unknown field. Run in the tests' Python.
public enum FHIRValidator {
    public struct Problem: Error, CustomStringConvertible {
        public let description: String
    }

    /// Validates the Bundle in `file`; returns how many entries of each resource type it holds.
    public static func validateBundle(_ file: URL) throws -> [String: Int] {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()
        let python =
            ProcessInfo.processInfo.environment["THRIVE_TEST_PYTHON"]
            ?? root.appendingPathComponent(".build/python/bin/python").path
        guard FileManager.default.isExecutableFile(atPath: python) else {
            throw Problem(description: "No Python with fhir.resources at \(python): run scripts/test once.")
        }
        let script = """
            import collections, json, sys
            from fhir.resources.R4B.bundle import Bundle
            bundle = Bundle.model_validate_json(open(sys.argv[1], "rb").read())
            print(json.dumps(collections.Counter(type(e.resource).__name__ for e in bundle.entry or [])))
            """
        let process = Process()
        process.executableURL = URL(fileURLWithPath: python)
        process.arguments = ["-c", script, file.path]
        let output = Pipe()
        // Errors to a file, not a second pipe: a long complaint must not block the process while
        // its output is read.
        let errorFile = FileManager.default.temporaryDirectory.appendingPathComponent("fhir-\(UUID().uuidString).err")
        _ = FileManager.default.createFile(atPath: errorFile.path, contents: nil)
        defer { try? FileManager.default.removeItem(at: errorFile) }
        process.standardOutput = output
        process.standardError = try FileHandle(forWritingTo: errorFile)
        try process.run()
        let printed = output.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        guard process.terminationStatus == 0 else {
            let complaint = (try? Data(contentsOf: errorFile)) ?? Data()
            throw Problem(description: String(decoding: complaint.suffix(4_000), as: UTF8.self))
        }
        return try JSONDecoder().decode([String: Int].self, from: printed)
    }
}
